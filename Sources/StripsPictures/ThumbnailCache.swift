import Foundation
import StripsCore
import StripsFiles

/// The shared freedesktop thumbnail cache (Thumbnail Managing Standard 0.9): entries other
/// programs wrote are used as they are, entries Strips decoded are written for them.
///
/// Stateless apart from the root folder, so every method is safe on any thread at once: reads
/// never see half a file (writers rename complete files into place) and each write has its own
/// temporary file.
public struct ThumbnailCache: Sendable {
    /// The standard's sizes: the largest side of an entry in each folder.
    public enum Size: Int, CaseIterable, Sendable {
        case normal = 128, large = 256, xLarge = 512, xxLarge = 1024

        public var folder: String {
            switch self {
            case .normal: "normal"
            case .large: "large"
            case .xLarge: "x-large"
            case .xxLarge: "xx-large"
            }
        }
    }

    /// What a cache entry must agree with to be valid for the file.
    public struct Stamp: Equatable, Sendable {
        public var mtime: Int
        public var size: Int

        /// The file's modification time (whole seconds) and size; nil when it cannot be read,
        /// and then the standard says neither to read nor to write its thumbnails.
        public init?(path: String) {
            var info = stat()
            guard access(path, R_OK) == 0, stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
            mtime = Int(info.st_mtim.tv_sec)
            size = Int(info.st_size)
        }

        public init(mtime: Int, size: Int) {
            self.mtime = mtime
            self.size = size
        }
    }

    /// The `thumbnails` folder itself.
    public let root: String

    public init(root: String) {
        self.root = FileURI.canonicalPath(root)
    }

    /// `$XDG_CACHE_HOME/thumbnails` (an unset, empty or relative value means `~/.cache`).
    public static func defaultRoot(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/thumbnails" }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + "/.cache/thumbnails"
    }

    /// Where the entry for `path` lives in the folder of `size`.
    public func entryPath(for path: String, size: Size) -> String {
        "\(root)/\(size.folder)/\(MD5.hex(FileURI.of(path: path))).png"
    }

    /// Where Strips records that it could not make a thumbnail of `path`.
    public func failurePath(for path: String) -> String {
        "\(root)/fail/strips-\(AppVersion.string)/\(MD5.hex(FileURI.of(path: path))).png"
    }

    /// Files in the cache are thumbnails themselves: the standard forbids thumbnailing them.
    public func contains(_ path: String) -> Bool {
        let canonical = FileURI.canonicalPath(path)
        if canonical.hasPrefix(root + "/") { return true }
        // Through a symbolic link the same file has another name.
        guard let real = realpath(canonical, nil) else { return false }
        defer { free(real) }
        let resolvedRoot = realpath(root, nil)
        defer { free(resolvedRoot) }
        let realPath = String(cString: real)
        return realPath.hasPrefix(root + "/") || resolvedRoot.map { realPath.hasPrefix(String(cString: $0) + "/") } == true
    }

    /// A valid entry covering `wantedPixels` (the larger side), smallest first; with
    /// `acceptSmaller`, otherwise the largest smaller one, for a first picture while decoding.
    public func lookup(path: String, wantedPixels: Int, acceptSmaller: Bool = false) -> PixelBuffer? {
        guard let stamp = Stamp(path: path), !contains(path) else { return nil }
        let uri = FileURI.of(path: path)
        let covering = Size.allCases.filter { $0.rawValue >= wantedPixels }
        let smaller = acceptSmaller ? Size.allCases.filter { $0.rawValue < wantedPixels }.reversed() : []
        for size in covering + smaller {
            if let picture = readEntry(entryPath(for: path, size: size), uri: uri, stamp: stamp) { return picture }
        }
        return nil
    }

    /// Writes the `large` entry for `path` from a decoded, upright picture (shrunk to 256 px). `imageWidth` x `imageHeight` is the original picture's size.
    /// `stamp` is the file's before it was decoded: when the file has changed since, nothing is
    /// written. Smaller decodes are refused unless they are the whole picture: a `large` entry
    /// must be 256 px on its longer side. True when the entry was written.
    @discardableResult
    public func store(path: String, picture: PixelBuffer, imageWidth: Int, imageHeight: Int, stamp: Stamp? = nil) -> Bool {
        guard let now = Stamp(path: path), stamp == nil || stamp == now, !contains(path) else { return false }
        let side = max(picture.width, picture.height), large = Size.large.rawValue
        guard side >= large || side >= max(imageWidth, imageHeight) else { return false }
        let small = picture.fitted(into: PixelLimit(width: Int32(large), height: Int32(large)))
        let texts = [
            (key: "Thumb::URI", value: FileURI.of(path: path)),
            ("Thumb::MTime", String(now.mtime)),
            ("Thumb::Size", String(now.size)),
            ("Thumb::Image::Width", String(imageWidth)),
            ("Thumb::Image::Height", String(imageHeight)),
            ("Software", AppVersion.software),
        ]
        return write(ThumbnailPNG.encode(small, texts: texts), to: entryPath(for: path, size: .large))
    }

    /// Records that `path` could not be thumbnailed (a 1 x 1 entry under `fail/strips-VERSION/`),
    /// so this version need not try again until the file changes. `reason`, kept as
    /// `Strips::Reason`, lets the next open show the error card without decoding again.
    @discardableResult
    public func recordFailure(path: String, reason: String? = nil) -> Bool {
        guard let now = Stamp(path: path), !contains(path) else { return false }
        let pixel = PixelBuffer(width: 1, height: 1, format: .bgra)
        var texts = [
            (key: "Thumb::URI", value: FileURI.of(path: path)),
            ("Thumb::MTime", String(now.mtime)),
            ("Thumb::Size", String(now.size)),
            ("Software", AppVersion.software),
        ]
        // tEXt is Latin-1: the reason is kept as ASCII.
        if let reason, !reason.isEmpty {
            texts.append(("Strips::Reason", String(String.UnicodeScalarView(reason.unicodeScalars.filter(\.isASCII).prefix(300)))))
        }
        return write(ThumbnailPNG.encode(pixel, texts: texts), to: failurePath(for: path))
    }

    /// True when this version recorded a failure for the file as it is now.
    public func hasFailure(path: String) -> Bool { failureReason(path: path) != nil }

    /// The reason recorded with this version's failure for the file as it is now ("" when none
    /// was given), or nil when no valid failure is recorded.
    public func failureReason(path: String) -> String? {
        guard let stamp = Stamp(path: path), case .success(let bytes) = FileReader.contents(of: failurePath(for: path)),
              let texts = ThumbnailPNG.texts(bytes), Self.isValid(texts, uri: FileURI.of(path: path), stamp: stamp) else { return nil }
        return texts["Strips::Reason"] ?? ""
    }

    /// The standard's validity test: the URI and modification time match, and the size when given.
    static func isValid(_ texts: [String: String], uri: String, stamp: Stamp) -> Bool {
        guard texts["Thumb::URI"] == uri, let mtime = texts["Thumb::MTime"].flatMap({ Int($0) }), mtime == stamp.mtime else { return false }
        if let size = texts["Thumb::Size"] { return Int(size) == stamp.size }
        return true
    }

    private func readEntry(_ entry: String, uri: String, stamp: Stamp) -> PixelBuffer? {
        guard case .success(let bytes) = FileReader.contents(of: entry), bytes.count <= 16 << 20 else { return nil }
        // Most invalid entries are told by their text alone, before any pixel is decoded.
        if let early = ThumbnailPNG.texts(bytes), early["Thumb::URI"] != nil, early["Thumb::MTime"] != nil,
           !Self.isValid(early, uri: uri, stamp: stamp) { return nil }
        guard let (picture, texts) = ThumbnailPNG.read(bytes), Self.isValid(texts, uri: uri, stamp: stamp) else { return nil }
        return picture
    }

    private func write(_ png: [UInt8]?, to entry: String) -> Bool {
        guard let png, WholeFile.makeFolders((entry as NSString).deletingLastPathComponent) else { return false }
        // A cache entry replaces its old copy and needs no fsync: one lost in a crash is made again.
        return WholeFile.write(png, to: entry, mode: 0o600, placing: .replacing, durable: false) == nil
    }
}
