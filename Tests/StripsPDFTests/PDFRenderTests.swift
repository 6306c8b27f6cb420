import Foundation
import StripsCore
import StripsPDF
import StripsPictures
import Testing

/// Sample pages carry "Page N" in 24 pt bold, its baseline 96 pt from the top and starting 72 pt
/// from the left: about 72...160 pt across and 76...96 pt down.
@Suite struct PDFRenderTests {
    @Test func letterPageFitsAPreviewWithItsTextWhereDrawn() throws {
        let scratch = try PDFScratch("render")
        let path = try scratch.sample("letter.pdf", letterPages: 2)
        let picture = try PDFRenderer().render(path, pageIndex: 0, maxWidth: 1024, maxHeight: 768).get()
        let pixels = SurfacePixels(picture)
        #expect(picture.format == .bgra)
        // 612 x 792 pt scaled by 768 / 792: 593 x 768.
        #expect(pixels.width == 593 && pixels.height == 768)
        let s = 768.0 / 792
        let title = pixels.darkCount(x: Int(72 * s)..<Int(160 * s), y: Int(76 * s)..<Int(97 * s))
        #expect(title > 150, "dark pixels of the title: \(title)")
        // White paper around it: the top margin and the left margin hold nothing dark.
        #expect(pixels.darkCount(x: 0..<pixels.width, y: 0..<Int(60 * s)) == 0)
        #expect(pixels.darkCount(x: 0..<Int(60 * s), y: 0..<pixels.height) == 0)
        #expect(pixels.pixel(5, 5) == 0xFFFF_FFFF)
        #expect(pixels.allOpaque)
    }

    @Test func extraQuarterTurnMovesTheTitleToTheTopRight() throws {
        let scratch = try PDFScratch("render-turn")
        let path = try scratch.sample("letter.pdf", letterPages: 1)
        let picture = try PDFRenderer().render(path, pageIndex: 0, maxWidth: 1024, maxHeight: 768, extraQuarterTurns: 1).get()
        let pixels = SurfacePixels(picture)
        // Turned, the page is 792 x 612 pt; 768 / 612 of that is 994 x 768.
        #expect(pixels.width == 994 && pixels.height == 768)
        let s = 768.0 / 612
        // Clockwise: page point (x, y) lands at (width - y, x).
        let titleX = (pixels.width - Int(97 * s))..<(pixels.width - Int(76 * s))
        #expect(pixels.darkCount(x: titleX, y: Int(72 * s)..<Int(160 * s)) > 150)
        // The page's blank left margin is now the top strip.
        #expect(pixels.darkCount(x: 0..<pixels.width, y: 0..<Int(60 * s)) == 0)
    }

    @Test func ownRotateIsAppliedWhenRendering() throws {
        let scratch = try PDFScratch("render-own")
        let plain = try scratch.sample("plain.pdf", letterPages: 1)
        let turned = scratch.path("turned.pdf")
        #expect(try Tool.run("qpdf", plain, "--rotate=+90", turned).status == 0)
        let picture = try PDFRenderer().render(turned, pageIndex: 0, maxWidth: 1024, maxHeight: 768).get()
        let pixels = SurfacePixels(picture)
        #expect(pixels.width == 994 && pixels.height == 768)
        let s = 768.0 / 612
        #expect(pixels.darkCount(x: (pixels.width - Int(97 * s))..<(pixels.width - Int(76 * s)), y: Int(72 * s)..<Int(160 * s)) > 150)
    }

    @Test func pageOutOfRangeAndBadBoxAreOneLine() throws {
        let scratch = try PDFScratch("render-range")
        let path = try scratch.sample("two.pdf", letterPages: 2)
        let renderer = PDFRenderer()
        guard case .failure(let failure) = renderer.render(path, pageIndex: 2, maxWidth: 100, maxHeight: 100) else {
            Issue.record("page 3 of 2 rendered")
            return
        }
        #expect(failure.reason == "no page 3 (the document has 2)")
        guard case .failure(let empty) = renderer.render(path, pageIndex: 0, maxWidth: 0, maxHeight: 100) else {
            Issue.record("rendered into nothing")
            return
        }
        #expect(empty.reason.hasPrefix("nothing to render into"))
    }

    @Test func workersRenderPagesOfOneFileAtOnce() throws {
        let scratch = try PDFScratch("render-threads")
        let path = try scratch.sample("many.pdf", letterPages: 8)
        let renderer = PDFRenderer(idleDocuments: 2)
        let titles = Titles()
        DispatchQueue.concurrentPerform(iterations: 16) { i in
            guard case .success(let picture) = renderer.render(path, pageIndex: i % 8, maxWidth: 300, maxHeight: 300) else { return }
            let s = 300.0 / 792
            titles.add(SurfacePixels(picture).darkCount(x: Int(72 * s)..<Int(160 * s), y: Int(76 * s)..<Int(97 * s)))
        }
        #expect(titles.values.count == 16)
        #expect(titles.values.allSatisfy { $0 > 20 })
    }

    @Test func aChangedFileIsReadAfresh() throws {
        let scratch = try PDFScratch("render-change")
        let path = scratch.path("doc.pdf")
        let renderer = PDFRenderer()
        try PDFSampleDocument.write(to: path, pageSizes: [.letter]).get()
        let first = try renderer.render(path, pageIndex: 0, maxWidth: 200, maxHeight: 200).get()
        #expect(first.width == 155)
        try FileManager.default.removeItem(atPath: path)
        try PDFSampleDocument.write(to: path, pageSizes: [Size(width: 800, height: 400), .letter]).get()
        let second = try renderer.render(path, pageIndex: 0, maxWidth: 200, maxHeight: 200).get()
        #expect(second.width == 200 && second.height == 100)
    }
}

final class Titles: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var values: [Int] = []
    func add(_ value: Int) {
        lock.lock()
        values.append(value)
        lock.unlock()
    }
}
