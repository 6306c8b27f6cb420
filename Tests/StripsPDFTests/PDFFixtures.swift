import Foundation
import StripsCore
import StripsPhotosFeatures
import StripsPDF
import StripsPictures
import Testing

/// PDFs the tests make for themselves (cairo through StripsPDF, qpdf for turned and encrypted
/// copies) in a scratch folder of their own, and the poppler-utils tools that check the results.
struct PDFScratch: ~Copyable {
    let folder: URL

    init(_ name: String) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("strips-pdf-\(name)-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// A PDF whose page N (from 1) reads "`label` N".
    func sample(_ name: String, pages: [Size], label: String = "Page") throws -> String {
        let path = path(name)
        try PDFSampleDocument.write(to: path, pageSizes: pages, label: label).get()
        return path
    }

    func sample(_ name: String, letterPages count: Int, label: String = "Page") throws -> String {
        try sample(name, pages: Array(repeating: .letter, count: count), label: label)
    }

    func write(_ bytes: [UInt8], _ name: String) throws -> String {
        let path = path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    var contents: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted() }
}

/// Runs a command-line tool (qpdf, pdfinfo, pdftotext, pdfimages) and returns its exit status and output.
enum Tool {
    @discardableResult
    static func run(_ arguments: String...) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// The text of one page (from 1), whitespace collapsed.
    static func text(_ pdf: String, page: Int) throws -> String {
        let out = try run("pdftotext", "-f", "\(page)", "-l", "\(page)", pdf, "-").output
        return out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// pdfinfo's page count and each page's rotation.
    static func info(_ pdf: String) throws -> (pages: Int, rotations: [Int]) {
        let out = try run("pdfinfo", "-f", "1", "-l", "10000", pdf).output
        var pages = 0, rotations: [Int] = []
        for line in out.split(separator: "\n") {
            let fields = line.split(separator: " ")
            if line.hasPrefix("Pages:"), let n = fields.last.flatMap({ Int($0) }) { pages = n }
            if line.hasPrefix("Page "), line.contains(" rot:"), let r = fields.last.flatMap({ Int($0) }) { rotations.append(r) }
        }
        return (pages, rotations)
    }
}

/// Reading pixels of a rendered page (B, G, R, A: one 0xAARRGGBB word a pixel).
struct SurfacePixels {
    let picture: PixelBuffer
    init(_ picture: PixelBuffer) { self.picture = picture }
    var width: Int { picture.width }
    var height: Int { picture.height }

    func pixel(_ x: Int, _ y: Int) -> UInt32 {
        let i = (y * width + x) * 4
        let b = picture.bytes
        return UInt32(b[i + 3]) << 24 | UInt32(b[i + 2]) << 16 | UInt32(b[i + 1]) << 8 | UInt32(b[i])
    }

    /// Pixels in the rectangle darker than mid grey (text is black).
    func darkCount(x: Range<Int>, y: Range<Int>) -> Int {
        var count = 0
        for py in y.clamped(to: 0..<height) {
            for px in x.clamped(to: 0..<width) {
                let p = pixel(px, py)
                let r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, b = p & 0xFF
                if r + g + b < 3 * 100 { count += 1 }
            }
        }
        return count
    }

    var allOpaque: Bool {
        for y in 0..<height { for x in 0..<width where pixel(x, y) >> 24 != 0xFF { return false } }
        return true
    }
}
