import Foundation
import StripsPictures
import StripsSampleScans
import StripsText

/// What reading a Latin page in three languages (`--ocr auto` on an English locale: eng+fra+ind)
/// costs against English alone, on real pages (Tests/Corpus/real: book photos, scans, German
/// receipts) and on issue 41's four typeset pages: the models' loading, each page's processor
/// seconds, and the words read. Real pages have no full transcript, so their words are compared
/// with English alone's reading (the share of its long words the other reading also has) and with
/// the few words truth.json knows; the typeset pages have their whole text.
enum LanguageCost {
    static let configurations = ["eng", "eng+fra+ind", ScriptLanguages.auto]

    struct Page {
        var name: String
        var picture: PixelBuffer
        var dpi: Double
        /// The whole text (typeset pages) or nil.
        var text: String?
        /// Words known to be on it (real pages' truth.json).
        var known: [String]
    }

    struct Truth: Decodable {
        struct Entry: Decodable {
            var file: String
            var kind: String
            var readable: Bool
            var words: [String]?
        }
        var pages: [Entry]
    }

    /// The pages, only those whose name holds one of `only` when it is not empty.
    static func pages(corpus: String, only: [String] = []) throws -> [Page] {
        let truth = try JSONDecoder().decode(Truth.self, from: Data(contentsOf: URL(fileURLWithPath: corpus + "/truth.json")))
        var pages: [Page] = []
        // Readable Latin pages (devatest is Devanagari: it is the typeset Hindi page's business).
        func wanted(_ name: String) -> Bool { only.isEmpty || only.contains { name.contains($0) } }
        for entry in truth.pages where entry.readable && !entry.file.contains("devatest") && wanted(entry.file) {
            guard case .success(let picture) = PictureDecoder.decode(corpus + "/" + entry.file, limit: PixelLimit(width: 20_000, height: 20_000)) else {
                FileHandle.standardError.write(Data("strips-bench-text: \(entry.file) could not be decoded\n".utf8))
                continue
            }
            // As the real-pages evaluation reads them: an A4-ish page's long side is 11 inches.
            let dpi = max(70, Double(max(picture.width, picture.height)) / 11)
            pages.append(Page(name: entry.file, picture: picture, dpi: dpi, text: nil, known: entry.words ?? []))
        }
        for language in LanguagePage.languages where wanted("typeset \(language.name)") {
            let (picture, text) = try LanguagePage.page(language)
            pages.append(Page(name: "typeset \(language.name)", picture: picture, dpi: 300, text: text, known: []))
        }
        return pages
    }

    static func run(corpus: String, only: [String] = []) throws {
        let pages = try pages(corpus: corpus, only: only)
        print("# Reading in one language or three: \(pages.count) pages, OMP_THREAD_LIMIT=\(ProcessInfo.processInfo.environment["OMP_THREAD_LIMIT"] ?? "unset")")
        print()
        print("Loading the models (a new engine, once per worker thread):")
        print()
        print("| languages | processor s | wall s |")
        print("|---|---|---|")
        for languages in ["eng", "eng+fra+ind", "osd"] {
            let start = CPUClock.now()
            if languages == "osd" { _ = PageOSD() } else { _ = try Recognizer(languages: languages) }
            let spent = CPUClock.now() - start
            print("| \(languages) | \(String(format: "%.2f", spent.own)) | \(String(format: "%.2f", spent.wall)) |")
        }
        // One service per configuration, its engines loaded before the timing (a warm page first).
        let services = configurations.map { PageTextService(languages: $0, cache: nil, preferred: ["eng"]) }
        let warm = pages[0]
        for service in services { _ = try service.pageText(file: warm.name, pdfPage: nil, recipe: "warm") { (warm.picture, warm.dpi) } }
        print()
        print("Each page (engines loaded; processor seconds of recognition; words: runs of 4+ letters):")
        print()
        print("| page | eng s | eng+fra+ind s | auto s | auto read in | eng words | 3-language words (of eng's) | words right eng / 3 / auto |")
        print("|---|---|---|---|---|---|---|---|")
        var totals = [0.0, 0.0, 0.0]
        var rightTotals = [0, 0, 0], ofTotal = 0
        for page in pages {
            var seconds: [Double] = [], texts: [String] = [], readIn = ""
            for (k, service) in services.enumerated() {
                let start = CPUClock.now()
                let text = try service.pageText(file: page.name, pdfPage: nil, recipe: "bench") { (page.picture, page.dpi) }
                seconds.append((CPUClock.now() - start).own)
                texts.append(text?.text ?? "")
                if k == 2, case .recognised(let languages)? = text?.origin { readIn = languages }
            }
            for k in 0..<3 { totals[k] += seconds[k] }
            let english = WordAccuracy.longWords(texts[0]), three = WordAccuracy.longWords(texts[1])
            let kept = WordAccuracy.match(truth: english, read: three)
            let right: [Int], of: Int
            if let text = page.text {
                let truth = LanguagePage.words(text)
                right = texts.map { WordAccuracy.match(truth: truth, read: LanguagePage.words($0)).found }
                of = truth.count
            } else {
                right = texts.map { text in page.known.filter { text.contains($0) }.count }
                of = page.known.count
            }
            for k in 0..<3 { rightTotals[k] += right[k] }
            ofTotal += of
            let cells = [page.name] + seconds.map { String(format: "%.2f", $0) } + [readIn, "\(english.count)", "\(kept.found) of \(kept.of)",
                                                                                   of == 0 ? "-" : "\(right[0]) / \(right[1]) / \(right[2]) of \(of)"]
            print("| " + cells.joined(separator: " | ") + " |")
        }
        print("| **all** | " + totals.map { String(format: "%.2f", $0) }.joined(separator: " | ") + " | | | | \(rightTotals[0]) / \(rightTotals[1]) / \(rightTotals[2]) of \(ofTotal) |")
        print()
        print(String(format: "eng+fra+ind / eng: x%.2f processor time; auto / eng: x%.2f", totals[1] / max(0.001, totals[0]), totals[2] / max(0.001, totals[0])))
    }
}
