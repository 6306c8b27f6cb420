import Foundation
import StripsCore
import StripsFiles
import StripsPDF
import StripsPictures
import Testing
@testable import StripsExport

/// Issue 19's corpus: `Scripts/make-damaged-pdfs.sh` damages a PDF every way it knows
/// (truncations; cross-reference, object-stream and content flips; page-tree cycles; /Count lies;
/// bad boxes; encryption), and each copy is opened and saved as the app does. A file that opens
/// saves exactly the pages shown (each saved page looks like the page shown) into a PDF that
/// passes `qpdf --check`; a file that does not open refuses to save its error card, in the words
/// it was refused with when it was opened.
@Suite(.serialized) struct DamagedPDFCorpusTests {
    /// Four small pages of two shapes, each with its own title, so a page saved in another's
    /// place shows.
    static let pageSizes = (0..<4).map { $0 % 3 == 2 ? Size(width: 260, height: 200) : Size(width: 200, height: 260) }

    static func corpus(_ files: SaveFixtures) throws -> [String] {
        let source = files.path("source.pdf")
        try PDFSampleDocument.write(to: source, pageSizes: pageSizes, label: "Sheet", curves: 30).get()
        let made = try Tool.run(repositoryFile("Scripts/make-damaged-pdfs.sh"), [files.path("corpus"), source])
        #expect(made.status == 0, "\(made.stderr)")
        return files.listing(files.path("corpus")).map { files.path("corpus/\($0)") }
    }

    static func repositoryFile(_ path: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(path).path
    }

    @Test func everyDamagedPDFSavesExactlyThePagesShown() throws {
        let files = try SaveFixtures()
        let corpus = try Self.corpus(files)
        #expect(corpus.count >= 35)
        let classes = Set(corpus.map { ($0 as NSString).lastPathComponent.components(separatedBy: "--")[0] })
        #expect(classes == ["pristine", "truncate", "xref", "objstm", "content", "tree", "count", "box", "encrypt"])
        try FileManager.default.createDirectory(atPath: files.path("saved"), withIntermediateDirectories: true)
        let renderer = PDFRenderer(idleDocuments: 2)
        var opened: [String: Result<PDFDocumentInfo, PDFFailure>] = [:]
        var notes: [String: [String]] = [:]
        for path in corpus {
            let name = (path as NSString).lastPathComponent
            let destination = files.path("saved/\(name)")
            let open = PDFSource.open(path)
            opened[name] = open
            switch open {
            case .failure(let failure):
                // The document holds the file's error card: saving it is refused in the same words.
                #expect(throws: SaveError.page(destination, name, .verbatim(failure.reason))) {
                    try DocumentExporter.save([ExportPage(source: .pdfPage(path: path, index: 0))], to: destination, sourcePaths: [path])
                }
                #expect(!FileManager.default.fileExists(atPath: destination))
            case .success(let info):
                let pages = (0..<info.pageCount).map { ExportPage(source: .pdfPage(path: path, index: $0)) }
                // Every write checked as always, but not flushed to the disk: what is saved is
                // the question here (WriteFailureTests fail the flushes), and an fsync can take a
                // quarter of a second on a busy disk.
                let result = try DocumentExporter.save(pages, to: destination, sourcePaths: [path], replacing: false,
                                                       calls: Self.unflushed, progress: { _ in })
                notes[name] = result.notes
                #expect(result.pageCount == info.pageCount)
                let check = try Tool.run("qpdf", ["--check", destination])
                #expect(check.status == 0, "\(name): \(check.stdout) \(check.stderr)")
                #expect(try PDFSource.open(destination).get().pageCount == info.pageCount, "\(name)")
                // Each saved page has the ink of the page shown in its place, and is nearer to it
                // than to any other page of the file.
                let shown = try (0..<info.pageCount).map { try Self.ink(renderer, path, $0) }
                for index in 0..<info.pageCount {
                    let ink = try Self.ink(renderer, destination, index)
                    let distances = shown.map { Self.difference(ink, $0) }
                    // (A page the file lists twice is shown twice: either copy is that page.)
                    #expect(distances[index] < 0.013 && distances.indices.allSatisfy {
                        $0 == index || distances[$0] > distances[index] || Self.difference(shown[$0], shown[index]) == 0
                    },
                            "\(name) page \(index + 1) saved is not the page shown: \(distances)")
                }
            }
        }
        #expect(opened.values.contains { (try? $0.get()) != nil } && opened.values.contains { (try? $0.get()) == nil })

        // What each class gives. Intact: every page copied as it is (text stays text), nothing to say.
        #expect(notes["pristine--objstm.pdf"] == [] && notes["pristine--xref-table.pdf"] == [])
        #expect(try Tool.run("pdftotext", ["-f", "4", "-l", "4", files.path("saved/pristine--objstm.pdf"), "-"]).stdout.contains("Sheet 4"))
        // A /Count that lies: poppler shows none of the pages; the file is one error card that
        // cannot be saved (never the title page nobody saw).
        for lie in ["2147483647", "1000000000", "-1", "0"] {
            #expect(opened["count--\(lie).pdf"]?.failureReason == "damaged: none of its 4 pages could be read")
        }
        #expect((try? opened["count--1.pdf"]?.get())?.problem == "damaged: 1 of 4 pages could be read")
        // Encryption: a password, or a method qpdf does not know, in the same words opened and saved.
        #expect(opened["encrypt--password.pdf"]?.failureReason == "encrypted: needs a password")
        #expect(opened["encrypt--unknown-handler.pdf"]?.failureReason == "encrypted by a method Strips cannot read")
        #expect(opened["encrypt--unknown-revision.pdf"]?.failureReason == "encrypted by a method Strips cannot read")
        #expect((try? opened["encrypt--restrictions-only.pdf"]?.get())?.pageCount == 4)
        // Damaged content and a box no two viewers agree on: that page saved as shown, and said so.
        #expect(notes["content--page-1.pdf"]?.count == 1)
        #expect(notes["content--page-1.pdf"]?.first?.hasSuffix(
            "content--page-1.pdf: 1 page saved as pictures at 300 dpi: the file is damaged, so it cannot be copied as it is") == true)
        #expect(notes["box--empty.pdf"]?.first?.contains("box--empty.pdf: 1 page saved as pictures") == true)
    }

    static let unflushed = FileCalls(write: FileCalls.system.write, sync: { _ in 0 }, close: FileCalls.system.close)

    /// A page's ink, 12 blocks across: rendered at 192 pixels, each block's mean grey. Fine
    /// detail (a hairline vector curve against the same curve in a 300 dpi picture) averages out;
    /// another page's title, curves or shape does not.
    static func ink(_ renderer: PDFRenderer, _ path: String, _ page: Int) throws -> (width: Int, blocks: [Double]) {
        let picture = try renderer.render(path, pageIndex: page, maxWidth: 420, maxHeight: 420).get()
        let w = picture.width, h = picture.height, side = 35
        let bw = (w + side - 1) / side, bh = (h + side - 1) / side
        var sums = [Double](repeating: 0, count: bw * bh), counts = [Double](repeating: 0, count: bw * bh)
        // B, G, R, A rows, packed.
        let pitch = picture.bytesPerRow
        picture.bytes.withUnsafeBufferPointer { pixels in
            for y in 0..<h {
                let row = y * pitch
                for x in 0..<w {
                    let grey = Int(pixels[row + x * 4]) + Int(pixels[row + x * 4 + 1]) + Int(pixels[row + x * 4 + 2])
                    sums[(y / side) * bw + x / side] += 1 - Double(grey) / 765
                    counts[(y / side) * bw + x / side] += 1
                }
            }
        }
        return (bw, zip(sums, counts).map { $0 / max($1, 1) })
    }

    /// 0 for the same ink, larger the more two pages differ; 1 for different shapes.
    static func difference(_ a: (width: Int, blocks: [Double]), _ b: (width: Int, blocks: [Double])) -> Double {
        guard a.width == b.width, a.blocks.count == b.blocks.count else { return 1 }
        return zip(a.blocks, b.blocks).map { abs($0 - $1) }.reduce(0, +) / Double(a.blocks.count)
    }
}

extension Result where Failure == PDFFailure {
    var failureReason: String? {
        if case .failure(let failure) = self { return failure.reason }
        return nil
    }
}
