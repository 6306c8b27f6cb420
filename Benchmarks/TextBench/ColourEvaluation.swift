import Foundation
import StripsLooks
import StripsPictures
import StripsSampleScans
import StripsText

/// `colour-saved DIR PDF [LABEL]`: a PDF of DIR's colour letter scans (page i is `colour-0i.jpg`,
/// saved by the program in a look, or by another tool) measured against the scans: its bytes a
/// page, how many of each page's words of four letters or more Tesseract reads from it rendered at
/// 300 dpi (and from the scan itself), how far its photograph's colours are from the scan's, and
/// what colour the stamp's ring is. One table row for the whole file.
enum ColourEvaluation {
    struct Row {
        var label: String
        var kilobytesPerPage: Double
        var wordsRead: Int
        var wordsReadFromScans: Int
        var words: Int
        var photo: Double
        var stamp: (Double, Double, Double)
    }

    static func run(_ folder: String, saved pdf: String, label: String, header: Bool) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("colour-") && $0.hasSuffix(".jpg") }.sorted()
        let recognizer = try Recognizer(languages: "eng")
        var row = Row(label: label, kilobytesPerPage: Double(AppEvaluation.fileSize(pdf)) / 1000 / Double(max(1, names.count)),
                      wordsRead: 0, wordsReadFromScans: 0, words: 0, photo: 0, stamp: (0, 0, 0))
        for (i, name) in names.enumerated() {
            guard let scan = ColourScanner.scan(seed: i) else { throw CocoaError(.featureUnsupported) }
            guard let page = RenderedPage.render(pdf, page: i + 1, dpi: scan.dpi, grey: false) else { throw CocoaError(.fileReadCorruptFile) }
            let truth = WordAccuracy.longWords(scan.text)
            let read = try recognizer.recognise(Looks.luma(of: page), dpi: scan.dpi)
            let fromScan = try recognizer.recognise(Looks.luma(of: scan.picture), dpi: scan.dpi)
            let matched = WordAccuracy.match(truth: truth, read: WordAccuracy.longWords(read.text))
            if ProcessInfo.processInfo.environment["STRIPS_BENCH_MISSING"] != nil { print("missing:", matched.missing) }
            row.wordsRead += matched.found
            row.wordsReadFromScans += WordAccuracy.match(truth: truth, read: WordAccuracy.longWords(fromScan.text)).found
            row.words += truth.count
            row.photo += (scan.photoDifference(page) ?? .nan) / Double(names.count)
            if let stamp = scan.stampColour(page) {
                row.stamp = (row.stamp.0 + stamp.red / Double(names.count), row.stamp.1 + stamp.green / Double(names.count),
                             row.stamp.2 + stamp.blue / Double(names.count))
            }
            _ = name
        }
        if header {
            print("| saved as | KB a page | words read (from the scans) | photograph's colours off by | stamp's ring (r, g, b) |")
            print("|---|---|---|---|---|")
        }
        print(String(format: "| %@ | %.0f | %d of %d (%d) | %.1f | %.0f, %.0f, %.0f |", label, row.kilobytesPerPage, row.wordsRead, row.words,
                     row.wordsReadFromScans, row.photo, row.stamp.0, row.stamp.1, row.stamp.2))
    }
}
