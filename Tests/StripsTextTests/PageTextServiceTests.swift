import Foundation
import StripsCore
import StripsPhotosFeatures
import StripsPictures
import StripsSampleScans
import StripsText
import Testing

@Suite("Page text")
struct PageTextServiceTests {
    @Test("a PDF page's own text is used as it is: nothing is drawn or recognised")
    func pdfPagesAreNotRecognised() throws {
        let folder = try Folder()
        let path = folder.path("text.pdf")
        _ = PDFTextTests.make(path)
        let service = PageTextService(languages: "eng", cache: TextCache(folder: folder.path("cache")))
        var drawn = 0
        let text = try service.pageText(file: path, pdfPage: 0, recipe: "p0") {
            drawn += 1
            return nil
        }
        #expect(drawn == 0 && text?.origin == .pdf && text?.words.first?.text == "Invoice")
        // With recognition off the PDF's own text is still there.
        #expect(try PageTextService(languages: nil, cache: nil).pageText(file: path, pdfPage: 0, recipe: "p0") { nil }?.isEmpty == false)
    }

    @Test("a cropped and straightened PDF page's own words lie where the corrected page shows them; the crop leaves words out")
    func pdfTextIsLaidThroughTheRecipe() throws {
        let folder = try Folder()
        let path = folder.path("text.pdf")
        let drawn = PDFTextTests.make(path)
        let service = PageTextService(languages: nil, cache: nil)
        // The page as the document shows it: two pixels a point.
        let source = Size(width: 1224, height: 1584)
        let plain = try #require(try service.pageText(file: path, pdfPage: 0, recipe: "p0") { nil })

        // A crop around the first line only: its words move by the crop's corner, the second
        // line is left out, and the text is what is left.
        let crop = Quad(rect: Rect(x: 100, y: 150, width: 900, height: 65))
        let cropped = try #require(RecipeGeometry(recipe: PixelRecipe(crop: crop), sourceSize: source))
        let text = try #require(try service.pageText(file: path, pdfPage: 0, recipe: "p0 crop", geometry: cropped) { nil })
        #expect(text.width == 900 && text.height == 65)
        #expect(text.words.map(\.text) == ["Invoice", "number", "4711"] && text.lines.count == 1 && text.text == "Invoice number 4711")
        for (word, expected) in zip(text.words, drawn) {
            #expect(abs(word.box.x - (expected.x * 2 - 100)) < 2 && abs(word.box.width - expected.width * 2) < 2, "\(word.text)")
        }
        // Uncropped, nothing is left out and the text is the page's own, paragraphs and all.
        let whole = try #require(RecipeGeometry(recipe: PixelRecipe(straighten: 0.0001), sourceSize: source))
        let all = try #require(try service.pageText(file: path, pdfPage: 0, recipe: "p0 s", geometry: whole) { nil })
        #expect(all.words.count == plain.words.count && all.text == plain.text)

        // Straightened by 10 degrees counter-clockwise: each word's middle turns about the page's.
        let turned = try #require(RecipeGeometry(recipe: PixelRecipe(straighten: 10), sourceSize: source))
        let onTurned = try #require(try service.pageText(file: path, pdfPage: 0, recipe: "p0 10", geometry: turned) { nil })
        let (c, s) = (cos(10 * Double.pi / 180), sin(10 * Double.pi / 180))
        for (word, before) in zip(onTurned.words, plain.words) {
            let (qx, qy) = ((before.box.x + before.box.width / 2) * 2 - 612, (before.box.y + before.box.height / 2) * 2 - 792)
            let (mx, my) = (word.box.x + word.box.width / 2, word.box.y + word.box.height / 2)
            #expect(abs(mx - (612 + c * qx + s * qy)) < 1 && abs(my - (792 - s * qx + c * qy)) < 1, "\(word.text)")
        }
    }

    @Test("a picture page is recognised once, then read from the cache; with recognition off it has none")
    func picturesAreRecognisedOnce() throws {
        let folder = try Folder()
        let scan = TextFixtures.strip()
        let file = folder.path("scan.jpg")
        try Data(scan.jpeg).write(to: URL(fileURLWithPath: file))
        let cache = TextCache(folder: folder.path("cache"))
        var drawn = 0
        let render = { () -> (picture: PixelBuffer, dpi: Double)? in
            drawn += 1
            return (scan.picture, scan.dpi)
        }
        let first = try #require(try PageTextService(languages: "eng", cache: cache).pageText(file: file, pdfPage: nil, recipe: "look original", render: render))
        #expect(WordAccuracy.share(truth: scan.text, read: first.text) >= 0.95)
        // A new service (a new run of the app) finds it in the cache.
        let second = try PageTextService(languages: "eng", cache: cache).pageText(file: file, pdfPage: nil, recipe: "look original", render: render)
        #expect(drawn == 1 && second == first)
        #expect(try PageTextService(languages: nil, cache: cache).pageText(file: file, pdfPage: nil, recipe: "look original", render: render) == nil)
        // A scanned PDF page (a picture, no text of its own) is recognised like a picture.
        #expect(PageText.printed([first, nil, second]).components(separatedBy: "\u{0C}").count == 3)
    }
}

@Suite("Pages lying sideways")
struct SidewaysTests {
    @Test("a page lying a quarter turn sideways is found, read upright, and its layer lands on a page shown upright")
    func sidewaysPage() throws {
        let folder = try Folder()
        // Lying with its top to the right: a quarter turn clockwise; three more make it upright.
        let scan = SampleScanner.scan(SampleScanStyle.standardSet[7], inches: (8.5, 3.5), quarterTurns: 1)!
        let file = folder.path("sideways.jpg")
        try Data(scan.jpeg).write(to: URL(fileURLWithPath: file))
        let service = PageTextService(languages: "eng", cache: TextCache(folder: folder.path("cache")))
        let picture = scan.picture, dpi = scan.dpi
        let text = try #require(try service.pageText(file: file, pdfPage: nil, recipe: "r", detectOrientation: true) { (picture, dpi) })
        #expect(text.orientation?.quarterTurnsToUpright == 3 && text.quarterTurns == 3)
        #expect(text.width == Double(picture.height) && text.height == Double(picture.width))
        #expect(WordAccuracy.share(truth: scan.text, read: text.text) >= 0.95)
        // Cached with its turn and orientation.
        let again = try service.pageText(file: file, pdfPage: nil, recipe: "r", detectOrientation: true) { nil }
        #expect(again == text)
        // Saved as it lies, shown upright by /Rotate 270, with the text turned back onto the picture.
        let base = folder.path("base.pdf"), turned = folder.path("turned.pdf"), layered = folder.path("layered.pdf")
        try ScanPDF.write(jpeg: scan.jpeg, width: picture.width, height: picture.height, dpi: dpi, to: base)
        try tool("/usr/bin/qpdf", ["--rotate=+270", base, turned])
        let placement = TextPlacement.scan(width: picture.width, height: picture.height, dpi: dpi, rotate: 270)
            .forText(turnedBy: text.quarterTurns, sourceWidth: Double(picture.width), sourceHeight: Double(picture.height))
        try TextOverlay.overlay([0: (text, placement)], of: turned, output: layered).get()
        let read = try tool("/usr/bin/pdftotext", [layered, "-"])
        #expect(WordAccuracy.share(truth: scan.text, read: read) >= 0.95)
        #expect(read.contains(text.words.prefix(4).map(\.text).joined(separator: " ")))
        // Shown upright, the page is the text's upright space scaled to points: the words sit where the text says.
        let scale = 72 / dpi
        var near = 0
        let words = try BoxedWord.read(layered)
        for word in words {
            guard let t = text.words.first(where: { $0.text == word.text }) else { continue }
            if abs((t.box.x + t.box.width / 2) * scale - (word.xMin + word.xMax) / 2) <= 2,
               abs((t.box.y + t.box.height / 2) * scale - (word.yMin + word.yMax) / 2) <= 2 { near += 1 }
        }
        #expect(Double(near) / Double(max(1, words.count)) >= 0.8)
    }

    @Test("turning text's boxes: four quarter turns are none, one maps (x, y) to (height - y, x)")
    func turningBoxes() {
        let text = PageText(words: [TextWord(text: "a", box: TextBox(x: 10, y: 20, width: 30, height: 5), confidence: 90, line: 0)],
                            lines: [TextLine(box: TextBox(x: 10, y: 20, width: 30, height: 5), firstWord: 0, endWord: 1,
                                             baseline: .init(x1: 10, y1: 24, x2: 40, y2: 25))],
                            text: "a", width: 100, height: 50, origin: .pdf)
        let once = text.turned(by: 1)
        #expect(once.width == 50 && once.height == 100 && once.quarterTurns == 1)
        #expect(once.words[0].box == TextBox(x: 25, y: 10, width: 5, height: 30))
        #expect(once.lines[0].baseline == .init(x1: 26, y1: 10, x2: 25, y2: 40))
        #expect(text.turned(by: 4) == text && text.turned(by: 3).turned(by: 1).words == text.words)
        // The placement for turned text puts every point where the unturned one would.
        let placement = TextPlacement.filling(pageWidth: 200, pageHeight: 100, textWidth: 100, textHeight: 50)
        for turns in 0..<4 {
            let turned = text.turned(by: turns)
            let map = placement.forText(turnedBy: turns, sourceWidth: 100, sourceHeight: 50)
            let a = turned.words[0].box, b = text.words[0].box
            let corners = [(a.x, a.y), (a.maxX, a.maxY)].map { map.point($0.0, $0.1) }
            let expected = [(b.x, b.y), (b.maxX, b.maxY)].map { placement.point($0.0, $0.1) }
            let xs = corners.map(\.x).sorted(), ys = corners.map(\.y).sorted()
            let ex = expected.map(\.x).sorted(), ey = expected.map(\.y).sorted()
            #expect(zip(xs, ex).allSatisfy { abs($0 - $1) < 1e-9 } && zip(ys, ey).allSatisfy { abs($0 - $1) < 1e-9 }, "turns \(turns)")
        }
    }
}
