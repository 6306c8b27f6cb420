import Foundation
import StripsLooks
import StripsPictures
import StripsSampleScans
import StripsText
import Testing

/// What the text tests share: one recognised letter page (recognition costs a second or more a
/// page, so it is done once), small pages for the rest, folders and word counting.
enum TextFixtures {
    /// A 300 dpi letter page, turned 0.8 degrees under a shadow, and what Tesseract read on it.
    static let letter: (scan: SampleScan, text: PageText) = {
        let scan = SampleScanner.scan(SampleScanStyle.standardSet[0])!
        let text = try! Recognizer(languages: "eng").recognise(scan.picture, dpi: scan.dpi)
        return (scan, text)
    }()

    /// A strip of a page (8.5 x 2.5 in: a heading and a paragraph) at 300 dpi: quick to read.
    static func strip(_ style: SampleScanStyle = SampleScanStyle.standardSet[7], quarterTurns: Int = 0) -> SampleScan {
        SampleScanner.scan(style, inches: (8.5, 2.5), quarterTurns: quarterTurns)!
    }
}

/// A folder of its own for a test's files, removed afterwards.
final class Folder {
    let root: String

    init(_ name: String = #function) throws {
        let safe = name.filter { $0.isLetter || $0.isNumber }
        root = FileManager.default.temporaryDirectory.appendingPathComponent("strips-text-\(safe)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    func path(_ name: String) -> String { "\(root)/\(name)" }
}

/// Runs a command line tool to the end; its standard output.
@discardableResult
func tool(_ executable: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(executable) \(arguments)")
    return String(decoding: data, as: UTF8.self)
}

/// pdftotext -bbox's words: text and box in points, top-left origin.
struct BoxedWord {
    var text: String
    var xMin: Double, yMin: Double, xMax: Double, yMax: Double

    static func read(_ pdf: String, page: Int = 1) throws -> [BoxedWord] {
        let html = try tool("/usr/bin/pdftotext", ["-bbox", "-f", "\(page)", "-l", "\(page)", pdf, "-"])
        return html.split(separator: "\n").compactMap { line -> BoxedWord? in
            guard line.contains("<word "), let open = line.range(of: "\">"), let close = line.range(of: "</word>") else { return nil }
            func value(_ name: String) -> Double {
                guard let range = line.range(of: "\(name)=\"") else { return .nan }
                return Double(line[range.upperBound...].prefix { $0 != "\"" }) ?? .nan
            }
            let text = String(line[open.upperBound..<close.lowerBound]).replacingOccurrences(of: "&amp;", with: "&")
            return BoxedWord(text: text, xMin: value("xMin"), yMin: value("yMin"), xMax: value("xMax"), yMax: value("yMax"))
        }
    }
}
