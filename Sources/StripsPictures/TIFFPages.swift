import CTIFF

/// The pages of a TIFF through libtiff: every full-resolution image directory is a page (reduced
/// copies, the thumbnails some scanners add, are not), each with its own size and orientation,
/// each decoded from its own directory.
public enum TIFFPages {
    /// A page: the directory it is in and what its tags say.
    public struct Page: Hashable, Sendable {
        public var directory: Int
        public var info: ImageInfo
    }

    /// No real document has more; a damaged file's directory chain stops here.
    static let maxPages = 10_000

    /// The file's pages in order, or why it has none.
    public static func pages(of path: String) -> Result<[Page], ImageFailure> {
        TIFFFile.open(path).flatMap(pages(in:))
    }

    static func pages(in file: TIFFFile) -> Result<[Page], ImageFailure> {
        var pages: [Page] = []
        var directory = 0
        repeat {
            let subfile = file.field(TIFFTAG_SUBFILETYPE, as: UInt32.self) ?? 0
            if subfile & UInt32(FILETYPE_REDUCEDIMAGE) == 0, let info = info(of: file) {
                pages.append(Page(directory: directory, info: info))
            }
            directory += 1
        } while directory < maxPages && TIFFReadDirectory(file.tiff) == 1
        if pages.isEmpty {
            return .failure(ImageFailure(file.lastError.map { "corrupt TIFF: \($0)" } ?? "corrupt TIFF: no image size"))
        }
        return .success(pages)
    }

    /// The current directory's size and orientation (TIFF numbers orientations as EXIF does).
    static func info(of file: TIFFFile) -> ImageInfo? {
        guard let width = file.field(TIFFTAG_IMAGEWIDTH, as: UInt32.self), let height = file.field(TIFFTAG_IMAGELENGTH, as: UInt32.self)
        else { return nil }
        let orientation = file.field(TIFFTAG_ORIENTATION, as: UInt16.self).flatMap { Orientation(rawValue: Int($0)) } ?? .up
        return ImageInfo(format: .tiff, width: Int(width), height: Int(height), orientation: orientation)
    }

    /// Page `index` (from 0) of the file at `path`, upright, fitted into `limit`.
    public static func decode(_ path: String, page index: Int, limit: PixelLimit) -> Result<PixelBuffer, ImageFailure> {
        TIFFFile.open(path).flatMap { decode($0, page: index, limit: limit) }
    }

    /// Page `index` of the file at `path` whole, in its stored orientation (saving).
    public static func decodeStored(_ path: String, page index: Int) -> Result<PixelBuffer, ImageFailure> {
        TIFFFile.open(path).flatMap { file in
            directory(file, page: index).flatMap { stored(file, info: $0.info) }
        }
    }

    /// The first page of a TIFF in memory, stored orientation, whole (the fuzz targets' way in).
    static func decodeFirst(_ bytes: [UInt8]) -> Result<PixelBuffer, ImageFailure> {
        TIFFFile.open(bytes: bytes).flatMap { file in
            guard let info = info(of: file) else { return .failure(ImageFailure("corrupt TIFF: no image size")) }
            return stored(file, info: info)
        }
    }

    static func decode(_ file: TIFFFile, page index: Int, limit: PixelLimit) -> Result<PixelBuffer, ImageFailure> {
        directory(file, page: index).flatMap { page in
            stored(file, info: page.info).map { $0.oriented(page.info.orientation).fitted(into: limit) }
        }
    }

    /// Makes page `index`'s directory the current one.
    static func directory(_ file: TIFFFile, page index: Int) -> Result<Page, ImageFailure> {
        let pages: [Page]
        switch self.pages(in: file) {
        case .failure(let failure): return .failure(failure)
        case .success(let found): pages = found
        }
        guard pages.indices.contains(index) else { return .failure(ImageFailure("no page \(index + 1) (the file has \(pages.count))")) }
        let page = pages[index]
        guard TIFFSetDirectory(file.tiff, UInt32(page.directory)) == 1 else {
            return .failure(ImageFailure("corrupt TIFF: page \(index + 1) cannot be read", shape: page.info.displaySize))
        }
        return .success(page)
    }

    /// The current directory's pixels in their stored order, as B, G, R, A.
    private static func stored(_ file: TIFFFile, info: ImageInfo) -> Result<PixelBuffer, ImageFailure> {
        if let problem = info.sizeProblem { return .failure(ImageFailure(problem, shape: info.displaySize)) }
        var image = TIFFRGBAImage()
        var message = [CChar](repeating: 0, count: 1024)
        guard TIFFRGBAImageOK(file.tiff, &message) == 1, TIFFRGBAImageBegin(&image, file.tiff, 1, &message) == 1 else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .failure(ImageFailure("cannot decode this TIFF: \(text.isEmpty ? file.lastError ?? "unsupported" : text)", shape: info.displaySize))
        }
        defer { TIFFRGBAImageEnd(&image) }
        // Rows as stored: the orientation is ours to apply (libtiff only flips, it never turns).
        image.orientation = UInt16(ORIENTATION_TOPLEFT)
        image.req_orientation = UInt16(ORIENTATION_TOPLEFT)
        let w = info.width, h = info.height
        var bytes = [UInt8](repeating: 0, count: w * h * 4)
        let ok = bytes.withUnsafeMutableBytes { raster in
            TIFFRGBAImageGet(&image, raster.baseAddress?.assumingMemoryBound(to: UInt32.self), UInt32(w), UInt32(h)) == 1
        }
        guard ok else {
            let reason = file.lastError.map { $0.contains("Read error") || $0.contains("EOF") ? "the file is truncated" : "corrupt TIFF: \($0)" }
            return .failure(ImageFailure(reason ?? "corrupt TIFF: the pixels cannot be read", shape: info.displaySize))
        }
        // libtiff's ABGR words are R, G, B, A bytes on a little-endian machine.
        PixelBuffer.swapRedAndBlue(&bytes)
        guard let pixels = PixelBuffer(width: w, height: h, format: .bgra, bytes: bytes) else {
            return .failure(ImageFailure("unexpected pixel layout", shape: info.displaySize))
        }
        return .success(pixels)
    }
}
