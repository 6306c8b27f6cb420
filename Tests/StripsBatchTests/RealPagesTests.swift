import Foundation
import StripsBatch
import StripsConvert
import StripsCore
import StripsPDF
import StripsPictures
import StripsRealPages
import StripsRender
import StripsSampleBatches
import StripsTestSupport
import Testing

/// The judgements Strips makes by itself, on real pages (Tests/Corpus/real, public documents
/// nobody here made): held to docs/REAL-PAGES.md's numbers, the held-out part at least as often
/// right as the tuned part.
@Suite("Real pages")
struct RealPagesTests {
    static let corpus = try? RealCorpus()
    static let reader = PageReader(pdf: PDFPages(renderer: PDFRenderer()), renderer: PageRenderer())

    static func tallies<R>(_ results: [R], part: (R) -> RealCorpus.Part, right: (R) -> Bool) -> (tuned: Tally, heldOut: Tally) {
        var tuned = Tally(), heldOut = Tally()
        for result in results {
            if part(result) == .tuned { tuned.add(right(result)) } else { heldOut.add(right(result)) }
        }
        return (tuned, heldOut)
    }

    @Test("every real page is judged ordinary: no receipt, patent or book page taken for a separator sheet or a blank page")
    func classes() throws {
        let corpus = try #require(Self.corpus)
        let results = RealEvaluation(corpus: corpus, reader: Self.reader).classes()
        #expect(results.count == corpus.entries.count)
        for result in results { #expect(result.right, "\(result.entry.file): judged \(result.judged) \(result.detail)") }
        let (tuned, heldOut) = Self.tallies(results, part: { $0.entry.part }, right: \.right)
        #expect(heldOut.share >= tuned.share, "held-out \(heldOut), tuned \(tuned)")
        #expect(results.filter { $0.entry.code != nil }.count >= 12, "the corpus has its receipts and patent")
    }

    @Test("separator sheets as printed: a title at the top and a code in the middle; the code's UTF-8 text as written")
    func printedSeparators() throws {
        let sheets = [SampleSheet(.printedSeparator(.qr("Rechnung März"), lines: ["Separator sheet"]), seed: 1),
                      SampleSheet(.printedSeparator(.qr("Verträge/2025"), lines: ["Separator sheet", "Put this sheet before each document.",
                                                                                   "Its QR code names the file."]), seed: 2),
                      SampleSheet(.printedSeparator(.code128("ACME-4711"), lines: ["Separator sheet"]), seed: 3)]
        let folder = try TemporaryFolder()
        let paths = try #require(SampleBatch.write(sheets, dpi: 150, to: folder.path))
        let judge = PageJudge(reader: Self.reader)
        let pages = DocumentLoader.pages(for: paths, reader: Self.reader, report: { _ in })
        #expect(pages.count == 3)
        let codes = pages.map { judge.judge($0).separator?.text }
        #expect(codes == ["Rechnung März", "Verträge/2025", "ACME-4711"])
    }

    @Test("orientation, per class: readable pages turned a quarter, a half or three quarters come out upright, tuned and held-out; no page is turned wrong",
          arguments: ["receipt-flatbed", "book-photo", "scan"])
    func orientation(kind: String) throws {
        let corpus = try #require(Self.corpus).only(kinds: [kind])
        // Each page upright and in one turn (1, 2, 3 in turn): every turn is asked, at half the cost.
        let results = RealEvaluation(corpus: corpus, reader: Self.reader).orientation(turns: { [0, $0 % 3 + 1] })
        #expect(results.count >= 8)
        let wrong = results.filter(\.wrongTurn).map { "\($0.entry.file) turned \($0.turned): applies \($0.applied)" }
        #expect(wrong.isEmpty, "\(wrong)")
        let upright = results.filter { $0.turned == 0 && !$0.right }.map(\.entry.file)
        #expect(upright.isEmpty, "upright pages turned: \(upright)")
        let pages = results.filter { $0.turned != 0 }
        let turned = Self.tallies(pages, part: { $0.entry.part }, right: \.right)
        let missed = pages.filter { !$0.right }.map { "\($0.entry.file) turned \($0.turned), confidence \($0.confidence ?? -1)" }
        // docs/REAL-PAGES.md: every page, tuned and held-out (receipts lying on a side too).
        #expect(turned.tuned.right == turned.tuned.total, "\(missed)")
        #expect(turned.heldOut.right == turned.heldOut.total, "\(missed)")
    }

    @Test("--borders auto levels real flatbed scans set a little askew back to the page as stored, and never turns one wrong")
    func scansSetAskewAreLevelled() throws {
        let corpus = try #require(Self.corpus)
        let scans = corpus.entries.filter { $0.kind == "scan" }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strips-levelling-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Each scan turned 2 degrees one way or the other (docs/REAL-PAGES.md: 1.5 and 3 either way).
        let results = RealEvaluation(corpus: corpus, reader: Self.reader).levelling(scans, angles: { [$0 % 2 == 0 ? 2 : -2] }, folder: folder)
        #expect(results.count == 10)
        let wrong = results.filter(\.wrongTurn).map { "\($0.entry.file) turned \($0.turned): applies \($0.applied) (as stored \($0.own))" }
        #expect(wrong.isEmpty, "\(wrong)")
        let (tuned, heldOut) = Self.tallies(results, part: { $0.entry.part }, right: \.right)
        let missed = results.filter { !$0.right }.map { "\($0.entry.file) turned \($0.turned): applies \($0.applied) (as stored \($0.own))" }
        #expect(tuned.right == tuned.total, "\(missed)")
        #expect(heldOut.right >= 4, "\(missed)")
    }

    @Test("--borders auto on real book photos and photos keeps every word Tesseract reads surely on the picture as it is")
    func cropsKeepText() throws {
        let corpus = try #require(Self.corpus)
        let photos = corpus.entries.filter { $0.kind == "book-photo" || $0.kind == "photo" }
        // Read at 120 dpi: the same words on both sides of the comparison, at a fraction of the cost.
        let results = RealEvaluation(corpus: corpus, reader: Self.reader).crops(photos, dpi: 120)
        #expect(results.count == 10)
        // Pages set in Fraktur are held to their letters instead (`BorderFinder.wholeCurve` lays
        // one flat only when no word's letter is left out), and their lines (DewarpTests).
        let losing = results.filter { $0.losesText && $0.entry.fraktur != true }.map { "\($0.entry.file): \($0.sureKept) of \($0.sureRead) sure words" }
        #expect(losing.isEmpty, "\(losing)")
        #expect(results.map(\.rawWords).reduce(0, +) >= 500, "the photos' words are read")
    }

    @Test("--borders auto on real receipts lying on a flatbed: each is cropped to itself, and no crop leaves out a word printed on it")
    func receiptsAreCroppedToThemselves() throws {
        let corpus = try #require(Self.corpus)
        let receipts = corpus.entries.filter { $0.kind == "receipt-flatbed" }
        // Held to the words their dataset's own OCR found printed on them (text-words.json), not read again.
        let results = RealEvaluation(corpus: corpus, reader: Self.reader).crops(receipts, readAgain: false)
        #expect(results.count == 22)
        let cutting = results.filter(\.cutsText).map { "\($0.entry.file): \($0.sureWordsInside) of \($0.sureWords) words inside" }
        let (tunedHeld, heldOutHeld) = Self.tallies(results, part: { $0.entry.part }, right: { !$0.cutsText })
        let (tunedCropped, heldOutCropped) = Self.tallies(results, part: { $0.entry.part }, right: { $0.cropped && !$0.cutsText })
        // docs/REAL-PAGES.md: every receipt holds every word; tuned 8 of 8 cropped to themselves,
        // held-out 11 of 14 (3 kept whole).
        #expect(tunedHeld.right == 8 && tunedCropped.right == 8, "\(cutting)")
        #expect(heldOutHeld.right == 14 && heldOutCropped.right >= 11, "\(cutting)")
    }
}
