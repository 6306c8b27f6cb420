import CSDL2
import Foundation
import StripsCore

/// Turns the command line's files and folders into the document's pages. Files are only read.
public enum DocumentLoader {
    public struct LoadError: Error, CustomStringConvertible {
        public var description: String
    }

    /// What SDL_image reads; anything else in a folder is not a page.
    public static let imageExtensions: Set<String> = [
        "jpg", "jpeg", "png", "bmp", "gif", "tif", "tiff", "webp", "tga", "pnm", "ppm", "pgm", "pbm",
        "xpm", "xcf", "pcx", "lbm", "qoi", "svg", "avif", "jxl", "jfif",
    ]

    /// Pages of a file that cannot be decoded still need a shape: A4 portrait.
    public static let fallbackSize = Size(width: 1240, height: 1754)

    public static func isImage(_ path: String) -> Bool {
        imageExtensions.contains((path as NSString).pathExtension.lowercased())
    }

    /// The image files the paths name, folders read in natural name order, not recursively.
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
                let images = names.filter { !$0.hasPrefix(".") && isImage($0) }.sorted(by: NaturalOrder.less)
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

    /// Builds the pages; ids are file names, made unique when two folders share one.
    public static func pages(for files: [String], report: (String) -> Void) -> [Page] {
        var seen: [String: Int] = [:]
        return files.map { path in
            let name = (path as NSString).lastPathComponent
            let count = (seen[name] ?? 0) + 1
            seen[name] = count
            let id = count == 1 ? name : "\(name) (\(count))"
            ImageCatalog.shared.remember(path)
            return Page(id: id, path: path, pixelSize: pixelSize(of: path, report: report))
        }
    }

    /// The page's shape from the file's header (upright, after EXIF orientation), without decoding
    /// the pixels. A file that cannot be read gets a page of the fallback shape; its reason is
    /// reported once, and the renderer draws it on the page.
    static func pixelSize(of path: String, report: (String) -> Void) -> Size {
        switch ImageHeader.read(path) {
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
        let result = compare(a, b)
        return result == 0 ? a < b : result < 0
    }

    static func compare(_ a: String, _ b: String) -> Int {
        var i = a.unicodeScalars.makeIterator(), j = b.unicodeScalars.makeIterator()
        var x = i.next(), y = j.next()
        func isDigit(_ c: Unicode.Scalar?) -> Bool { c.map { $0.properties.numericType == .decimal && $0.isASCII } ?? false }
        while let cx = x, let cy = y {
            if isDigit(cx) && isDigit(cy) {
                var dx = "", dy = ""
                while isDigit(x), let c = x { dx.unicodeScalars.append(c); x = i.next() }
                while isDigit(y), let c = y { dy.unicodeScalars.append(c); y = j.next() }
                let tx = dx.drop { $0 == "0" }, ty = dy.drop { $0 == "0" }
                if tx.count != ty.count { return tx.count < ty.count ? -1 : 1 }
                if tx != ty { return tx < ty ? -1 : 1 }
                continue
            }
            let lx = String(cx).lowercased(), ly = String(cy).lowercased()
            if lx != ly { return lx < ly ? -1 : 1 }
            x = i.next()
            y = j.next()
        }
        if x == nil && y == nil { return 0 }
        return x == nil ? -1 : 1
    }
}
