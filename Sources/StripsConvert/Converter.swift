import Dispatch
import Foundation
import StripsBatch
import StripsCore
import StripsPhotosFeatures
import StripsExport
import StripsFiles
import StripsPictures
import StripsText

/// `strips convert`: a batch from files to saved documents without a window, through the code the
/// window uses for each step, so its files are the window's: pages read by the document's reader,
/// borders found and applied as Shift+C does, the look set as L does, every page judged (blank,
/// separator sheet) by the same judges, text read by the same engine, the batch split where its
/// separators stand and saved one file a document by the same exporter, all or none.
///
/// Pages are worked on in parallel, one lane a core: looking at them (borders, judges) and
/// reading their text; writing the files is one after the other, as a save is.
public struct Converter: Sendable {
    public struct Options: Sendable {
        /// A `.pdf` file, or a new or empty folder; later documents go beside it.
        public var output: String
        public var look: Look = .original
        /// Find each page's borders and flatten it (photographed pages).
        public var borders = false
        /// Split where separator sheets stand (they are left out); else one document of every page.
        public var split = true
        /// Leave blank pages out.
        public var dropBlank = false
        /// Read text (the reader decides the languages); pages keep a PDF's own text regardless.
        public var readText = true
        /// Turn each page upright when Tesseract's orientation detection is sure it reads turned.
        public var rotate = true
        /// Only this share of the batch's documents (`--shard K/N`); nil: all of them.
        public var shard: Shard?
        /// Skip the documents an earlier run wrote whole (their records say so), write the rest.
        public var resume = false
        /// What else decides the documents' bytes (the text's languages), one line each: part of
        /// each document's fingerprint.
        public var recipe: [String] = []

        public init(output: String) { self.output = output }
    }

    /// What the run did: the files written, and one line for each thing that went wrong.
    public struct Report: Sendable {
        public var written: [String] = []
        /// Documents an earlier run wrote whole, skipped (`resume`).
        public var resumed: [String] = []
        /// The batch's documents, and how many of them were this run's (its shard's).
        public var documents = 0
        public var mine = 0
        /// Stopped between documents (`shouldStop`) before every document was written.
        public var stopped = false
        public var failures: [String] = []
        /// Things worth saying that are no failure (a PDF page saved as a picture, ...).
        public var notes: [String] = []
        public var pages = 0
        public var blankDropped = 0
        public var separators = 0
        /// Pages turned upright by themselves.
        public var turnedUpright = 0
        /// One line for each page left out (a separator sheet, a blank page dropped), naming its
        /// file and page.
        public var leftOut: [String] = []
        public var succeeded: Bool { failures.isEmpty && !stopped }
    }

    public enum Stage: String, Sendable {
        case looking = "Looking at pages"
        case reading = "Reading text"
        case saving = "Saving"
    }

    public var options: Options
    public var reader: PageReader
    /// The text of pages (nil for a page without), each read the way up `settled` says when it
    /// says (else as the engine finds it), calling `done` as each one finishes: the window's text
    /// engine (its `TextHost.read`).
    public var readText: @Sendable (_ pages: [Page], _ settled: [SettledOrientation?], _ done: @escaping @Sendable () -> Void) -> [PageText?]
    /// A page's borders and levelling, as the window's border finder finds them for Shift+C.
    public var findBorders: @Sendable (Page) -> BorderAnswer.Found
    /// Told of each stage's progress: pages done of the stage's total.
    public var progress: @Sendable (Stage, Int, Int) -> Void = { _, _, _ in }
    /// Told of each document as it is written, found written (`resume`) or fails; called on the
    /// run's thread before the next document is saved (`--report`, `--after-save`).
    public var documentDone: @Sendable (DocumentOutcome) -> Void = { _ in }
    /// Asked before each round of documents: true stops the run there (SIGTERM, SIGINT).
    public var shouldStop: @Sendable () -> Bool = { false }

    public init(options: Options, reader: PageReader,
                readText: @escaping @Sendable ([Page], [SettledOrientation?], @escaping @Sendable () -> Void) -> [PageText?],
                findBorders: @escaping @Sendable (Page) -> BorderAnswer.Found) {
        self.options = options
        self.reader = reader
        self.readText = readText
        self.findBorders = findBorders
    }

    /// Converts `files` (pictures and PDFs, in order); problems reading them are lines of the
    /// report, as is a document that could not be saved.
    ///
    /// Every page is looked at and judged (the split needs every separator sheet, in every shard),
    /// then this run's documents (all, or the shard's) are checked before anything is written: a
    /// name taken refuses them all (with `resume`, a document an earlier run wrote whole, as its
    /// record says, is skipped instead). Their text is then read in rounds of a few pages a core,
    /// and each document of a round is saved, whole and under its name, before the next round
    /// begins: a run stopped or killed keeps the documents it finished.
    public func run(files: [String]) -> Report {
        var report = Report()
        let problems = Locked<[String]>([])
        let found = DocumentLoader.pages(for: files, reader: reader) { line in problems.withLock { $0.append(line) } }
        // A picture too large to save whole is left out now, with one line, not judged and then
        // failing the save of every document in the batch.
        let loaded = found.filter { page in
            guard case .picture(let path) = page.source,
                  let problem = ImageInfo.saveProblem(width: Int(page.pixelSize.width), height: Int(page.pixelSize.height)) else { return true }
            problems.withLock { $0.append("strips: \(path): \(problem)") }
            return false
        }
        report.pages = loaded.count

        // Each page as the window would have it after Shift+C and L, and the judges' word on it.
        // The judges look at a page as it lies (before its quarter turns), so which way up a page
        // is never moves the split: without borders to find (which a turn comes before), it is
        // settled later, only for the pages of this run's documents (a shard does not run
        // orientation detection on the whole batch), as their text is read.
        let judge = PageJudge(reader: reader)
        let upright = options.rotate ? UprightPages(judge: judge) : nil
        let uprightFirst = options.borders
        let settledFirst = Locked([String: SettledOrientation]())
        let turned = Locked(0)
        let prepared = Locked([[(Page, PageJudgement?)]?](repeating: nil, count: loaded.count))
        let counter = Locked(0)
        progress(.looking, 0, loaded.count)
        DispatchQueue.concurrentPerform(iterations: loaded.count) { i in
            var page = loaded[i]
            // One small decode for orientation and the judges, unless a crop changes the page.
            let working = upright != nil || !options.borders ? judge.workingPicture(page) : nil
            var settled: SettledOrientation?
            if uprightFirst, let found = upright?.settle(page, working: working) {
                settled = found
                page.corrections = page.corrections.turned(found.quarterTurns)
                if found.quarterTurns != 0 { turned.withLock { $0 += 1 } }
            }
            var pages = [page]
            var cropped = false
            if options.borders {
                // An open book photographed whole is its two pages, left then right.
                let found = findBorders(page)
                if let halves = found.pages(of: page) {
                    pages = halves
                    cropped = true
                } else if let corrected = found.applied(to: page.corrections) {
                    pages[0].corrections = corrected
                    cropped = true
                }
            }
            let judged = pages.map { page -> (Page, PageJudgement?) in
                var page = page
                page.corrections.look = options.look
                return (page, judge.judgeIfReadable(page, working: cropped ? nil : working))
            }
            if let settled { settledFirst.withLock { for page in pages { $0[page.id] = settled } } }
            prepared.withLock { $0[i] = judged }
            progress(.looking, counter.withLock { $0 += 1; return $0 }, loaded.count)
        }
        // A page whose picture cannot be read is left out (the loader named its file).
        var settled = settledFirst.current
        report.turnedUpright = turned.current
        let looked = prepared.withLock { $0 }.compactMap { $0 }.flatMap { $0 }
        let pages = looked.compactMap { $0.1 == nil ? nil : $0.0 }
        let judgements = Dictionary(looked.compactMap { entry in entry.1.map { (entry.0.textKey, $0) } }, uniquingKeysWith: { a, _ in a })
        var lines = problems.withLock { $0 }
        // A spread counts as the two pages it became.
        report.pages = looked.count
        if pages.count < looked.count, lines.isEmpty { lines.append("strips: \(looked.count - pages.count) pages could not be read") }

        // The documents: split at separator sheets (left out), blank pages dropped when asked.
        let split = options.split ? DocumentSplit(pages: pages) { judgements[$0.textKey]?.separator } : DocumentSplit(pages: pages) { _ in nil }
        report.separators = split.separators.count
        for index in split.separators {
            let code = judgements[pages[index].textKey]?.separator
            report.leftOut.append("left out \(Self.name(pages[index])): a separator sheet (\(code?.symbology ?? "code")\(code?.text.map { " \"\($0)\"" } ?? ""))")
        }
        var parts: [(pages: [Page], title: String?)] = split.parts.map { (Array(pages[$0.pages]), $0.title) }
        if options.dropBlank {
            for k in parts.indices {
                let kept = parts[k].pages.filter { judgements[$0.textKey]?.blank != true }
                for page in parts[k].pages where judgements[page.textKey]?.blank == true {
                    report.leftOut.append("left out \(Self.name(page)): a blank page")
                }
                report.blankDropped += parts[k].pages.count - kept.count
                parts[k].pages = kept
            }
            parts.removeAll { $0.pages.isEmpty }
        }
        guard !parts.isEmpty else {
            let reason = "nothing to save: \(pages.isEmpty ? "no page could be read" : "every page is blank or a separator sheet")"
            report.failures = lines + ["strips: \(options.output): \(reason)"]
            documentDone(DocumentOutcome(inputs: files, pages: 0, output: nil, bytes: nil, seconds: 0, error: reason))
            return report
        }
        report.documents = parts.count
        let paths = BatchExporter.destinations(parts.map { BatchExporter.Part(pages: [], title: $0.title) }, first: options.output)
        let mine = parts.indices.filter { options.shard?.takes(place: $0 + 1) ?? true }
        report.mine = mine.count

        // Checked before anything is written: a name taken refuses every document of the run.
        var toWrite: [Int] = []
        var refused: [(Int, String)] = []
        var fingerprints: [Int: String] = [:]
        for k in mine {
            let fingerprint = fingerprint(of: parts[k].pages, title: parts[k].title, place: k + 1, path: paths[k])
            fingerprints[k] = fingerprint
            let recorded = DocumentRecord.find(paths[k], fingerprint: fingerprint)
            if recorded == .written {
                if options.resume {
                    // What a run killed while naming it may have left beside it goes too.
                    WholeFile.removeStaleTemporaries(of: paths[k])
                    report.resumed.append(paths[k])
                    continue
                }
                refused.append((k, "already written by an earlier run of this batch (--resume skips it)"))
                continue
            }
            if options.resume, case .other(let why) = recorded {
                refused.append((k, "\(why) (remove it to convert it again)"))
                continue
            }
            do throws(SaveError) {
                _ = try DocumentExporter.check(destination: paths[k], sourcePaths: files + parts[k].pages.map(\.path))
                toWrite.append(k)
            } catch {
                refused.append((k, error.reason.english))
            }
        }
        guard refused.isEmpty else {
            report.failures = lines + refused.map { "strips: \(paths[$0.0]): \(BatchExporter.nothingSaved(.verbatim($0.1), count: mine.count).english)" }
            for (k, reason) in refused {
                documentDone(DocumentOutcome(inputs: Self.inputs(of: parts[k].pages), pages: parts[k].pages.count, output: paths[k], bytes: nil,
                                             seconds: 0, error: reason))
            }
            return report
        }
        for path in report.resumed {
            let k = paths.firstIndex(of: path)!
            documentDone(DocumentOutcome(inputs: Self.inputs(of: parts[k].pages), pages: parts[k].pages.count, output: path,
                                         bytes: DocumentRecord.digest(of: path)?.bytes, seconds: 0, error: nil, resumed: true))
        }

        // Text, on every core, a round at a time; each document saved as soon as its round is read.
        let total = toWrite.reduce(0) { $0 + parts[$1].pages.count }
        let stage: Stage = options.readText ? .reading : .saving
        let done = Locked(0)
        progress(stage, 0, total)
        let lanes = max(1, ProcessInfo.processInfo.activeProcessorCount)
        var next = 0
        while next < toWrite.count {
            if shouldStop() {
                report.stopped = true
                break
            }
            var round = [toWrite[next]]
            next += 1
            while next < toWrite.count, round.reduce(0, { $0 + parts[$1].pages.count }) < Self.pagesPerCore * lanes {
                round.append(toWrite[next])
                next += 1
            }
            let started = Self.now()
            // With text to read, each page is read as it lies first: a reading that says by itself
            // the page is upright (`PageText.readsPlainlyUpright`) needs no orientation detection;
            // the others are detected as before, and those found turned are read again turned.
            let readFirst = upright != nil && !uprightFirst && options.readText
            if let upright, !uprightFirst, !readFirst {
                settle(round.flatMap { parts[$0].pages }, with: upright, into: &settled)
                report.turnedUpright += turn(round, &parts, as: settled)
            }
            var roundPages = round.flatMap { parts[$0].pages }
            var texts: [PageText?] = Array(repeating: nil, count: roundPages.count)
            if options.readText {
                let progress = self.progress
                let asLying = SettledOrientation(quarterTurns: 0, found: nil)
                texts = readText(roundPages, roundPages.map { settled[$0.id] ?? (readFirst ? asLying : nil) }) {
                    progress(stage, done.withLock { $0 += 1; return $0 }, total)
                }
            }
            if let upright, readFirst {
                let unsure = roundPages.indices.filter { texts[$0]?.readsPlainlyUpright != true }
                settle(unsure.map { roundPages[$0] }, with: upright, into: &settled)
                report.turnedUpright += turn(round, &parts, as: settled)
                roundPages = round.flatMap { parts[$0].pages }
                let turned = unsure.filter { (settled[roundPages[$0].id]?.quarterTurns ?? 0) != 0 }
                let again = turned.isEmpty ? [] : readText(turned.map { roundPages[$0] }, turned.map { settled[roundPages[$0].id] }) {}
                for (i, text) in zip(turned, again) { texts[i] = text }
                for i in unsure where !turned.contains(i) { texts[i]?.orientation = settled[roundPages[i].id]?.found }
            }
            let readSeconds = Self.now() - started
            var first = 0
            for k in round {
                let part = parts[k]
                let saveStarted = Self.now()
                let exported = zip(part.pages, texts[first..<(first + part.pages.count)]).map { page, text -> ExportPage in
                    var saved = ExportPage(page)
                    saved.text = text
                    return saved
                }
                first += part.pages.count
                let share = readSeconds * Double(part.pages.count) / Double(max(1, roundPages.count))
                let fingerprint = fingerprints[k] ?? ""
                let path = paths[k]
                do throws(SaveError) {
                    let result = try BatchExporter.saveDocument(BatchExporter.Part(pages: exported, title: part.title), to: path, sourcePaths: files,
                                                                beforeNaming: { written throws(SaveError) in
                        try DocumentRecord.write(for: path, files: written, asFolder: !Self.isPDF(path), fingerprint: fingerprint)
                    })
                    if !options.readText { progress(stage, done.withLock { $0 += part.pages.count; return $0 }, total) }
                    report.written.append(result.destination)
                    report.notes += result.notes
                    documentDone(DocumentOutcome(inputs: Self.inputs(of: part.pages), pages: part.pages.count, output: result.destination,
                                                 bytes: result.bytesWritten, seconds: share + Self.now() - saveStarted, error: nil))
                } catch {
                    lines.append("strips: \(error.description)")
                    documentDone(DocumentOutcome(inputs: Self.inputs(of: part.pages), pages: part.pages.count, output: path, bytes: nil,
                                                 seconds: share + Self.now() - saveStarted, error: error.reason.english))
                }
            }
        }
        report.failures = lines
        return report
    }

    /// Turns the pages of documents `round` in `parts` as `settled` says (by page id); how many turned.
    private func turn(_ round: [Int], _ parts: inout [(pages: [Page], title: String?)], as settled: [String: SettledOrientation]) -> Int {
        var turned = 0
        for k in round {
            for j in parts[k].pages.indices {
                let turns = settled[parts[k].pages[j].id]?.quarterTurns ?? 0
                guard turns != 0 else { continue }
                parts[k].pages[j].corrections = parts[k].pages[j].corrections.turned(turns)
                turned += 1
            }
        }
        return turned
    }

    /// Which way up each of `pages` is, on every core, into `settled` (by page id).
    private func settle(_ pages: [Page], with upright: UprightPages, into settled: inout [String: SettledOrientation]) {
        let found = Locked([SettledOrientation?](repeating: nil, count: pages.count))
        DispatchQueue.concurrentPerform(iterations: pages.count) { i in
            let one = upright.settle(pages[i])
            found.withLock { $0[i] = one }
        }
        for (page, one) in zip(pages, found.current) { settled[page.id] = one }
    }

    /// A page as the left-out lines name it: its file, and its page when the file has several.
    static func name(_ page: Page) -> String {
        page.source.pageIndex.map { "\(page.path) page \($0 + 1)" } ?? page.path
    }

    /// A round of text reading holds at least this many pages a core (or the documents left), so
    /// every core has pages to read even when documents are one page each.
    static let pagesPerCore = 4

    static func isPDF(_ path: String) -> Bool { (path as NSString).pathExtension.lowercased() == "pdf" && !path.hasSuffix("/") }

    /// The files a document's pages came from, in order, each once.
    static func inputs(of pages: [Page]) -> [String] {
        var seen = Set<String>()
        return pages.map(\.path).filter { seen.insert($0).inserted }
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// What makes a document's bytes, for its record: its place and name in the batch, the
    /// options, and each page (its name in the batch, its page of the file, the file's size and
    /// time, its corrections). Paths are left out: shards on machines that mount the shared folder
    /// at different places make the same fingerprint.
    func fingerprint(of pages: [Page], title: String?, place: Int, path: String) -> String {
        var lines = ["strips convert 1", "document \(place) \((path as NSString).lastPathComponent) \(title ?? "-")",
                     "look \(options.look.rawValue) borders \(options.borders) split \(options.split) blank-drop \(options.dropBlank) text \(options.readText)" + (options.rotate ? " rotate auto" : "")]
        lines += options.recipe
        for page in pages {
            var info = stat()
            let file = stat(page.path, &info) == 0 ? "\(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)" : "-"
            lines.append("page \(page.id) \(page.source.pageIndex ?? -1) \(file) \(page.corrections)")
        }
        return DocumentRecord.fingerprint(lines)
    }
}
