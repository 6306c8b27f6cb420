import Foundation
import StripsFiles

/// Cheap looks at a file's first and last bytes, before poppler is asked: poppler opens almost
/// anything by rebuilding a lost cross-reference table, so "not a PDF" and "truncated" are told here.
enum PDFSniffer {
    /// PDF readers accept the `%PDF-` header anywhere in the first kilobyte (junk may precede it).
    static let headerWindow = 1024
    /// `%%EOF` ends every complete PDF; some writers append a little junk after it.
    static let tailWindow = 1024

    static func headerProblem<C: Collection>(_ head: C) -> PDFFailure? where C.Element == UInt8 {
        if head.isEmpty { return PDFFailure("empty file") }
        return contains(Array(head), Array("%PDF-".utf8)) ? nil : PDFFailure("not a PDF")
    }

    static func hasEndMarker<C: Collection>(_ tail: C) -> Bool where C.Element == UInt8 {
        contains(Array(tail), Array("%%EOF".utf8))
    }

    /// What the file looks like before any parsing: a regular file that starts like a PDF, with
    /// its stamp and whether it ends like one.
    static func inspect(fd: Int32) -> Result<(stamp: FileStamp, hasEnd: Bool), PDFFailure> {
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return .failure(PDFFailure("not a regular file")) }
        let size = Int(info.st_size)
        if let problem = headerProblem(fd: fd, size: size) { return .failure(problem) }
        return .success((FileStamp(info), hasEndMarker(fd: fd, size: size)))
    }

    /// The same checks by path, for readers that open the file themselves.
    static func check(_ path: String) -> PDFFailure? {
        let fd: Int32
        switch InputFile.open(path) {
        case .failure(let refusal): return PDFFailure(refusal.description)
        case .success(let opened): fd = opened
        }
        defer { close(fd) }
        if case .failure(let failure) = inspect(fd: fd) { return failure }
        return nil
    }

    static func headerProblem(fd: Int32, size: Int) -> PDFFailure? {
        headerProblem(read(fd: fd, at: 0, count: min(size, headerWindow)))
    }

    static func hasEndMarker(fd: Int32, size: Int) -> Bool {
        let count = min(size, tailWindow)
        return hasEndMarker(read(fd: fd, at: size - count, count: count))
    }

    private static func read(fd: Int32, at offset: Int, count: Int) -> [UInt8] {
        guard count > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: count)
        let got = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(offset)) }
        return got > 0 ? Array(buffer.prefix(got)) : []
    }

    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard haystack.count >= needle.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }

    /// The trailer (near the end, or the start of a linearized file) names an /Encrypt dictionary.
    static func mentionsEncryption(_ path: String) -> Bool {
        guard case .success(let fd) = InputFile.open(path) else { return false }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return false }
        let size = Int(info.st_size), window = 4096, needle = Array("/Encrypt".utf8)
        return contains(read(fd: fd, at: 0, count: min(size, window)), needle)
            || contains(read(fd: fd, at: max(0, size - window), count: min(size, window)), needle)
    }

    /// The file starts as a PDF does, whatever its name says (a PDF saved as `scan.jpg`).
    static func startsLikePDF(_ path: String) -> Bool {
        guard case .success(let fd) = InputFile.open(path) else { return false }
        defer { close(fd) }
        return read(fd: fd, at: 0, count: 5).elementsEqual(Array("%PDF-".utf8))
    }

    /// poppler's messages may carry newlines, control bytes, its own escapes for them (`<0a>`) or a
    /// whole dictionary: keep one short line.
    static func oneLine(_ text: String, limit: Int = 120) -> String {
        let unescaped = text.replacingOccurrences(of: "<[0-9A-Fa-f]{2}>", with: " ", options: .regularExpression)
        let flat = String(unescaped.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : Character($0) })
            .split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        return flat.count > limit ? String(flat.prefix(limit - 1)) + "…" : flat
    }
}
