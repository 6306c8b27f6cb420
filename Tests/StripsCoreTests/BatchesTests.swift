import Foundation
import Testing
@testable import StripsCore
@testable import StripsPhotosFeatures
@testable import StripsPhotos

/// Batches in the editor, with a host that answers the judges' questions from a table: the split
/// into documents, the blank marks, Ctrl+Shift+B then Delete and undo, B and undo, the names, and
/// asks that stay bounded however long the document.
@Suite struct BatchesTests {
    static let qr = SeparatorCode(symbology: "QR code", text: "Invoices/2024")
    static let patch = SeparatorCode(symbology: "Patch T", text: nil)

    /// p0 p1 blank2 | sepQR | p4 p5 blank6 | sepPatch | p8
    static let pages = SceneHarness.pages(Array(repeating: 0.77, count: 9))
    static let judgements: [String: PageJudgement] = [
        "p2.png": PageJudgement(blank: true), "p3.png": PageJudgement(blank: false, separator: qr),
        "p6.png": PageJudgement(blank: true), "p7.png": PageJudgement(blank: false, separator: patch),
    ]

    /// The script run with a host that judges from `judgements`, counting the pages it was asked.
    static func run(_ script: String, pages: [Page] = pages, judgements: [String: PageJudgement] = judgements,
                    asked: inout [String], saved: inout [SaveRequest]) throws -> [Trace] {
        let parsed = try Script.parse(script)
        var runner = HeadlessRunner(script: parsed, scene: PhotosScene(documentName: "Batch", pages: pages, windowSize: parsed.window),
                                    traceEveryFrame: false)
        var lines: [String] = []
        var questions: [String] = []
        var saves: [SaveRequest] = []
        try runner.run(
            resolveKey: { name, ctrl, shift in Key.Name(rawValue: name.lowercased()).map { Key($0, ctrl: ctrl, shift: shift) } },
            emit: { lines.append($0) }, screenshot: { _, _ in },
            host: { effect, _ in
                if let request = effect.as(JudgeRequest.self) {
                    questions += request.pages.map(\.id)
                    return [.judged(request.pages.map { JudgedPage(key: $0.textKey, judgement: judgements[$0.id] ?? .ordinary) })]
                }
                if let request = effect.as(SaveRequest.self) {
                    saves.append(request)
                    return [.saved(SaveOutcome(path: "/out/batch.pdf", request: request))]
                }
                return []
            })
        asked = questions
        saved = saves
        return try lines.map { try Trace(line: $0) }
    }

    static func documents(_ trace: Trace) -> [[String]] { trace.json["documents"] as? [[String]] ?? [] }
    static func blank(_ trace: Trace) -> [String] {
        (trace.strip("thumbnails")["cells"] as? [[String: Any]] ?? []).filter { $0["blank"] as? Bool == true }.compactMap { $0["page"] as? String }
    }
    static func selected(_ trace: Trace) -> [Int] { trace.json["selected"] as? [Int] ?? [] }

    @Test func theBatchOpensAsItsDocumentsWithItsBlankPagesMarked() throws {
        var asked: [String] = [], saved: [SaveRequest] = []
        let traces = try Self.run("at 0 dump", asked: &asked, saved: &saved)
        let first = try #require(traces.first)
        #expect(Self.documents(first) == [["p0.png", "p1.png", "p2.png"], ["p4.png", "p5.png", "p6.png"], ["p8.png"]])
        #expect(Self.blank(first) == ["p2.png", "p6.png"])
        // Each page asked for once.
        #expect(asked.sorted() == Self.pages.map(\.id).sorted())
    }

    @Test func ctrlShiftBSelectsTheBlankPagesDeleteRemovesThemAndUndoBringsThemBack() throws {
        var asked: [String] = [], saved: [SaveRequest] = []
        let traces = try Self.run("""
            at 100 key ctrl+shift+b
            at 120 dump
            at 200 key delete
            at 900 dump
            at 1000 key ctrl+z
            at 1800 dump
            """, asked: &asked, saved: &saved)
        #expect(Self.selected(traces[0]) == [2, 6])
        #expect(traces[1].pages == ["p0.png", "p1.png", "p3.png", "p4.png", "p5.png", "p7.png", "p8.png"])
        #expect(Self.documents(traces[1]) == [["p0.png", "p1.png"], ["p4.png", "p5.png"], ["p8.png"]])
        #expect(traces[2].pages == Self.pages.map(\.id))
        #expect(Self.blank(traces[2]) == ["p2.png", "p6.png"])
    }

    @Test func bPutsABreakAndTakesItAwayUndoably() throws {
        var asked: [String] = [], saved: [SaveRequest] = []
        // Focus on p1: a break before it; then on p4 (after the QR sheet): the sheet becomes ordinary.
        let traces = try Self.run("""
            at 100 key right
            at 600 key b
            at 900 dump
            at 1000 key ctrl+z
            at 1400 dump
            at 1500 key ctrl+y
            at 1900 key right
            at 2000 key right
            at 2100 key right
            at 2600 key b
            at 3000 dump
            at 3100 key b
            at 3500 dump
            """, asked: &asked, saved: &saved)
        #expect(Self.documents(traces[0]) == [["p0.png"], ["p1.png", "p2.png"], ["p4.png", "p5.png", "p6.png"], ["p8.png"]])
        #expect(traces[0].json["dirty"] as? Bool == true)
        #expect(Self.documents(traces[1]) == [["p0.png", "p1.png", "p2.png"], ["p4.png", "p5.png", "p6.png"], ["p8.png"]])
        // p4 in focus, after the QR sheet: B makes the sheet an ordinary page (B on it again would undo that).
        #expect(traces[2].active == 4)
        #expect(Self.documents(traces[2]) == [["p0.png"], ["p1.png", "p2.png", "p3.png", "p4.png", "p5.png", "p6.png"], ["p8.png"]])
        // B on p4 again: no break before it now, so one is put there.
        #expect(Self.documents(traces[3]) == [["p0.png"], ["p1.png", "p2.png", "p3.png"], ["p4.png", "p5.png", "p6.png"], ["p8.png"]])
    }

    @Test func savingSendsOneDocumentEachWithItsSeparatorsText() throws {
        var asked: [String] = [], saved: [SaveRequest] = []
        _ = try Self.run("at 100 key ctrl+s\nat 200 dump", asked: &asked, saved: &saved)
        let request = try #require(saved.first)
        #expect(request.documents.map { $0.pages.map(\.id) } == [["p0.png", "p1.png", "p2.png"], ["p4.png", "p5.png", "p6.png"], ["p8.png"]])
        #expect(request.documents.map(\.title) == [nil, "Invoices/2024", nil])
        #expect(request.pages.count == 7)
    }

    @Test func asksStayNearTheFocusHoweverLongTheDocument() throws {
        // Headless reach: the pages on screen only, whatever the length.
        for count in [10, 20_000] {
            var asked: [String] = [], saved: [SaveRequest] = []
            let pages = SceneHarness.pages(Array(repeating: 0.77, count: count))
            _ = try Self.run("at 0 dump\nat 500 key end\nat 1500 dump", pages: pages, judgements: [:], asked: &asked, saved: &saved)
            #expect(asked.count <= 2 * (2 * Judging.ring + 1), "\(count) pages: \(asked.count) asked")
            #expect(Set(asked).count == asked.count)
        }
    }

    @Test func everyPageReachGoesOutAChunkAtATimeAsAnswersCome() {
        var judging = Judging(reach: .everyPage)
        let pages = SceneHarness.pages(Array(repeating: 0.77, count: 20_000))
        var first = judging.wishes(pages, focus: 10_000, generation: 1)
        #expect(first.count == 2 * Judging.ring + 1)
        // Nothing more until those are answered.
        #expect(judging.wishes(pages, focus: 10_000, generation: 1).isEmpty)
        _ = judging.received(first.map { JudgedPage(key: $0.textKey, judgement: .ordinary) })
        first = judging.wishes(pages, focus: 10_000, generation: 1)
        #expect(first.count == Judging.chunk)
    }

    @Test func splitsAndNames() {
        let pages = Self.pages
        let split = DocumentSplit(pages: pages) { Self.judgements[$0.id]?.separator }
        #expect(split.parts.map(\.pages) == [0..<3, 4..<7, 8..<9])
        #expect(split.separators == [3, 7])
        #expect(split.part(holding: 5) == 1 && split.part(holding: 3) == nil)
        #expect(split.beginsDocument(4) && !split.beginsDocument(0) && !split.beginsDocument(5))
        // Separators in a row, at the start and at the end make no empty document.
        let edges = DocumentSplit(pages: pages) { ["p0.png", "p1.png", "p8.png"].contains($0.id) ? Self.patch : nil }
        #expect(edges.parts.map(\.pages) == [2..<8])
        #expect(DocumentNames.names(base: "batch", titles: [nil, "Invoices/2024", nil, "Invoices/2024", "  .hidden ", "\n"])
                == ["batch", "Invoices-2024", "batch-3", "Invoices-2024 (2)", "hidden", "batch-6"])
    }

    /// Names made from a page's content cannot lie (issue 38): what a code hides or reverses goes,
    /// what it spells two ways is one name, nothing hidden or taken for an option, 200 bytes at most.
    @Test func hostileTextsBecomeReadableSafeDistinctNames() {
        let cases: [(String, String?)] = [
            ("Rechnung Ma\u{308}rz", "Rechnung März"),          // decomposed ä, composed (NFC)
            ("\u{202E}fdp.exe", "fdp.exe"),                     // a right-to-left override: shown reversed
            ("Inv\u{200B}oices", "Invoices"),                   // a zero-width space
            ("\u{2066}Tax\u{2069} \u{2067}2024\u{2069}", "Tax 2024"),  // bidirectional isolates
            ("a\u{2028}b\u{2029}c", "a b c"),                   // line and paragraph separators
            ("\u{FEFF}\u{200D}\u{200E}x\u{E000}", "x"),           // BOM, joiner, mark, private use
            ("Tab\there\r\nnow", "Tab here now"),
            ("-rf --no-preserve-root", "rf --no-preserve-root"),
            ("../../etc/passwd", "etc-passwd"),
            ("..", nil), ("\u{202E}\u{200B}", nil), ("--", nil),
            ("$(rm -rf x)", "$(rm -rf x)"),                      // harmless in a name: no shell sees it
        ]
        for (text, name) in cases { #expect(DocumentNames.safe(text) == name, "\(text.unicodeScalars.map { String($0.value, radix: 16) })") }
        // 200 bytes at most, cut between characters: 66 three-byte euros after the "a".
        let long = DocumentNames.safe("a" + String(repeating: "€", count: 250))
        #expect(long?.utf8.count == 199 && long?.hasSuffix("€") == true)
        #expect(DocumentNames.safe(String(repeating: "e\u{301}", count: 150))?.utf8.count == 200)
        // Distinct, after the rules: a name that only looked different is numbered.
        #expect(DocumentNames.names(base: "batch", titles: [nil, "Inv\u{200B}oices", "Invoices", "\u{202E}"])
                == ["batch", "Invoices", "Invoices (2)", "batch-4"])
    }
}

extension PhotosScene {
    /// Every page judged an ordinary page, as a host with nothing to find answers: a save after it
    /// goes at once (a save first waits for every page to be judged).
    mutating func judgedOrdinary(at time: Double = 0) {
        handle(.host(.judged(pages.map { JudgedPage(key: $0.textKey, judgement: .ordinary) })), at: time)
    }
}
