import Dispatch
import Foundation
import StripsBatch
import StripsConvert
import StripsCore
import StripsHosts
import StripsLooks
import StripsPictures
import StripsText

/// Each judgement Strips makes by itself, asked of the real corpus as `strips convert` asks it:
/// blank / separator / ordinary, the way up, and whether `--borders auto` keeps the page's text.
/// `strips-bench-real` prints these; the real-pages tests hold them to docs/REAL-PAGES.md's numbers.
public struct RealEvaluation: Sendable {
    public let corpus: RealCorpus
    public let reader: PageReader

    public init(corpus: RealCorpus, reader: PageReader) {
        self.corpus = corpus
        self.reader = reader
    }

    func page(_ entry: RealCorpus.Entry) -> Page? {
        DocumentLoader.pages(for: [corpus.path(entry)], reader: reader, report: { _ in }).first
    }

    // MARK: blank, separator, ordinary

    public struct ClassResult: Sendable {
        public var entry: RealCorpus.Entry
        public var judged: String
        public var detail: String
        public var right: Bool { judged == entry.class }
    }

    /// Every page judged as `strips convert` judges it.
    public func classes(_ entries: [RealCorpus.Entry]? = nil) -> [ClassResult] {
        let judge = PageJudge(reader: reader)
        return Self.each(entries ?? corpus.entries) { entry in
            guard let page = page(entry), let judgement = judge.judgeIfReadable(page) else {
                return ClassResult(entry: entry, judged: "unreadable", detail: "")
            }
            let judged = judgement.blank ? "blank" : judgement.separator != nil ? "separator" : "ordinary"
            let code = judgement.separator.map { "\($0.symbology) \($0.text ?? "")" } ?? ""
            return ClassResult(entry: entry, judged: judged, detail: code)
        }
    }

    // MARK: orientation

    public struct TurnResult: Sendable {
        public var entry: RealCorpus.Entry
        /// Clockwise quarter turns the upright page was turned by (the truth).
        public var turned: Int
        /// Quarter turns the reader would apply (0: leave it).
        public var applied: Int
        /// The quarter turns the reader found, sure or not (nil: no reading).
        public var read: Int?
        public var confidence: Double?
        public var script: String?
        /// The page ends upright: the turn applied undoes the one made.
        public var right: Bool { (turned + applied) % 4 == 0 }
        /// A turn applied that does not make the page upright.
        public var wrongTurn: Bool { applied != 0 && !right }
    }

    /// Each readable page turned by each of `turns` (clockwise quarter turns, from the upright
    /// page as stored) and read as `strips convert --rotate auto` reads it.
    public func orientation(turns: (Int) -> [Int] = { _ in [0, 1, 2, 3] }, entries: [RealCorpus.Entry]? = nil) -> [TurnResult] {
        let judge = PageJudge(reader: reader)
        let upright = UprightPages(judge: judge)
        let readable = (entries ?? corpus.entries).filter(\.readable)
        let jobs = readable.enumerated().flatMap { index, entry in turns(index).map { (entry, $0) } }
        return Self.each(jobs) { entry, turn in
            guard let page = page(entry), let (picture, ppi) = judge.textReading(page) else {
                return TurnResult(entry: entry, turned: turn, applied: 0)
            }
            let (applied, reading) = upright.decide(PictureTurn.turned(picture, quarterTurns: turn), pixelsPerInch: ppi)
            return TurnResult(entry: entry, turned: turn, applied: applied, read: reading?.orientation.quarterTurnsToUpright,
                              confidence: reading?.orientationConfidence, script: reading?.script)
        }
    }

    // MARK: crops

    public struct CropResult: Sendable {
        public var entry: RealCorpus.Entry
        /// Words (three letters or more) Tesseract reads on the picture as it is.
        public var rawWords: Int
        /// How many of them it reads on the page `--borders auto` saves.
        public var keptWords: Int
        /// Whether a crop was applied at all.
        public var cropped: Bool
        /// The saved page keeps under 90 % of the words read on the picture (pages with at least
        /// 10 words; fewer tell nothing).
        public var losesText: Bool { rawWords >= 10 && Double(keptWords) < 0.9 * Double(rawWords) }
    }

    /// Each page's words as it is and after `--borders auto`, read at `dpi` (about; the long side
    /// taken as 11 inches).
    public func crops(_ entries: [RealCorpus.Entry]? = nil, dpi: Double = 200) -> [CropResult] {
        let finder = BorderFinder(reader: reader)
        return Self.each(entries ?? corpus.entries) { entry in
            guard let page = page(entry), let recognizer = try? Recognizer(languages: "eng") else {
                return CropResult(entry: entry, rawWords: 0, keptWords: 0, cropped: false)
            }
            let side = Int32(11 * dpi)
            let found = finder.answer(BorderRequest(purpose: .apply, pages: [page])).pages.first
            let corrected = found?.applied(to: page.corrections)
            func words(_ corrections: Corrections) -> [String] {
                let ref = ImageRef(source: page.source, recipe: corrections.pixels, variant: .full, sourceSize: page.pixelSize)
                guard case .success(let decoded)? = reader.picture(ref, limit: PixelLimit(width: side, height: side), stage: .best).result else { return [] }
                let long = Double(max(decoded.pixels.width, decoded.pixels.height))
                let text = (try? recognizer.recognise(decoded.pixels, dpi: max(70, long / 11)))?.text ?? ""
                return Self.words(text)
            }
            let raw = words(page.corrections)
            guard let corrected else { return CropResult(entry: entry, rawWords: raw.count, keptWords: raw.count, cropped: false) }
            var kept = Dictionary(words(corrected).map { ($0, 1) }, uniquingKeysWith: +)
            var count = 0
            for word in raw where (kept[word] ?? 0) > 0 {
                kept[word]! -= 1
                count += 1
            }
            return CropResult(entry: entry, rawWords: raw.count, keptWords: count, cropped: true)
        }
    }

    /// Words of three letters or more, lowercased: what two readings of one page share.
    static func words(_ text: String) -> [String] {
        text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init).filter { $0.count >= 3 }
    }

    /// `work` on every item, one a core, results in the items' order.
    static func each<Item: Sendable, Result: Sendable>(_ items: [Item], _ work: @Sendable (Item) -> Result) -> [Result] {
        let results = Locked([Result?](repeating: nil, count: items.count))
        DispatchQueue.concurrentPerform(iterations: items.count) { i in
            let result = work(items[i])
            results.withLock { $0[i] = result }
        }
        return results.withLock { $0 }.compactMap { $0 }
    }
}
