import Dispatch
import Foundation
import StripsBatch
import StripsConvert
import StripsCore
import StripsPhotosFeatures
import StripsCorrection
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
        /// Words (three letters or more) Tesseract reads on the picture as it is: of the words
        /// known to be printed on it (`RealCorpus.Entry.textWords`) when they are known.
        public var rawWords: Int
        /// How many of them it reads on the page `--borders auto` saves.
        public var keptWords: Int
        /// Whether a crop was applied at all.
        public var cropped: Bool
        /// Where text surely is: the words known to be printed on the page, else the words (three
        /// letters or more) Tesseract reads on the picture as it is with a confidence of
        /// `sureWord` or more (text, not the backing's grain read as letters).
        public var sureWords: Int
        /// How many of those lie wholly inside the crop (all of them when there is none).
        public var sureWordsInside: Int
        /// The crop leaves out a word surely printed on the picture: it cuts text.
        public var cutsText: Bool { sureWordsInside < sureWords }
        /// The words Tesseract reads surely on the picture as it is (confidence `sureWord` or
        /// more; the known words it reads, when they are known), and how many of them it reads on
        /// the saved page. A page laid flat reads many words the raw photo misread ("Brages",
        /// "thid" on leptonica's cat.035 become "Bruges", "Ibid."); held to every word read on
        /// the photo it lost the misreadings, so it is held to the sure ones.
        public var sureRead = 0
        public var sureKept = 0
        /// The saved page reads under 90 % of the words read surely on the picture (pages with
        /// at least 10 of them; fewer tell nothing).
        public var losesText: Bool { sureRead >= 10 && Double(sureKept) < 0.9 * Double(sureRead) }
    }

    /// A word read with this confidence or more is surely text (`CropResult.sureWords`).
    public static let sureWord = 80.0

    /// Each page's words as it is and after `--borders auto`, read at `dpi` (about; the long side
    /// taken as 11 inches), and whether the crop holds every word surely printed on the picture.
    /// `readAgain` false: pages whose words are known are not read at all, only held to their
    /// boxes (their `rawWords` and `keptWords` are 0).
    public func crops(_ entries: [RealCorpus.Entry]? = nil, dpi: Double = 200, readAgain: Bool = true) -> [CropResult] {
        let finder = BorderFinder(reader: reader)
        return Self.each(entries ?? corpus.entries) { entry in
            guard let page = page(entry), let recognizer = try? Recognizer(languages: "eng") else {
                return CropResult(entry: entry, rawWords: 0, keptWords: 0, cropped: false, sureWords: 0, sureWordsInside: 0)
            }
            let side = Int32(11 * dpi)
            let reads = readAgain || entry.textWords == nil
            // Not read again: the crop alone (`keptCrop`), without the levelling and laying flat
            // that only the reading would see.
            let corrected = reads ? finder.answer(BorderRequest(purpose: .apply, pages: [page])).pages.first?.applied(to: page.corrections)
                : finder.keptCrop(of: page).map { Corrections(crop: $0) }
            /// The page's text as drawn by `corrections`, and the scale from its pixels to the picture's.
            func read(_ corrections: Corrections) -> (text: PageText, toSource: Double)? {
                let ref = ImageRef(source: page.source, recipe: corrections.pixels, variant: .full, sourceSize: page.pixelSize)
                guard case .success(let decoded)? = reader.picture(ref, limit: PixelLimit(width: side, height: side), stage: .best).result else { return nil }
                let long = Double(max(decoded.pixels.width, decoded.pixels.height))
                guard let text = try? recognizer.recognise(decoded.pixels, dpi: max(70, long / 11)) else { return nil }
                return (text, max(page.pixelSize.width, page.pixelSize.height) / long)
            }
            let rawReading = reads ? read(page.corrections) : nil
            let rawText = Self.words(rawReading?.text.text ?? "")
            // The words known to be printed, else the raw reading, are what each reading is counted in.
            let truth = entry.textWords.map { Self.words($0.map(\.text).joined(separator: " ")) }
            let raw = truth.map { Self.shared(rawText, $0) } ?? rawText.count
            let sureText = truth.map { Self.sharedWords(rawText, $0) }
                ?? Self.words((rawReading?.text.words ?? []).filter { $0.confidence >= Self.sureWord }.map(\.text).joined(separator: " "))
            let size = page.pixelSize, scale = rawReading?.toSource ?? 1
            let boxes = entry.textWords.map { $0.map { Rect(x: $0.box[0] * size.width, y: $0.box[1] * size.height, width: $0.box[2] * size.width, height: $0.box[3] * size.height) } }
                ?? (rawReading?.text.words ?? []).filter { $0.confidence >= Self.sureWord && Self.words($0.text).count == 1 }
                    .map { Rect(x: $0.box.x * scale, y: $0.box.y * scale, width: $0.box.width * scale, height: $0.box.height * scale) }
            // A page kept whole may still be levelled, which cuts its corners: what shows is held to the words too.
            let levelled = corrected.flatMap { $0.pixels.straighten != 0 ? Quad(shownTurning: size, degrees: $0.pixels.straighten) : nil }
            // A page laid flat whole is read as laid flat (what it shows is the letters' business: `BorderFinder.wholeCurve`).
                ?? corrected.flatMap { $0.pixels.dewarp != nil ? Quad(whole: size) : nil }
            guard let corrected, let quad = corrected.pixels.crop ?? levelled else {
                return CropResult(entry: entry, rawWords: raw, keptWords: raw, cropped: false, sureWords: boxes.count, sureWordsInside: boxes.count,
                                  sureRead: sureText.count, sureKept: sureText.count)
            }
            let inside = boxes.filter { b in
                [(b.minX, b.minY), (b.maxX, b.minY), (b.maxX, b.maxY), (b.minX, b.maxY)].allSatisfy { quad.contains(Point(x: $0.0, y: $0.1)) }
            }.count
            let croppedText = reads ? Self.words(read(corrected)?.text.text ?? "") : []
            let kept = Self.shared(croppedText, truth ?? rawText)
            return CropResult(entry: entry, rawWords: raw, keptWords: kept, cropped: corrected.pixels.crop != nil, sureWords: boxes.count, sureWordsInside: inside,
                              sureRead: sureText.count, sureKept: Self.nearlyShared(croppedText, sureText))
        }
    }

    // MARK: levelling

    public struct LevelResult: Sendable {
        public var entry: RealCorpus.Entry
        /// Degrees counter-clockwise the stored page was turned by (0: as stored).
        public var turned: Double
        /// The turn `--borders auto` gives the stored page (its straighten and its crop's slope; 0:
        /// none): its own lean.
        public var own: Double
        /// The turn it gives the page turned (0: none).
        public var applied: Double
        /// The turned page comes back to the page as stored, within `tolerance`.
        public var right: Bool { abs(applied - (own - turned)) <= LevelResult.tolerance }
        /// A turn applied that does not level the page (leaving it as it is is no wrong turn).
        public var wrongTurn: Bool { applied != 0 && !right }
        public static let tolerance = 0.3
    }

    /// Each of `entries` turned by each of `angles` (degrees counter-clockwise, at its own size up
    /// to `BorderFinder.levellingSide`, the uncovered corners its edges' colour) into `folder`, and levelled as `--borders auto`
    /// levels it: the stored page is the truth, as it is for orientation.
    public func levelling(_ entries: [RealCorpus.Entry], angles: (Int) -> [Double], folder: String) -> [LevelResult] {
        let finder = BorderFinder(reader: reader)
        // The turn the page is given, counter-clockwise: its straighten, and a crop set askew (an
        // item on the glass cropped to its own turned rectangle) levels it by its top edge's slope.
        @Sendable func straighten(_ page: Page) -> Double {
            guard let after = finder.answer(BorderRequest(purpose: .apply, pages: [page])).pages.first?.applied(to: page.corrections) else { return 0 }
            let slope = after.pixels.crop.map { atan2($0.topRight.y - $0.topLeft.y, $0.topRight.x - $0.topLeft.x) * 180 / .pi } ?? 0
            return ((after.pixels.straighten + slope) * 10).rounded() / 10
        }
        let jobs = entries.enumerated().map { ($1, angles($0)) }
        return Self.each(jobs) { entry, angles -> [LevelResult] in
            guard let page = page(entry) else { return [] }
            let own = straighten(page)
            // At most the size levelling looks at (`BorderFinder.levellingSide`): a 300 dpi scan's
            // turn costs a quarter, and its levelling is found the same.
            let side = BorderFinder.levellingSide
            guard case .success(let decoded) = reader.decode(page.source, limit: PixelLimit(width: side, height: side)) else { return [] }
            return angles.compactMap { angle in
                let turned = Straightener.rotated(decoded.pixels, degrees: angle, fill: .edgeColour)
                let path = "\(folder)/\((entry.file as NSString).lastPathComponent)-\(angle).png"
                guard case .success = PNGWriter().write(turned, to: path), let copy = DocumentLoader.pages(for: [path], reader: reader, report: { _ in }).first else { return nil }
                return LevelResult(entry: entry, turned: angle, own: own, applied: straighten(copy))
            }
        }.flatMap { $0 }
    }

    /// How many of `wanted` (a multiset of words) `read` holds.
    static func shared(_ read: [String], _ wanted: [String]) -> Int { sharedWords(read, wanted).count }

    /// The words of `wanted` found in `read`, each as often as both have it.
    static func sharedWords(_ read: [String], _ wanted: [String]) -> [String] {
        var left = Dictionary(read.map { ($0, 1) }, uniquingKeysWith: +)
        return wanted.filter { word in
            guard (left[word] ?? 0) > 0 else { return false }
            left[word]! -= 1
            return true
        }
    }

    /// The words of `wanted` found in `read`, each as often as both have it, or a word of five
    /// letters or more read within a third of its letters (`edits`): the same word read better or
    /// worse ("tecueil" on the curved photo, "recueil" laid flat), not a word gone.
    static func nearlyShared(_ read: [String], _ wanted: [String]) -> Int {
        var left = Dictionary(read.map { ($0, 1) }, uniquingKeysWith: +)
        var missing: [String] = []
        for word in wanted {
            if (left[word] ?? 0) > 0 { left[word]! -= 1 } else { missing.append(word) }
        }
        var count = wanted.count - missing.count
        for word in missing where word.count >= 5 {
            let limit = (word.count + 1) / 3
            guard let near = left.first(where: { $0.value > 0 && abs($0.key.count - word.count) <= limit && edits($0.key, word) <= limit })?.key else { continue }
            left[near]! -= 1
            count += 1
        }
        return count
    }

    /// Levenshtein distance: letters inserted, removed or changed.
    static func edits(_ a: String, _ b: String) -> Int {
        let (a, b) = (Array(a), Array(b))
        var row = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let next = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = next
            }
        }
        return a.isEmpty ? b.count : row[b.count]
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
