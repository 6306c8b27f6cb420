import Foundation
import StripsCore
import StripsPDF
import StripsSampleScans
import StripsTestSupport
import Testing

/// Issue 22's "done when", a small slice of `Scripts/bench-text.sh` run through the real program:
/// two 300 dpi sample scans (our own text, typeset, turned, a lid's shadow, noise, JPEG) opened
/// with `--ocr eng`; the search finds a word on its page with its rectangle on the drawn word;
/// Ctrl+S gives a PDF whose `pdftotext` has at least 95 % of each page's words of four letters
/// or more and whose rendering is the scans' (the text invisible); `strips text` prints the pages
/// with a form feed between them. Recognition is real (Tesseract), into a cache of the test's own.
@Suite(.serialized) struct SearchableSaveCommandTests {
    static let styles = [SampleScanStyle(font: "DejaVu Serif", points: 11, turn: 0.8, shadow: 0.35, noise: 10, jpegQuality: 80, seed: 0),
                         SampleScanStyle(font: "DejaVu Sans", points: 10, turn: -1.2, shadow: 0.2, noise: 12, jpegQuality: 75, seed: 1)]

    /// Strips of letter pages (8.5 x 3 inches: a few lines each, to keep recognition short).
    static func scans(_ files: SaveFixtures) throws -> [(path: String, scan: SampleScan)] {
        try styles.enumerated().map { i, style in
            let scan = try #require(SampleScanner.scan(style, inches: (8.5, 3)))
            return (try files.write("scans/page-\(i + 1).jpg", scan.jpeg), scan)
        }
    }

    func strips(_ arguments: [String], script: String, cache: String, in files: SaveFixtures) throws -> [[String: Any]] {
        let scriptPath = try files.write("run-\(UInt32.random(in: 0...UInt32.max)).strips", Array(script.utf8))
        let result = try runProcess(stripsBinary, ["photos"] + arguments + ["--script", scriptPath], environment: ["XDG_CACHE_HOME": cache])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    @Test func recognisedScansAreFoundAndSavedSearchableWithTheirPicturesUnchanged() throws {
        let files = try SaveFixtures()
        let scans = try Self.scans(files)
        let cache = files.path("cache")
        // A word of page 2 found nowhere on page 1.
        let firstWords = Set(scans[0].scan.words.map { $0.text.lowercased() })
        let target = try #require(scans[1].scan.words.first { $0.text.count >= 7 && $0.text.allSatisfy(\.isLetter) && !firstWords.contains($0.text.lowercased()) })
        let trace = try strips(scans.map(\.path) + ["--ocr", "eng", "--output", files.path("searchable.pdf")], script: """
            at 0 dump
            at 100 key ctrl+f
            at 200 text \(target.text.uppercased())
            at 2000 dump
            at 2100 key escape
            at 2200 key ctrl+s
            at 2300 end
            """, cache: cache, in: files)
        let text = try #require(trace.first?["text"] as? [String: Any])
        #expect((text["pages"] as? NSNumber)?.intValue == 2 && (text["of"] as? NSNumber)?.intValue == 2)

        // The search: the word's page, its rectangle on the drawn word (the scan's own word box,
        // placed as the page's picture is drawn), within 2 points.
        let search = try #require(trace.last?["search"] as? [String: Any])
        #expect((search["hits"] as? NSNumber)?.intValue ?? 0 >= 1)
        #expect(search["page"] as? String == "page-2.jpg")
        let rect = try #require((search["rects"] as? [[NSNumber]])?.first).map(\.doubleValue)
        let preview = try #require(trace.last?["preview"] as? [String: Any])
        let cell = try #require((preview["cells"] as? [[String: Any]])?.first { ($0["page"] as? String) == "page-2.jpg" })
        let image = try #require(cell["image"] as? [NSNumber]).map(\.doubleValue)
        let sx = image[2] / Double(scans[1].scan.picture.width), sy = image[3] / Double(scans[1].scan.picture.height)
        let drawn = (x: image[0] + target.x * sx, y: image[1] + target.y * sy, maxX: image[0] + (target.x + target.width) * sx,
                     maxY: image[1] + (target.y + target.height) * sy)
        #expect(abs(rect[0] - drawn.x) <= 2 && abs(rect[0] + rect[2] - drawn.maxX) <= 2, "\(rect) vs \(drawn)")
        let middle = rect[1] + rect[3] / 2
        #expect(middle >= drawn.y - 2 && middle <= drawn.maxY + 2, "\(rect) vs \(drawn)")

        // The saved PDF reads as the pages' words, page by page.
        let saved = files.path("searchable.pdf")
        for (i, scan) in scans.enumerated() {
            let read = try Tool.run("pdftotext", ["-f", "\(i + 1)", "-l", "\(i + 1)", saved, "-"]).stdout
            let share = WordAccuracy.share(truth: scan.scan.text, read: read)
            #expect(share >= 0.95, "page \(i + 1): \(share)")
        }
        // ...and looks exactly like the same pages saved without their text.
        _ = try strips(scans.map(\.path) + ["--ocr", "off", "--output", files.path("plain.pdf")], script: "at 0 key ctrl+s\nat 100 end\n",
                       cache: files.path("no-cache"), in: files)
        let layered = try Tool.render(saved, dpi: 30, into: files.path("layered-render"))
        let plain = try Tool.render(files.path("plain.pdf"), dpi: 30, into: files.path("plain-render"))
        #expect(layered.count == 2 && layered == plain)
        #expect(try Tool.run("pdfimages", ["-list", saved]).stdout.contains("jpeg"))

        // strips text: the cached text of each page, one form feed between them.
        let printed = try runProcess(stripsBinary, ["text", "--ocr", "eng"] + scans.map(\.path), environment: ["XDG_CACHE_HOME": cache])
        #expect(printed.status == 0, "\(printed.stderr)")
        let pages = printed.stdout.split(separator: "\u{0C}", omittingEmptySubsequences: false)
        #expect(pages.count == 2)
        for (page, scan) in zip(pages, scans) { #expect(WordAccuracy.share(truth: scan.scan.text, read: String(page)) >= 0.95) }
    }

    /// A file that is no picture is named once (not again for its text), the run exits 1, and the
    /// other pages are printed: a PDF's own text, each page's in turn, with recognition off.
    @Test func stripsTextNamesABadFileOnceAndPrintsTheRest() throws {
        let files = try SaveFixtures()
        let bad = try files.write("bad.jpg", Array("not a picture".utf8))
        let pdf = files.path("labels.pdf")
        try PDFSampleDocument.write(to: pdf, pageSizes: [Size(width: 300, height: 200), Size(width: 300, height: 200)], label: "Sheet").get()
        let run = try runProcess(stripsBinary, ["text", "--ocr", "off", bad, pdf], environment: ["XDG_CACHE_HOME": files.path("cache")])
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines.first?.hasPrefix("strips: ") == true && lines.first?.contains("bad.jpg") == true, "\(run.stderr)")
        let pages = run.stdout.split(separator: "\u{0C}", omittingEmptySubsequences: false)
        #expect(pages.count == 3)
        #expect(pages.count == 3 && pages[1].contains("Sheet 1") && pages[2].contains("Sheet 2"), "\(run.stdout)")
    }
}
