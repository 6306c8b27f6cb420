import CSDL2
import Foundation
import StripsCore
import StripsPDF

/// Turns the command line's files and folders into the document's pages. Files are only read.
public enum DocumentLoader {
    public struct LoadError: Error, CustomStringConvertible {
        public var description: String
    }

    /// What the decoders read (ImageHeader, SDLImageFormat); anything else in a folder is not a page.
    /// XPM, SVG and XCF are left out: their sizes cannot be checked before SDL_image allocates for them.
    public static let imageExtensions: Set<String> = [
        "jpg", "jpeg", "png", "bmp", "gif", "tif", "tiff", "webp", "tga", "pnm", "ppm", "pgm", "pbm",
        "pcx", "lbm", "qoi", "jfif",
    ]

    /// A PDF page counts as many pixels as a 300 dpi scan of it: zooming goes that sharp (it is
    /// rendered at the size drawn, so any size is sharp), and no further than a scan would.
    public static let pdfPixelsPerPoint = 300.0 / 72

    /// Pages of a file that cannot be decoded still need a shape: A4 portrait.
    public static let fallbackSize = Size(width: 1240, height: 1754)

    public static func isImage(_ path: String) -> Bool {
        imageExtensions.contains((path as NSString).pathExtension.lowercased())
    }

    /// PDFs are documents of pages: each page becomes a page of ours.
    public static func isPDF(_ path: String) -> Bool { (path as NSString).pathExtension.lowercased() == "pdf" }

    /// The picture and PDF files the paths name, folders read in natural name order, not recursively.
    public static func imageFiles(in paths: [String]) throws(LoadError) -> [String] {
        let fm = FileManager.default
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw LoadError(description: "\(path): no such file or folder")
            }
            if isDirectory.boolValue {
                guard let names = try? fm.contentsOfDirectory(atPath: path) else {
                    throw LoadError(description: "\(path): the folder cannot be read")
                }
                let images = NaturalOrder.sorted(names.filter { !$0.hasPrefix(".") && (isImage($0) || isPDF($0)) })
                    .map { (path as NSString).appendingPathComponent($0) }
                    .filter { var d: ObjCBool = false; return fm.fileExists(atPath: $0, isDirectory: &d) && !d.boolValue }
                guard !images.isEmpty else { throw LoadError(description: "\(path): the folder holds no images") }
                files += images
            } else {
                files.append(path)
            }
        }
        return files
    }

    /// Builds the pages; ids are file names, made unique when two folders share one; a PDF gives
    /// one page per page of its own (`FILE.pdf p. N`), or one page for its error card when it
    /// cannot be opened.
    public static func pages(for files: [String], report: (String) -> Void) -> [Page] {
        let opened = open(files)
        var seen: [String: Int] = [:]
        var pages: [Page] = []
        for (index, path) in files.enumerated() {
            let name = (path as NSString).lastPathComponent
            let count = (seen[name] ?? 0) + 1
            seen[name] = count
            let id = count == 1 ? name : "\(name) (\(count))"
            switch opened[index] {
            case .picture(let header):
                pages.append(Page(id: id, path: path, pixelSize: pixelSize(of: path, header: header, report: report)))
            case .pdf(.success(let info)):
                if let problem = info.problem, ImageCatalog.shared.shouldReport(path) { report("strips: \(path): \(problem)") }
                for (n, size) in info.pageSizes.enumerated() {
                    let pixels = Size(width: size.width * Self.pdfPixelsPerPoint, height: size.height * Self.pdfPixelsPerPoint)
                    pages.append(Page(id: "\(id) p. \(n + 1)", source: .pdfPage(path: path, index: n), pixelSize: pixels))
                }
            case .pdf(.failure(let failure)):
                if ImageCatalog.shared.shouldReport(path) { report("strips: \(path): \(failure.reason)") }
                pages.append(Page(id: id, source: .pdfPage(path: path, index: 0), pixelSize: Size.letter))
            }
        }
        return pages
    }

    /// What opening a file told: a picture's header, or a PDF's pages.
    enum Opened {
        case picture(Result<ImageInfo, ImageFailure>)
        case pdf(Result<PDFDocumentInfo, PDFFailure>)
    }

    /// Every file's header or page list, read on all cores (a thousand files' headers take a few
    /// milliseconds; a 500-page PDF's page sizes about as long).
    static func open(_ files: [String]) -> [Opened] {
        let results = Locked([Opened?](repeating: nil, count: files.count))
        DispatchQueue.concurrentPerform(iterations: files.count) { i in
            ImageCatalog.shared.remember(files[i])
            // A PDF by its first bytes too, whatever its name says.
            let opened: Opened = PDFSource.isPDF(files[i]) ? .pdf(PDFSource.open(files[i])) : .picture(ImageHeader.read(files[i]))
            results.withLock { $0[i] = opened }
        }
        return results.withLock { $0.map { $0 ?? .picture(.failure(ImageFailure("the file could not be read"))) } }
    }

    /// The page's shape from the file's header (upright, after EXIF orientation), without decoding
    /// the pixels. A file that cannot be read gets a page of the fallback shape; its reason is
    /// reported once, and the renderer draws it on the page.
    static func pixelSize(of path: String, header: Result<ImageInfo, ImageFailure>, report: (String) -> Void) -> Size {
        switch header {
        case .success(let info):
            if let problem = info.sizeProblem, ImageCatalog.shared.shouldReport(path) { report("strips: \(path): \(problem)") }
            let size = info.displaySize
            return size.width > 0 && size.height > 0 ? size : fallbackSize
        case .failure(let failure):
            if ImageCatalog.shared.shouldReport(path) { report("strips: \(path): \(failure.reason)") }
            return failure.shape ?? fallbackSize
        }
    }

    /// What the window title calls the document: the folder's name, or the file's.
    public static func documentName(for paths: [String]) -> String {
        guard let first = paths.first else { return "Document" }
        let url = URL(fileURLWithPath: first).standardizedFileURL
        return paths.count == 1 ? url.lastPathComponent : url.deletingLastPathComponent().lastPathComponent
    }
}

/// "page2" before "page10": digit runs compare as numbers, the rest case-insensitively.
public enum NaturalOrder {
    public static func less(_ a: String, _ b: String) -> Bool {
        let result = compare(key(a), key(b))
        return result == 0 ? a < b : result < 0
    }

    /// Sorts names, each one's key made once (a thousand scans' names sort in a millisecond or two).
    public static func sorted(_ names: [String]) -> [String] {
        names.map { (key: key($0), name: $0) }
            .sorted { let c = compare($0.key, $1.key); return c == 0 ? $0.name < $1.name : c < 0 }
            .map(\.name)
    }

    /// The name's scalars, lower-cased.
    static func key(_ name: String) -> [UInt32] { name.lowercased().unicodeScalars.map(\.value) }

    static func compare(_ a: String, _ b: String) -> Int { compare(key(a), key(b)) }

    static func compare(_ x: [UInt32], _ y: [UInt32]) -> Int {
        func isDigit(_ c: UInt32) -> Bool { c >= 48 && c <= 57 }
        var i = 0, j = 0
        while i < x.count && j < y.count {
            if isDigit(x[i]) && isDigit(y[j]) {
                // Digit runs: leading zeros dropped, a longer run is a bigger number.
                var ei = i, ej = j
                while ei < x.count && isDigit(x[ei]) { ei += 1 }
                while ej < y.count && isDigit(y[ej]) { ej += 1 }
                var si = i, sj = j
                while si < ei && x[si] == 48 { si += 1 }
                while sj < ej && y[sj] == 48 { sj += 1 }
                if ei - si != ej - sj { return ei - si < ej - sj ? -1 : 1 }
                while si < ei {
                    if x[si] != y[sj] { return x[si] < y[sj] ? -1 : 1 }
                    si += 1
                    sj += 1
                }
                i = ei
                j = ej
                continue
            }
            if x[i] != y[j] { return x[i] < y[j] ? -1 : 1 }
            i += 1
            j += 1
        }
        if i == x.count && j == y.count { return 0 }
        return i == x.count ? -1 : 1
    }
}
