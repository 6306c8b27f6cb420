import Foundation
import StripsFiles

/// What a page's text is kept under: the file's identity, the page's recipe and the languages.
///
/// The file is identified by its absolute path, size and modification time (to the nanosecond),
/// read with one stat: what the freedesktop thumbnail cache trusts too. A hash of the contents would
/// survive a rename, but costs a read of the whole file (a 200-page PDF, a 1 GB TIFF) every time a
/// document opens; an edited file changes its size or time and is read again, a renamed one is
/// recognised again, which is only slower.
public struct TextCacheKey: Hashable, Sendable {
    public var path: String
    public var size: Int
    public var modifiedSeconds: Int
    public var modifiedNanoseconds: Int
    /// The caller's fingerprint of the page's recipe: which page of the file and every correction
    /// that changes its pixels (crop, straighten, look), as a string that changes when they do.
    public var recipe: String
    /// Tesseract's languages (`eng+deu`), or `pdf` for a PDF's own text.
    public var languages: String

    /// The key for a file as it is now; nil when it cannot be read (missing, not a file).
    public init?(path: String, recipe: String, languages: String) {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var info = stat()
        guard stat(absolute, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        self.path = (absolute as NSString).standardizingPath
        size = Int(info.st_size)
        modifiedSeconds = Int(info.st_mtim.tv_sec)
        modifiedNanoseconds = Int(info.st_mtim.tv_nsec)
        self.recipe = recipe
        self.languages = languages
    }

    /// Everything in one string: stored in the entry, compared on reading.
    var text: String {
        "strips-text 1\n\(path)\n\(size)\n\(modifiedSeconds).\(modifiedNanoseconds)\n\(recipe)\n\(languages)"
    }

    /// The entry's file name: 64-bit FNV-1a of the key, in hex. A collision only costs a miss:
    /// the entry holds its whole key.
    var fileName: String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return String(format: "%016llx", hash)
    }
}

/// Recognised text kept between runs, so a document opened again is not read again: one small
/// file per page under `$XDG_CACHE_HOME/strips/text` (default `~/.cache/strips/text`), each
/// the key and the page text as JSON, written whole (a temporary file beside, flushed,
/// linked into place) and private (0600). A damaged or foreign entry is a miss and is replaced.
public struct TextCache: Sendable {
    public let folder: String

    public init(folder: String) { self.folder = folder }

    /// The standard cache folder, from the environment; nil without a home.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> TextCache? {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return TextCache(folder: cache + "/strips/text") }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return TextCache(folder: home + "/.cache/strips/text")
    }

    static let magic = Array("strips-text 2\n".utf8)

    private func path(for key: TextCacheKey) -> String {
        let name = key.fileName
        return "\(folder)/\(name.prefix(2))/\(name)"
    }

    /// Entries larger than this are not ones Strips wrote (a dense page of 5,000 words is about 250 KB).
    static let maxEntryBytes = 8 << 20

    /// The page text kept for `key`, or nil (never kept, damaged, too large, or kept for another
    /// key). Only a regular file is read, and only up to `maxEntryBytes`.
    public func text(for key: TextCacheKey) -> PageText? {
        let path = path(for: key)
        let bytes: [UInt8]
        switch FileBytes.read(path, limit: Self.maxEntryBytes) {
        case .success(let read): bytes = read
        case .failure(let failure):
            // Too large to be ours: read again, and written over.
            if failure == .tooLarge { unlink(path) }
            return nil
        }
        guard let entry = Self.decode(bytes), entry.key == key.text, let page = entry.page else {
            // Damaged, or a key that shares the name: it will be written over.
            unlink(path)
            return nil
        }
        return page
    }

    /// Keeps `text` for `key`; false when it could not be written (the cache is a convenience:
    /// a full disk only means reading again next time).
    @discardableResult
    public func store(_ text: PageText, for key: TextCacheKey) -> Bool {
        let path = path(for: key)
        let directory = (path as NSString).deletingLastPathComponent
        guard (try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])) != nil,
              let bytes = Self.encode(Entry(key: key.text, page: text)) else { return false }
        // A key sharing the name, or the same entry written meanwhile: ours is as good, so it replaces it.
        return WholeFile.write(bytes, to: path, mode: 0o600, placing: .replacing, durable: false) == nil
    }

    /// An entry: the key and the page in columns (a word is its text, four box numbers, a
    /// confidence and a line), plain JSON (about 20 KB for a page of 500 words). Not compressed:
    /// a damaged entry must fail to parse, never make a decoder loop.
    struct Entry: Codable, Equatable {
        var key: String
        var words: [String]
        var boxes: [Double]
        var confidences: [Double]
        var wordLines: [Int]
        var lineBoxes: [Double]
        var lineWords: [Int]
        /// Four numbers a line; all four -1 for a line without a baseline.
        var baselines: [Double]
        var text: String
        var width: Double
        var height: Double
        /// The languages recognised in, or nil for a PDF's own text.
        var languages: String?
        /// `PageText.quarterTurns` and `orientation` (absent: 0 and none).
        var quarterTurns: Int?
        var orientation: PageOrientation?

        init(key: String, page: PageText) {
            self.key = key
            words = page.words.map(\.text)
            boxes = page.words.flatMap { [$0.box.x, $0.box.y, $0.box.width, $0.box.height] }
            confidences = page.words.map(\.confidence)
            wordLines = page.words.map(\.line)
            lineBoxes = page.lines.flatMap { [$0.box.x, $0.box.y, $0.box.width, $0.box.height] }
            lineWords = page.lines.flatMap { [$0.firstWord, $0.endWord] }
            baselines = page.lines.flatMap { line in line.baseline.map { [$0.x1, $0.y1, $0.x2, $0.y2] } ?? [-1, -1, -1, -1] }
            text = page.text
            width = page.width
            height = page.height
            if case .recognised(let languages) = page.origin { self.languages = languages }
            quarterTurns = page.quarterTurns == 0 ? nil : page.quarterTurns
            orientation = page.orientation
        }

        /// The largest page side an entry may give, in its pixels (a 1200 dpi A0 scan is 40,000).
        static let maxSide = 100_000.0

        /// The page, or nil when the columns do not fit together or a number is out of place (a
        /// damaged or foreign entry: not finite, a page side out of range, a box off its page).
        var page: PageText? {
            let n = words.count, m = lineWords.count / 2
            guard boxes.count == 4 * n, confidences.count == n, wordLines.count == n, lineWords.count == 2 * m,
                  lineBoxes.count == 4 * m, baselines.count == 4 * m, wordLines.allSatisfy({ (0..<max(1, m)).contains($0) }) else { return nil }
            guard width.isFinite, height.isFinite, width > 0, height > 0, width <= Self.maxSide, height <= Self.maxSide,
                  confidences.allSatisfy({ $0.isFinite }), Self.onPage(boxes, width: width, height: height),
                  Self.onPage(lineBoxes, width: width, height: height),
                  baselines.allSatisfy({ $0.isFinite && $0 >= -Self.maxSide && $0 <= 2 * Self.maxSide }) else { return nil }
            func box(_ numbers: [Double], _ i: Int) -> TextBox {
                TextBox(x: numbers[4 * i], y: numbers[4 * i + 1], width: numbers[4 * i + 2], height: numbers[4 * i + 3])
            }
            let pageWords = (0..<n).map { TextWord(text: words[$0], box: box(boxes, $0), confidence: confidences[$0], line: wordLines[$0]) }
            var lines: [TextLine] = []
            for i in 0..<m {
                let first = lineWords[2 * i], end = lineWords[2 * i + 1]
                guard first >= 0, first <= end, end <= n else { return nil }
                let b = Array(baselines[(4 * i)..<(4 * i + 4)])
                let baseline = b == [-1, -1, -1, -1] ? nil : TextLine.Baseline(x1: b[0], y1: b[1], x2: b[2], y2: b[3])
                lines.append(TextLine(box: box(lineBoxes, i), firstWord: first, endWord: end, baseline: baseline))
            }
            var page = PageText(words: pageWords, lines: lines, text: text, width: width, height: height,
                                origin: languages.map { .recognised(languages: $0) } ?? .pdf)
            page.quarterTurns = ((quarterTurns ?? 0) % 4 + 4) % 4
            page.orientation = orientation
            return page
        }

        /// Boxes (x, y, width, height in fours) on a page of `width` x `height`: finite, not
        /// negative in size, within the page but for a page's slack on each side.
        static func onPage(_ numbers: [Double], width: Double, height: Double) -> Bool {
            stride(from: 0, to: numbers.count - 3, by: 4).allSatisfy { i in
                let (x, y, w, h) = (numbers[i], numbers[i + 1], numbers[i + 2], numbers[i + 3])
                return [x, y, w, h].allSatisfy(\.isFinite) && w >= 0 && h >= 0
                    && x >= -width && y >= -height && x + w <= 2 * width && y + h <= 2 * height
            }
        }
    }

    static func encode(_ entry: Entry) -> [UInt8]? {
        guard entry.page != nil else { return nil }
        return (try? JSONEncoder().encode(entry)).map { magic + [UInt8]($0) }
    }

    static func decode(_ bytes: [UInt8]) -> Entry? {
        guard bytes.count > magic.count, Array(bytes.prefix(magic.count)) == magic else { return nil }
        return try? JSONDecoder().decode(Entry.self, from: Data(bytes.dropFirst(magic.count)))
    }
}
