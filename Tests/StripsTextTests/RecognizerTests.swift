import Foundation
import StripsPictures
import StripsSampleScans
import StripsText
import Testing

@Suite("Recognition")
struct RecognizerTests {
    @Test("a turned, shadowed 300 dpi letter page: at least 95 % of its long words, boxes on the drawn words")
    func readsALetterPage() {
        let (scan, text) = TextFixtures.letter
        #expect(WordAccuracy.share(truth: scan.text, read: text.text) >= 0.95)
        #expect(WordAccuracy.share(truth: scan.text, read: text.words.map(\.text).joined(separator: " ")) >= 0.95)
        #expect(text.width == Double(scan.picture.width) && text.height == Double(scan.picture.height))
        #expect(text.origin == .recognised(languages: "eng"))
        // Each recognised word lies on a drawn word with that text: every edge within 2 pt (8.3 px at 300 dpi).
        let tolerance = 2 * scan.dpi / 72
        var pool = Dictionary(grouping: scan.words, by: \.text)
        var close = 0, matched = 0
        for word in text.words {
            guard let candidates = pool[word.text], !candidates.isEmpty else { continue }
            func distance(_ drawn: DrawnWord) -> Double {
                [abs(drawn.x - word.box.x), abs(drawn.y - word.box.y), abs(drawn.x + drawn.width - word.box.maxX),
                 abs(drawn.y + drawn.height - word.box.maxY)].max() ?? .infinity
            }
            let best = candidates.indices.min { distance(candidates[$0]) < distance(candidates[$1]) } ?? 0
            matched += 1
            if distance(candidates[best]) <= tolerance { close += 1 }
            pool[word.text]?.remove(at: best)
        }
        #expect(matched >= scan.words.count * 9 / 10)
        #expect(Double(close) / Double(matched) >= 0.98)
        // Lines hold their words in order, and the confidence is high on a clean page.
        #expect(text.lines.count >= 30)
        #expect(text.lines.allSatisfy { !$0.wordRange.isEmpty && $0.baseline != nil })
        #expect(text.words.indices.allSatisfy { text.lines[text.words[$0].line].wordRange.contains($0) })
        #expect((text.meanConfidence ?? 0) > 85)
    }

    @Test("a missing language is one clear error naming the Debian package; a nonsense list is refused")
    func missingLanguage() {
        #expect(throws: RecognitionError.self) { try Recognizer(languages: "eng+qqq") }
        do {
            _ = try Recognizer(languages: "eng+qqq")
        } catch {
            #expect(error == .missingLanguage("qqq", installed: TessData.languages(in: TessData.folder() ?? "")))
            #expect(error.description.contains("tesseract-ocr-qqq"))
            #expect(error.description.contains("eng"))
        }
        for nonsense in ["", "+", "eng+", "../../etc/passwd", "eng deu", "eng;rm"] {
            do {
                _ = try Recognizer(languages: nonsense)
                Issue.record("accepted \(nonsense)")
            } catch {
                #expect(error == .badLanguages(nonsense))
            }
        }
        do {
            _ = try Recognizer(languages: "eng", dataFolder: "/nonexistent")
            Issue.record("started without data")
        } catch {
            #expect(error == .missingLanguage("eng", installed: []))
        }
    }

    @Test("cancelled before or while a page is read: .cancelled, and the engine reads the next page")
    func cancelling() throws {
        let recognizer = try Recognizer(languages: "eng")
        let scan = TextFixtures.strip()
        let early = RecognitionCancel()
        early.cancel()
        #expect(throws: RecognitionError.cancelled) { try recognizer.recognise(scan.picture, dpi: scan.dpi, cancel: early) }
        // Cancelled from another thread while reading.
        let during = RecognitionCancel()
        let started = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            started.wait()
            during.cancel()
        }
        started.signal()
        #expect(throws: RecognitionError.cancelled) { try recognizer.recognise(scan.picture, dpi: scan.dpi, cancel: during) }
        // The same engine goes on with the next page.
        let text = try recognizer.recognise(scan.picture, dpi: scan.dpi, cancel: RecognitionCancel())
        #expect(WordAccuracy.share(truth: scan.text, read: text.text) >= 0.95)
    }

    @Test("orientation: upright, a quarter turn either way and upside down are told apart")
    func orientation() throws {
        let recognizer = try Recognizer(languages: "eng")
        for turns in 0..<4 {
            let scan = SampleScanner.scan(SampleScanStyle.standardSet[7], inches: (8.5, 4), quarterTurns: turns)!
            let found = try #require(recognizer.orientation(of: scan.picture, dpi: scan.dpi))
            // The scan lies turned `turns` clockwise: the way back is the rest of the circle.
            #expect(found.quarterTurnsToUpright == (4 - turns) % 4, "turned \(turns)")
            #expect(found.confidence >= PageOrientation.sureConfidence, "turned \(turns): \(found.confidence)")
            #expect(found.suggestsTurning == (turns != 0))
            #expect(found.script == "Latin")
        }
    }

    @Test("blank, tiny and empty pictures give no words and no crash, in any format")
    func blankPictures() throws {
        let recognizer = try Recognizer(languages: "eng")
        for (width, height, format) in [(600, 800, PixelBuffer.Format.grey), (600, 800, .rgb), (300, 200, .bgra), (2, 2, .grey), (0, 0, .rgb), (1, 500, .grey)] {
            let picture = PixelBuffer(width: width, height: height, format: format, filledWith: 255)
            let text = try recognizer.recognise(picture, dpi: 300)
            #expect(text.isEmpty && text.width == Double(width), "\(width)x\(height) \(format)")
        }
        #expect(recognizer.orientation(of: PixelBuffer(width: 2, height: 2, format: .grey, filledWith: 255), dpi: 300) == nil)
    }

    @Test("one engine per thread: two threads read two pages at once, each right")
    func twoThreads() throws {
        let scans = [TextFixtures.strip(SampleScanStyle.standardSet[1]), TextFixtures.strip(SampleScanStyle.standardSet[3])]
        let results = ResultBox(count: scans.count)
        let group = DispatchGroup()
        for (index, scan) in scans.enumerated() {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                let text = try? Recognizer(languages: "eng").recognise(scan.picture, dpi: scan.dpi)
                results.set(index, text)
            }
        }
        group.wait()
        for (index, scan) in scans.enumerated() {
            let text = try #require(results.get(index))
            #expect(WordAccuracy.share(truth: scan.text, read: text.text) >= 0.95)
        }
    }
}

/// Results handed back from worker threads.
final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [PageText?]

    init(count: Int) { values = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: PageText?) {
        lock.lock()
        values[index] = value
        lock.unlock()
    }

    func get(_ index: Int) -> PageText? {
        lock.lock()
        defer { lock.unlock() }
        return values[index]
    }
}
