import Foundation
import Testing
@testable import StripsCore
@testable import StripsPhotosFeatures
@testable import StripsPhotos

/// Issue 22 in the editor: `l` cycles a page's look as one undoable correction, the trace counts
/// the pages whose text is known, Ctrl+F searches it (case and accents ignored) and highlights the
/// current hit on its page, Return / Shift+Return step through the hits, Ctrl+C copies a page's
/// text, `o` turns pages the way up their text was found.
@Suite struct TextAndSearchTests {
    /// Page 1 says "Rue de l'École" on one line, page 3 "ECOLE normale" and "Straße" lower down.
    static let words: [Int: PageWords] = [
        1: PageWords(words: [PageWords.Word(text: "Rue", box: Rect(x: 0.1, y: 0.2, width: 0.1, height: 0.03), line: 0),
                             PageWords.Word(text: "de", box: Rect(x: 0.22, y: 0.2, width: 0.05, height: 0.03), line: 0),
                             PageWords.Word(text: "l'École", box: Rect(x: 0.3, y: 0.2, width: 0.2, height: 0.03), line: 0)],
                     text: "Rue de l'École"),
        3: PageWords(words: [PageWords.Word(text: "ECOLE", box: Rect(x: 0.1, y: 0.1, width: 0.3, height: 0.05), line: 0),
                             PageWords.Word(text: "normale", box: Rect(x: 0.45, y: 0.1, width: 0.35, height: 0.05), line: 0),
                             PageWords.Word(text: "Straße", box: Rect(x: 0.1, y: 0.8, width: 0.3, height: 0.05), line: 1)],
                     text: "ECOLE normale\nStraße", upright: 1),
    ]

    static func recognised(_ pages: [Page]) -> [HostEvent] {
        [.text(.recognised(words.keys.sorted().map { RecognisedText(key: pages[$0].textKey, words: words[$0] ?? .empty) }))]
    }

    /// The script run as `strips photos --script` runs it, the host answering with the words above
    /// before the first frame; effects the scene returned are kept.
    static func run(_ script: String, pages: [Page] = SceneHarness.fivePages) throws -> (traces: [Trace], effects: [Effect]) {
        let parsed = try Script.parse(script)
        var runner = HeadlessRunner(script: parsed, scene: PhotosScene(documentName: "T", pages: pages, windowSize: parsed.window),
                                    traceEveryFrame: false)
        var lines: [String] = [], effects: [Effect] = []
        var answered = false
        try runner.run(
            resolveKey: { name, ctrl, shift in Key.Name(rawValue: name.lowercased()).map { Key($0, ctrl: ctrl, shift: shift) } },
            emit: { lines.append($0) }, screenshot: { _, _ in },
            host: { effect, _ in effects.append(effect); return [] },
            poll: {
                guard !answered else { return [] }
                answered = true
                return recognised(pages)
            })
        return (try lines.map { try Trace(line: $0) }, effects)
    }

    @Test func lCyclesTheLookOfThePageInFocusAsOneUndoableEdit() throws {
        let (traces, _) = try Self.run("""
            at 0 key l
            at 400 dump
            at 500 key l
            at 900 dump
            at 1000 key l
            at 1400 dump
            at 1500 key l
            at 1900 dump
            at 2000 key ctrl+z
            at 2400 dump
            """)
        let looks = traces.map { $0.cells("preview").first { $0.index == 0 }?.json["look"] as? String }
        #expect(looks == ["colour", "grey", "bw", nil, "bw"])
        // The thumbnail carries it too, and the document is edited.
        #expect(traces[2].cells("thumbnails").first { $0.index == 0 }?.json["look"] as? String == "bw")
        #expect(traces[0].json["dirty"] as? Bool == true)
    }

    @Test func lGivesEverySelectedPageTheNextLookOfThePageInFocus() throws {
        let (traces, _) = try Self.run("""
            at 0 key ctrl+a
            at 100 key l
            at 600 dump
            """)
        let looks = traces[0].cells("thumbnails").map { $0.json["look"] as? String }
        #expect(!looks.isEmpty && looks.allSatisfy { $0 == "colour" }, "\(looks)")
    }

    @Test func theTraceCountsThePagesWhoseTextIsKnown() throws {
        let (traces, _) = try Self.run("at 0 dump")
        let text = try #require(traces.first?.json["text"] as? [String: Any])
        #expect((text["pages"] as? NSNumber)?.intValue == 2 && (text["of"] as? NSNumber)?.intValue == 5)
        #expect(traces.first?.json["search"] == nil)
    }

    func search(_ trace: Trace) -> [String: Any] { trace.json["search"] as? [String: Any] ?? [:] }
    func rects(_ trace: Trace) -> [Rect] {
        (search(trace)["rects"] as? [[NSNumber]] ?? []).map { Rect(x: $0[0].doubleValue, y: $0[1].doubleValue, width: $0[2].doubleValue, height: $0[3].doubleValue) }
    }

    @Test func searchIgnoresCaseAndAccentsCountsHitsAndHighlightsTheCurrentOneOnItsPage() throws {
        let (traces, _) = try Self.run("""
            at 0 key ctrl+f
            at 100 text ecole
            at 1500 dump
            at 1600 key return
            at 3000 dump
            at 3100 key shift+return
            at 4500 dump
            at 4600 key escape
            at 4700 dump
            """)
        // "ecole" finds "l'École" on page 1 and "ECOLE" on page 3; the first from the focus is shown.
        #expect(search(traces[0])["query"] as? String == "ecole")
        #expect((search(traces[0])["hits"] as? NSNumber)?.intValue == 2)
        #expect((search(traces[0])["current"] as? NSNumber)?.intValue == 0)
        #expect(search(traces[0])["page"] as? String == "p1.png")
        #expect(traces[0].active == 1)
        // The rectangle is on the word: its share of the page's picture as drawn (zoom included).
        for (trace, page, box) in [(traces[0], 1, Rect(x: 0.3, y: 0.2, width: 0.2, height: 0.03)),
                                   (traces[1], 3, Rect(x: 0.1, y: 0.1, width: 0.3, height: 0.05))] {
            let image = try #require(trace.cells("preview").first { $0.index == page }).rect("image")
            let expected = Rect(x: image.minX + box.minX * image.width, y: image.minY + box.minY * image.height,
                                width: box.width * image.width, height: box.height * image.height)
            let drawn = try #require(rects(trace).first)
            #expect(abs(drawn.minX - expected.minX) < 1 && abs(drawn.minY - expected.minY) < 1
                    && abs(drawn.width - expected.width) < 1 && abs(drawn.height - expected.height) < 1, "\(drawn) vs \(expected)")
            // The hit is in the window, where the glide brought its page.
            #expect(drawn.minX >= 0 && drawn.maxX <= 1024 && drawn.minY >= 0 && drawn.maxY <= 768, "\(drawn)")
        }
        #expect(search(traces[1])["page"] as? String == "p3.png" && traces[1].active == 3)
        #expect(search(traces[2])["page"] as? String == "p1.png" && traces[2].active == 1)
        #expect(traces[3].json["search"] == nil)
    }

    @Test func aWordAcrossTheSharpSFindsTheStreet() throws {
        let (traces, _) = try Self.run("""
            at 0 key ctrl+f
            at 100 text STRASSE
            at 1500 dump
            at 1600 text x
            at 1700 dump
            """)
        #expect((search(traces[0])["hits"] as? NSNumber)?.intValue == 1 && search(traces[0])["page"] as? String == "p3.png")
        #expect((search(traces[1])["hits"] as? NSNumber)?.intValue == 0 && (search(traces[1])["current"] as? NSNumber)?.intValue == -1)
        #expect(rects(traces[1]).isEmpty)
    }

    @Test func ctrlCCopiesTheTextOfThePageInFocus() throws {
        let (traces, effects) = try Self.run("""
            at 0 key right
            at 800 key ctrl+c
            at 900 dump
            """)
        #expect(effects.contains(.copy("Rue de l'École")))
        #expect(traces[0].json["clipboard"] as? String == "Rue de l'École")
    }

    /// A scanned page still arriving has no file to read: the host is not asked for its text
    /// until it has arrived (a page that cannot be drawn is not asked again).
    @Test func aScannedPageIsAskedForItsTextOnlyOnceItHasArrived() throws {
        var scene = PhotosScene(documentName: "T", pages: SceneHarness.pages([0.7, 0.7]), windowSize: Size(width: 800, height: 600))
        let scan = Page(id: "Scan 1", source: .scan(path: "/recovery/scan-1.png", number: 1), pixelSize: Size(width: 1000, height: 1414))
        _ = scene.handle(.key(Key(.n, ctrl: true)), at: 0)
        scene.handle(.host(.scan(.started(scan))), at: 0)
        /// The pages asked for after a tick at `t`; nil when nothing new is asked.
        func asked(_ t: Double) -> [String]? {
            scene.tick(at: t)
            guard let request = scene.effectsDue(at: t).first?.as(TextRequest.self) else { return nil }
            #expect(request.purpose == .near)
            return request.pages.map(\.id)
        }
        #expect(scene.transfers.scan?.arriving?.placed == "Scan 1")
        // Its slot opens; where the strips rest, the pages around it are asked for, not it.
        var t = 0.0
        var first: [String] = []
        while (!scene.isIdle || first.isEmpty) && t < 5 {
            t += 1.0 / 60
            first += asked(t) ?? []
        }
        #expect(Set(first) == ["p0.png", "p1.png"])
        #expect(asked(t + 0.02) == nil)
        scene.handle(.host(.scan(.finished(scan))), at: t + 0.1)
        scene.handle(.host(.scan(.ended(pages: 1, end: .finished))), at: t + 0.1)
        t += 0.1
        var later: [String] = []
        repeat {
            t += 1.0 / 60
            later += asked(t) ?? []
        } while (!scene.isIdle || !scene.strips.queue.isEmpty) && t < 10
        #expect(scene.transfers.scan?.arriving == nil)
        #expect(later.contains("Scan 1"))
    }

    @Test func oTurnsThePagesTheWayUpTheirTextWasFoundAsOneUndoableEdit() throws {
        let (traces, _) = try Self.run("""
            at 0 key o
            at 800 dump
            at 900 key ctrl+z
            at 1700 dump
            """)
        let turns = traces.map { trace in trace.cells("thumbnails").map { ($0.json["rotation"] as? NSNumber)?.intValue ?? -1 } }
        #expect(turns[0] == [0, 0, 0, 90, 0])
        #expect(turns[1] == [0, 0, 0, 0, 0])
    }
}
