import Foundation
import StripsTestSupport
import Testing

/// A PDF page's own words lie where its corrected page shows them: cropped in the border editor,
/// the page's search highlight is on the word, not where the word was on the uncropped page.
@Suite struct CroppedPDFTextTests {
    /// A letter page with three lines of Helvetica: "Invoice number 4711" at the top, "Total due 120
    /// EUR" 400 pt from the bottom, "Thank you" near it.
    static func textPDF(_ path: String) throws {
        let content = "BT /F1 28 Tf 72 700 Td (Invoice number 4711) Tj ET\nBT /F1 28 Tf 72 400 Td (Total due 120 EUR) Tj ET\n"
            + "BT /F1 28 Tf 72 100 Td (Thank you) Tj ET\n"
        let objects = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                       "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
                       "<< /Length \(content.utf8.count) >>\nstream\n\(content)endstream", "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
        var pdf = "%PDF-1.4\n", offsets: [Int] = []
        for (i, object) in objects.enumerated() {
            offsets.append(pdf.utf8.count)
            pdf += "\(i + 1) 0 obj\n\(object)\nendobj\n"
        }
        let xref = pdf.utf8.count
        pdf += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n" + offsets.map { String(format: "%010d 00000 n \n", $0) }.joined()
        pdf += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        try pdf.write(toFile: path, atomically: true, encoding: .ascii)
    }

    @Test func aSearchHitOnACroppedPDFPageIsOnItsWord() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strips-cropped-text-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let pdf = folder + "/text.pdf"
        try Self.textPDF(pdf)
        // The border editor on the whole page; its top edge's handle (the editor lays the page out
        // at 164.3...635.7 x 74...684 in an 800 x 800 window, under the toolbar) dragged down by
        // 234.6 of its 610 points: the page keeps its lower 61.5 %.
        let script = folder + "/crop.strips"
        try """
            window 800 800
            at 200 key c
            at 1200 key BackSpace
            at 1500 down 400 74
            at 1550 move 400 190
            at 1600 move 400 308.6
            at 1650 up 400 308.6
            at 2400 key Return
            at 3500 key ctrl+f
            at 3700 text 120
            at 4600 dump
            at 4700 end
            """.write(toFile: script, atomically: true, encoding: .utf8)
        let run = try runProcess(stripsBinary, ["photos", pdf, "--script", script, "--ocr", "off"], environment: ["XDG_CACHE_HOME": folder + "/cache"])
        #expect(run.status == 0, "\(run.stderr)")
        let line = try #require(run.stdout.split(separator: "\n").last)
        let trace = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let cell = try #require(((trace["preview"] as? [String: Any])?["cells"] as? [[String: Any]])?.first)
        let crop = try #require(cell["crop"] as? [[Double]])
        // The crop: the page (2550 x 3300 pixels) from 1269 pixels down.
        #expect(abs(crop[0][1] - 1269.2) < 2 && crop[2] == [2550, 3300])
        let search = try #require(trace["search"] as? [String: Any])
        #expect(search["hits"] as? Int == 1)
        let rect = try #require((search["rects"] as? [[Double]])?.first)
        let image = try #require(cell["image"] as? [Double])
        // "120" stands about 372 pt from the page's top (its 28 pt letters on a baseline 392 pt
        // down): 1551 pixels, 282 below the crop's edge, 13.9 % of the 2031 left. Uncropped it was
        // 47 % down the page, which is where the highlight stood on the cropped page before.
        let down = (rect[1] - image[1]) / image[3]
        #expect(abs(down - 0.139) < 0.02, "the highlight is \(down) of the page down")
        // Across: "Total due " is about 133 pt of the page's 612.
        let across = (rect[0] - image[0]) / image[2]
        #expect(abs(across - 0.32) < 0.02, "the highlight is \(across) of the page across")

        // Saved, the page's invisible text is the words it shows, where it shows them: "120" 67 pt
        // down the 487 pt page (372 pt less the 305 pt cropped off), "Invoice" cropped off with its line.
        let saving = script.replacingOccurrences(of: ".strips", with: "-save.strips")
        try (try String(contentsOfFile: script, encoding: .utf8)).components(separatedBy: "\n").prefix(8).joined(separator: "\n")
            .appending("\nat 3500 key ctrl+s\nat 4000 end\n").write(toFile: saving, atomically: true, encoding: .utf8)
        let saved = folder + "/saved.pdf"
        let save = try runProcess(stripsBinary, ["photos", pdf, "--script", saving, "--ocr", "off", "--output", saved],
                                  environment: ["XDG_CACHE_HOME": folder + "/cache"])
        #expect(save.status == 0 && save.stderr.isEmpty, "\(save.stderr)")
        let words = try runProcess("/usr/bin/pdftotext", ["-bbox", saved, "-"]).stdout
        #expect(!words.contains("Invoice") && words.contains("Thank"))
        let word = try #require(words.split(separator: "\n").first { $0.hasSuffix(">120</word>") })
        let yMin = try #require(word.split(separator: " ").first { $0.hasPrefix("yMin=") }.flatMap { Double($0.dropFirst(6).dropLast()) })
        #expect(abs(yMin - 67.3) < 3, "\(word)")
    }
}
