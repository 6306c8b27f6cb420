import Foundation
import StripsCore
import StripsPhotosFeatures
import StripsPDF
import StripsPictures
import StripsSampleScans
import StripsText
import Testing
@testable import StripsExport

/// Issue 22's saving: a page in a look is stored compactly (bw as 1-bit CCITT G4 in a PDF, a
/// 1-bit PNG in a folder; grey as a one-channel JPEG; colour as a JPEG), and a page's known text
/// is laid on it invisibly where its words are.
@Suite struct LookAndTextSavingTests {
    /// A 300 dpi letter page of text under a lid's shadow, as a scanner's JPEG.
    static let scan: SampleScan? = SampleScanner.scan(SampleScanStyle(font: "DejaVu Serif", points: 11, turn: 0.3, shadow: 0.35,
                                                                      noise: 6, jpegQuality: 80, seed: 7))

    static func scanFile(_ files: SaveFixtures) throws -> (path: String, scan: SampleScan) {
        let scan = try #require(Self.scan)
        return (try files.write("scans/page.jpg", scan.jpeg), scan)
    }

    /// `pdfimages -list` rows: encoding, colour, components, bits per component.
    static func images(_ pdf: String) throws -> [(encoding: String, colour: String, components: Int, bits: Int)] {
        try Tool.run("pdfimages", ["-list", pdf]).stdout.split(separator: "\n").dropFirst(2).compactMap { line in
            let f = line.split(separator: " ")
            guard f.count > 8, let components = Int(f[6]), let bits = Int(f[7]) else { return nil }
            return (String(f[8]), String(f[5]), components, bits)
        }
    }

    static func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? -1
    }

    @Test func aBlackAndWhitePageIsSavedAsOneBitG4UnderAHundredKilobytes() throws {
        let files = try SaveFixtures()
        let (path, _) = try Self.scanFile(files)
        let out = files.path("bw.pdf")
        _ = try DocumentExporter.save([ExportPage(source: .picture(path: path), corrections: Corrections(look: .bw))], to: out, sourcePaths: [path])
        let images = try Self.images(out)
        #expect(images.count == 1)
        #expect(images.first?.encoding == "ccitt" && images.first?.bits == 1 && images.first?.components == 1, "\(images)")
        #expect(Self.fileSize(out) < 100_000, "\(Self.fileSize(out)) bytes")
        // The page is the bw look: the shadowed left edge is paper-white now, the text still black.
        let page = try #require(try Tool.render(out, dpi: 30, into: files.path("bw-render")).first)
        let edge = page.meanGrey(x: 0..<(page.width / 10), y: 0..<page.height)
        #expect(edge > 245, "left edge \(edge)")
    }

    /// (Issue 31: a page of text in grey or colour is mixed raster content, a JPEG background under
    /// 1-bit masks; issue 22 stored it as one JPEG.)
    @Test(arguments: [Look.grey, Look.colour])
    func greyAndColourPagesOfTextAreAJPEGUnderMasks(_ look: Look) throws {
        let files = try SaveFixtures()
        let (path, _) = try Self.scanFile(files)
        let out = files.path("\(look.name).pdf")
        _ = try DocumentExporter.save([ExportPage(source: .picture(path: path), corrections: Corrections(look: look))], to: out, sourcePaths: [path])
        let images = try Self.images(out)
        let jpegs = images.filter { $0.encoding == "jpeg" }
        #expect(jpegs.count == 1 && jpegs.first?.bits == 8, "\(images)")
        #expect(jpegs.first?.components == (look == .grey ? 1 : 3), "\(images)")
        #expect(images.count > 1 && images.filter { $0.encoding == "ccitt" && $0.bits == 1 }.count == images.count - 1, "\(images)")
    }

    /// Words of a made-up text in the scan's pixel space, one line with its baseline.
    static func text(width: Double, height: Double) -> PageText {
        let words = [TextWord(text: "Harbour", box: TextBox(x: 400, y: 600, width: 420, height: 90), confidence: 95, line: 0),
                     TextWord(text: "granary", box: TextBox(x: 880, y: 600, width: 400, height: 90), confidence: 95, line: 0)]
        let line = TextLine(box: TextBox(x: 400, y: 600, width: 880, height: 90), firstWord: 0, endWord: 2,
                            baseline: TextLine.Baseline(x1: 400, y1: 670, x2: 1280, y2: 670))
        return PageText(words: words, lines: [line], text: "Harbour granary", width: width, height: height, origin: .recognised(languages: "eng"))
    }

    /// `pdftotext -bbox` words: text and box in points, top-left origin.
    static func boxes(_ pdf: String) throws -> [(text: String, x: Double, y: Double, maxX: Double, maxY: Double)] {
        let xml = try Tool.run("pdftotext", ["-bbox", pdf, "-"]).stdout
        return xml.split(separator: "\n").compactMap { line in
            guard line.contains("<word") else { return nil }
            func number(_ name: String) -> Double? {
                guard let range = line.range(of: "\(name)=\"") else { return nil }
                return Double(line[range.upperBound...].prefix { $0 != "\"" })
            }
            guard let x = number("xMin"), let y = number("yMin"), let maxX = number("xMax"), let maxY = number("yMax"),
                  let open = line.firstIndex(of: ">"), let close = line.range(of: "</word>") else { return nil }
            return (String(line[line.index(after: open)..<close.lowerBound]), x, y, maxX, maxY)
        }
    }

    @Test(arguments: [0, 1, 2, 3])
    func knownTextIsLaidOnTheWordsInvisibly(turns: Int) throws {
        let files = try SaveFixtures()
        let (path, scan) = try Self.scanFile(files)
        // Text read at half the scan's size: the layer is stretched to the page as the picture is.
        let text = Self.text(width: Double(scan.picture.width), height: Double(scan.picture.height))
        var half = text
        half.width /= 2
        half.height /= 2
        half.words = text.words.map { var w = $0; w.box = TextBox(x: w.box.x / 2, y: w.box.y / 2, width: w.box.width / 2, height: w.box.height / 2); return w }
        half.lines = text.lines.map { var l = $0; l.box = TextBox(x: l.box.x / 2, y: l.box.y / 2, width: l.box.width / 2, height: l.box.height / 2)
            l.baseline = l.baseline.map { TextLine.Baseline(x1: $0.x1 / 2, y1: $0.y1 / 2, x2: $0.x2 / 2, y2: $0.y2 / 2) }; return l }
        let corrections = Corrections(quarterTurns: turns, look: .bw)
        let plain = files.path("plain.pdf"), layered = files.path("layered.pdf")
        _ = try DocumentExporter.save([ExportPage(source: .picture(path: path), corrections: corrections)], to: plain, sourcePaths: [path])
        _ = try DocumentExporter.save([ExportPage(source: .picture(path: path), corrections: corrections, text: half)], to: layered, sourcePaths: [path])
        #expect(try Tool.run("qpdf", ["--check", layered]).status == 0)
        // Invisible: the page renders exactly as without its text.
        let a = try Tool.render(plain, dpi: 20, into: files.path("plain-render")), b = try Tool.render(layered, dpi: 20, into: files.path("layered-render"))
        #expect(a.count == 1 && a == b)
        // A turned page is the page as it lies turned by its /Rotate (text on a page turned by its
        // content reads as vertical writing, a letter a word). poppler's boxes on a turned page are
        // in no useful space, so the turn is taken off again to measure them.
        #expect(try Self.rotation(layered) == turns * 90)
        var measured = layered
        if turns != 0 {
            measured = files.path("unturned.pdf")
            #expect(try Tool.run("qpdf", [layered, "--rotate=-\(turns * 90):1", measured]).status == 0)
        }
        // Found where the scan's pixels put them, at 300 dpi.
        let words = try Self.boxes(measured)
        #expect(words.map(\.text) == ["Harbour", "granary"])
        let points = 72.0 / scan.dpi
        for (word, truth) in zip(words, text.words) {
            #expect(abs(word.x - truth.box.x * points) <= 2 && abs(word.maxX - truth.box.maxX * points) <= 2, "\(word) \(truth.box)")
            // Across the line: the word's middle within its line's band (a glyph box spans the line).
            let middle = (truth.box.y + truth.box.height / 2) * points
            #expect(abs((word.y + word.maxY) / 2 - middle) <= 2 + truth.box.height * points / 2, "\(word) \(truth.box)")
        }
    }

    /// A scanned PDF page (its JPEG over the whole page, /Rotate `own`) is copied as it is; text
    /// recognised on it as it is shown is laid on its words, whatever its own and the user's turns.
    @Test(arguments: [(0, 0), (0, 1), (90, 0), (270, 3)])
    func recognisedTextIsLaidOnACopiedScannedPDFPage(own: Int, turns: Int) throws {
        let files = try SaveFixtures()
        let scan = try #require(Self.scan)
        let pdf = files.path("scanned.pdf")
        try PDFScanDocument.write(to: pdf, jpeg: scan.jpeg, width: scan.picture.width, height: scan.picture.height, grey: false,
                                  dpi: scan.dpi, rotate: own).get()
        // The text as read: the page as shown (its own /Rotate applied) turned the way up its lines
        // run, which for this page is its stored picture (the shown page turned back).
        let stored = Self.text(width: Double(scan.picture.width), height: Double(scan.picture.height))
        var read = stored
        read.quarterTurns = (4 - own / 90) % 4
        let page = ExportPage(source: .pdfPage(path: pdf, index: 0), corrections: Corrections(quarterTurns: turns), text: read)
        let out = files.path("copied.pdf")
        _ = try DocumentExporter.save([page], to: out, sourcePaths: [pdf])
        // Copied, not drawn: the JPEG is the one image, as it was.
        #expect(try Self.images(out).map(\.encoding) == ["jpeg"])
        #expect(try Self.rotation(out) == (own + 90 * turns) % 360)
        // With every turn taken off, the words lie on the stored picture's words.
        let flat = files.path("flat.pdf")
        #expect(try Tool.run("qpdf", [out, "--rotate=0", flat]).status == 0)
        let words = try Self.boxes(flat)
        #expect(words.map(\.text) == ["Harbour", "granary"])
        let points = 72.0 / scan.dpi
        for (word, truth) in zip(words, stored.words) {
            #expect(abs(word.x - truth.box.x * points) <= 2 && abs(word.maxX - truth.box.maxX * points) <= 2, "\(word) \(truth.box)")
            let middle = (truth.box.y + truth.box.height / 2) * points
            #expect(abs((word.y + word.maxY) / 2 - middle) <= 2 + truth.box.height * points / 2, "\(word) \(truth.box)")
        }
    }

    static func rotation(_ pdf: String) throws -> Int? {
        try Tool.run("pdfinfo", [pdf]).stdout.split(separator: "\n").first { $0.hasPrefix("Page rot:") }
            .flatMap { Int($0.split(separator: " ").last ?? "") }
    }

    @Test func aFolderStoresBwAsOneBitPNGAndGreyAsJPEGWithTextFilesOnlyWhenAsked() throws {
        let files = try SaveFixtures()
        let (path, scan) = try Self.scanFile(files)
        let text = Self.text(width: Double(scan.picture.width), height: Double(scan.picture.height))
        let pages = [ExportPage(source: .picture(path: path), corrections: Corrections(look: .bw), text: text),
                     ExportPage(source: .picture(path: path), corrections: Corrections(look: .grey)),
                     ExportPage(source: .picture(path: path), text: text)]
        let plain = try DocumentExporter.save(pages, to: files.path("plain"), sourcePaths: [path])
        #expect(plain.files == ["001.png", "002.jpg", "003.jpg"])
        let asked = try DocumentExporter.save(pages, to: files.path("asked"), sourcePaths: [path], textFiles: true)
        #expect(asked.files == ["001.png", "001.txt", "002.jpg", "003.jpg", "003.txt"])
        #expect(String(decoding: SaveFixtures.bytes(files.path("asked/001.txt")), as: UTF8.self) == "Harbour granary")
        // 1-bit grey PNG (IHDR: bit depth 1, colour type 0) of the page's size.
        let png = SaveFixtures.bytes(files.path("asked/001.png"))
        #expect(png.count > 26 && png[24] == 1 && png[25] == 0)
        let size = (Int(png[16]) << 24 | Int(png[17]) << 16 | Int(png[18]) << 8 | Int(png[19]), Int(png[20]) << 24 | Int(png[21]) << 16 | Int(png[22]) << 8 | Int(png[23]))
        #expect(size == (scan.picture.width, scan.picture.height))
        // The grey look: a one-channel JPEG (SOF0's component count).
        let jpeg = SaveFixtures.bytes(files.path("asked/002.jpg"))
        let sof = try #require(jpeg.indices.dropLast(10).first { jpeg[$0] == 0xFF && (jpeg[$0 + 1] == 0xC0 || jpeg[$0 + 1] == 0xC2) })
        #expect(jpeg[sof + 9] == 1)
        // The original page is its file, byte for byte.
        #expect(SaveFixtures.bytes(files.path("asked/003.jpg")) == scan.jpeg)
    }
}

extension RGBImage {
    /// The mean of the channels over a part of the picture.
    func meanGrey(x: Range<Int>, y: Range<Int>) -> Double {
        var sum = 0, count = 0
        for row in y {
            for column in x {
                let i = (row * width + column) * 3
                sum += Int(pixels[i]) + Int(pixels[i + 1]) + Int(pixels[i + 2])
                count += 3
            }
        }
        return count == 0 ? 0 : Double(sum) / Double(count)
    }
}
