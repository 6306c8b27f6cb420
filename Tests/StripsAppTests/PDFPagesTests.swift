import Foundation
import StripsCore
import StripsPhotosFeatures
import StripsPhotos
import StripsPDF
@testable import StripsPictures
@testable import StripsSDL
import StripsTestSupport
import Testing

/// PDFs open as pages among pictures: every page of a good PDF is a page of the document, drawn
/// sharp from poppler; a PDF that cannot be opened is named once and shows an error card.
@Suite(.serialized) struct PDFPagesTests {
    init() throws { try SDLSystem.start(video: false) }

    /// A scratch folder: a JPEG, a two-page PDF, and one PDF of each bad kind.
    func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strips-pdfpages-\(getpid())-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: LoaderFixtures.samplePage, toPath: folder.appendingPathComponent("a-scan.jpg").path)
        let good = folder.appendingPathComponent("b-report.pdf").path
        try PDFSampleDocument.write(to: good, pageSizes: [.letter, Size(width: 792, height: 612)], label: "Report").get()
        let whole = try Data(contentsOf: URL(fileURLWithPath: good))
        try whole.prefix(whole.count * 6 / 10).write(to: folder.appendingPathComponent("c-truncated.pdf"))
        let locked = folder.appendingPathComponent("d-locked.pdf").path
        #expect(try runProcess("/usr/bin/env", ["qpdf", "--encrypt", "secret", "owner", "256", "--", good, locked]).status == 0)
        let empty = "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R /Size 3 >>\n%%EOF\n"
        try empty.write(to: folder.appendingPathComponent("e-empty.pdf"), atomically: true, encoding: .utf8)
        return folder
    }

    @Test func pdfPagesArePagesAndBadPDFsAreNamedOnceWithACard() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        var lines: [String] = []
        let files = try DocumentLoader.imageFiles(in: [dir.path])
        let reader = PageReader(pdf: PDFPages())
        let pages = DocumentLoader.pages(for: files, reader: reader) { lines.append($0) }
        #expect(pages.map(\.id) == ["a-scan.jpg", "b-report.pdf p. 1", "b-report.pdf p. 2", "c-truncated.pdf", "d-locked.pdf", "e-empty.pdf"])
        #expect(pages[1].source == .pdfPage(path: files[1], index: 0) && pages[2].source == .pdfPage(path: files[1], index: 1))
        // Page shapes from the PDF without rendering: letter portrait, then landscape.
        #expect(abs(pages[1].pixelSize.width - 2550) < 1e-6 && abs(pages[1].pixelSize.height - 3300) < 1e-6)
        #expect(abs(pages[2].aspectRatio - 792.0 / 612) < 1e-9)
        #expect(lines.count == 3)
        #expect(lines.contains { $0.hasSuffix("c-truncated.pdf: truncated") || $0.contains("c-truncated.pdf: truncated") })
        #expect(lines.contains { $0.hasSuffix("d-locked.pdf: encrypted: needs a password") })
        #expect(lines.contains { $0.hasSuffix("e-empty.pdf: no pages") })

        var scene = PhotosScene(documentName: "Mixed", pages: pages, windowSize: Size(width: 800, height: 600))
        let renderer = try OffscreenRenderer(fonts: nil, textures: TextureOptions(reader: reader, decode: .sync))
        var failures: [String] = []
        renderer.onImageFailure = { path, _ in failures.append(path) }
        var t = 0.0
        func show(_ index: Int) throws -> PhotosFrame.PreviewCell {
            while scene.strips.focusIndex < index {
                scene.handle(.key(Key(.right)), at: t)
                while !scene.isIdle { t += 1.0 / 60; scene.tick(at: t) }
            }
            try renderer.render(scene.frame(at: t))
            return try #require(scene.previewCells().first { $0.index == index })
        }
        // The PDF page is drawn from poppler's rendering: white paper with the dark label on it.
        let page = try show(1)
        #expect(renderer.hasTexture(ImageRef(source: .pdfPage(path: pages[1].path, index: 0), variant: .full)))
        var dark = 0, white = 0
        for y in stride(from: Int32(page.picture.minY) + 2, to: Int32(page.picture.maxY) - 2, by: 3) {
            for x in stride(from: Int32(page.picture.minX) + 2, to: Int32(page.picture.maxX) - 2, by: 3) {
                guard let (r, g, b) = renderer.pixel(x: x, y: y) else { continue }
                if Int(r) + Int(g) + Int(b) < 200 { dark += 1 } else if r > 245 && g > 245 && b > 245 { white += 1 }
            }
        }
        #expect(dark > 20 && white > dark * 5, "dark \(dark), white \(white)")
        // Each bad PDF is its error card, and is not named again when drawn.
        for index in 3...5 {
            let cell = try show(index)
            let (r, g, b) = try #require(renderer.pixel(x: Int32(cell.picture.minX + 4), y: Int32(cell.picture.minY + 4)))
            let card = Canvas.errorCardColor
            #expect((Int(r), Int(g), Int(b)) == (Int(card.r), Int(card.g), Int(card.b)), "page \(index)")
        }
        #expect(failures.isEmpty)
    }
}
