import Foundation
import StripsCore
import StripsPhotosFeatures

/// Turns the command line's files and folders into the document's pages. Files are only read.
public enum DocumentLoader {
    public struct LoadError: Error, CustomStringConvertible {
        public var description: String
    }

    /// What the decoders read (ImageHeader, PictureSignature, libtiff); anything else in a folder is not a page.
    /// XPM, SVG and XCF are left out: their sizes cannot be checked before a decoder allocates for them.
    public static let imageExtensions: Set<String> = [
        "jpg", "jpeg", "png", "bmp", "gif", "tif", "tiff", "webp", "tga", "pnm", "ppm", "pgm", "pbm",
        "pcx", "lbm", "qoi", "jfif",
    ]

    /// Pages of a file that cannot be decoded still need a shape: A4 portrait.
    public static let fallbackSize = PictureFiles.fallbackSize

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

    /// Builds the pages; ids are file names, made unique when two folders share one; a file of
    /// several pages (a PDF, a multi-page TIFF) gives one page per page of its own (`FILE.pdf p. N`),
    /// or one page for its error card when it cannot be opened. Every problem is reported once
    /// (`reader`'s catalog remembers), as `strips: PATH: reason`.
    public static func pages(for files: [String], reader: PageReader, report: (String) -> Void) -> [Page] {
        let opened = open(files, reader: reader)
        var seen: [String: Int] = [:]
        var pages: [Page] = []
        for (index, path) in files.enumerated() {
            let name = (path as NSString).lastPathComponent
            let count = (seen[name] ?? 0) + 1
            seen[name] = count
            let id = count == 1 ? name : "\(name) (\(count))"
            switch opened[index] {
            case .success(let shapes):
                // A file only partly read (a damaged PDF) is named once, its readable pages still come in.
                if let problem = shapes.lazy.compactMap(\.fileProblem).first, reader.catalog.shouldReport(path) {
                    report("strips: \(path): \(problem)")
                }
                for shape in shapes {
                    if let problem = shape.problem, reader.catalog.shouldReport(path) { report("strips: \(path): \(problem)") }
                    let pageID = shape.source.pageIndex.map { "\(id) p. \($0 + 1)" } ?? id
                    pages.append(Page(id: pageID, source: shape.source, pixelSize: shape.size))
                }
            case .failure(let failure):
                if reader.catalog.shouldReport(path) { report("strips: \(path): \(failure.reason)") }
                pages.append(Page(id: id, source: reader.format(ofFile: path).unreadablePage(path), pixelSize: failure.shape ?? fallbackSize))
            }
        }
        return pages
    }

    /// Every file's pages, read on all cores (a thousand files' headers take a few milliseconds;
    /// a 500-page PDF's page sizes about as long).
    static func open(_ files: [String], reader: PageReader) -> [Result<[PageShape], ImageFailure>] {
        let results = Locked([Result<[PageShape], ImageFailure>?](repeating: nil, count: files.count))
        DispatchQueue.concurrentPerform(iterations: files.count) { i in
            let opened = reader.pages(of: files[i])
            results.withLock { $0[i] = opened }
        }
        return results.withLock { $0.map { $0 ?? .failure(ImageFailure("the file could not be read")) } }
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
