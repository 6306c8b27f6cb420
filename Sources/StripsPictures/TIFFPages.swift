import CTIFF
import StripsCore
import StripsPhotosFeatures

/// The pages of a TIFF through libtiff: every full-resolution image directory is a page (reduced
/// copies, the thumbnails some scanners add, are not), each with its own size and orientation,
/// each decoded from its own directory. A damaged file loses no page silently: a directory
/// without a size, and the pages past a directory that cannot be read (as many as the pages'
/// own PageNumber tags count, else one for the rest of the file), are pages with a problem
/// (error cards, refused at save), and the first page names the loss once, as a PDF's does
/// ("damaged: 1 of 3 pages could be read").
public enum TIFFPages {
    /// A page: the directory it is in and what its tags say.
    public struct Page: Hashable, Sendable {
        public var directory: Int
        public var info: ImageInfo
        /// Why the page cannot be read (its directory is damaged or lost); nil for a page that should decode.
        public var problem: String?
        /// What is wrong with the whole file, said once, on its first page.
        public var fileProblem: String?
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
        var claimed = 0
        var brokenOff = false
        while true {
            let subfile = file.field(TIFFTAG_SUBFILETYPE, as: UInt32.self) ?? 0
            if subfile & UInt32(FILETYPE_REDUCEDIMAGE) == 0 {
                claimed = max(claimed, file.pageCount() ?? 0)
                if let info = info(of: file) {
                    pages.append(Page(directory: directory, info: info))
                } else {
                    pages.append(Page(directory: directory, info: unreadable, problem: "damaged: this page has no size"))
                }
            }
            directory += 1
            guard directory < maxPages, TIFFLastDirectory(file.tiff) == 0 else { break }
            guard TIFFReadDirectory(file.tiff) == 1 else {
                brokenOff = true
                break
            }
        }
        let readable = pages.filter { $0.problem == nil }.count
        if readable == 0 {
            return .failure(ImageFailure(file.lastError.map { "corrupt TIFF: \($0)" } ?? "corrupt TIFF: no image size"))
        }
        if brokenOff {
            // The pages the file counts that were never reached, or one standing for the rest.
            let lost = max(1, claimed - pages.count)
            for _ in 0..<lost {
                pages.append(Page(directory: -1, info: unreadable, problem: "damaged: this page cannot be read (the file breaks off before it)"))
            }
        }
        if readable < pages.count {
            let known = !brokenOff || claimed >= pages.count
            pages[0].fileProblem = known ? "damaged: \(readable) of \(pages.count) pages could be read"
                : "damaged: \(readable) \(readable == 1 ? "page" : "pages") could be read, the rest of the file cannot"
        }
        return .success(pages)
    }

    /// What an unreadable page's shape comes from: no size of its own.
    static let unreadable = ImageInfo(format: .tiff, width: 0, height: 0)

    /// The current directory's size and orientation (TIFF numbers orientations as EXIF does).
    static func info(of file: TIFFFile) -> ImageInfo? {
        guard let width = file.field(TIFFTAG_IMAGEWIDTH, as: UInt32.self), let height = file.field(TIFFTAG_IMAGELENGTH, as: UInt32.self)
        else { return nil }
        let orientation = file.field(TIFFTAG_ORIENTATION, as: UInt16.self).flatMap { Orientation(rawValue: Int($0)) } ?? .up
        return ImageInfo(format: .tiff, width: Int(width), height: Int(height), orientation: orientation)
    }

    /// Page `index` (from 0) of the file at `path`, upright, fitted into `limit`; with `region`,
    /// only that part of it (0...1 of the upright page), snapped to whole pixels.
    public static func decode(_ path: String, page index: Int, limit: PixelLimit, region: Rect? = nil) -> Result<DecodedPicture, ImageFailure> {
        TIFFFile.open(path).flatMap { decode($0, page: index, limit: limit, region: region) }
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

    static func decode(_ file: TIFFFile, page index: Int, limit: PixelLimit, region: Rect?) -> Result<DecodedPicture, ImageFailure> {
        directory(file, page: index).flatMap { page in
            let info = page.info, shown = info.displaySize
            let plan = RegionPlan(size: (Int(shown.width), Int(shown.height)), limit: limit, region: region)
            let part = plan.stored(info.orientation)
            return stored(file, info: info, region: part.region, width: part.width, height: part.height)
                .map { DecodedPicture($0.oriented(info.orientation), region: plan.region) }
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
        if let problem = page.problem { return .failure(ImageFailure(problem)) }
        guard TIFFSetDirectory(file.tiff, UInt32(page.directory)) == 1 else {
            return .failure(ImageFailure("corrupt TIFF: page \(index + 1) cannot be read", shape: page.info.displaySize))
        }
        return .success(page)
    }

    /// Rows read at a time: a band of at most this many bytes.
    static let bandBytes = 8 << 20

    /// The current directory's pixels in their stored order, as B, G, R, A: `region` (0...1; nil:
    /// all) at `width` x `height` (nil: its own size). Read a band of rows at a time (libtiff's
    /// RGBA reader from a row and column offset) into a picture of the size asked, so a giant
    /// costs the memory of what is drawn; rows below the region are never read.
    static func stored(_ file: TIFFFile, info: ImageInfo, region: Rect? = nil, width: Int? = nil, height: Int? = nil) -> Result<PixelBuffer, ImageFailure> {
        if let problem = info.sizeProblem { return .failure(ImageFailure(problem, shape: info.displaySize)) }
        let part = region ?? Rect(x: 0, y: 0, width: 1, height: 1)
        let bounds = part.pixelBounds(width: info.width, height: info.height)
        let (x0, y0, x1, y1) = (bounds.x, bounds.y, bounds.x + bounds.width, bounds.y + bounds.height)
        let (w, h) = (x1 - x0, y1 - y0)
        let out = (width: width ?? w, height: height ?? h)
        if let problem = ImageInfo(format: .other, width: out.width, height: out.height).sizeProblem {
            return .failure(ImageFailure(problem, shape: info.displaySize))
        }
        if BilevelRows.reads(file) { return BilevelRows.stored(file, info: info, x0: x0, y0: y0, x1: x1, y1: y1, out: out) }
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
        let exact = out.width == w && out.height == h
        var whole = exact ? PixelBuffer(width: w, height: h, format: .bgra) : PixelBuffer(width: 0, height: 0, format: .bgra)
        var resampler = exact ? nil : BoxResampler(width: w, height: h, format: .bgra, outputWidth: out.width, outputHeight: out.height)
        let bandRows = max(1, min(h, bandBytes / (4 * w)))
        var band = [UInt8](repeating: 0, count: bandRows * w * 4)
        var y = y0
        while y < y1 {
            let rows = min(bandRows, y1 - y)
            image.row_offset = Int32(y)
            image.col_offset = Int32(x0)
            let ok = band.withUnsafeMutableBytes { raster in
                TIFFRGBAImageGet(&image, raster.baseAddress?.assumingMemoryBound(to: UInt32.self), UInt32(w), UInt32(rows)) == 1
            }
            guard ok else {
                let reason = file.lastError.map { $0.contains("Read error") || $0.contains("EOF") ? "the file is truncated" : "corrupt TIFF: \($0)" }
                return .failure(ImageFailure(reason ?? "corrupt TIFF: the pixels cannot be read", shape: info.displaySize))
            }
            band.withUnsafeBufferPointer { rowsRead in
                guard let base = rowsRead.baseAddress else { return }
                if exact {
                    whole.bytes.withUnsafeMutableBufferPointer { dest in
                        dest.baseAddress.map { ($0 + (y - y0) * w * 4).update(from: base, count: rows * w * 4) }
                    }
                } else {
                    for r in 0..<rows { resampler?.add(base + r * w * 4) }
                }
            }
            y += rows
        }
        var pixels = resampler?.result() ?? whole
        // libtiff's ABGR words are R, G, B, A bytes on a little-endian machine.
        PixelBuffer.swapRedAndBlue(&pixels.bytes)
        return .success(pixels)
    }
}
