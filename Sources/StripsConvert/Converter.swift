import Dispatch
import Foundation
import StripsBatch
import StripsCore
import StripsExport
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

        public init(output: String) { self.output = output }
    }

    /// What the run did: the files written, and one line for each thing that went wrong.
    public struct Report: Sendable {
        public var written: [String] = []
        public var failures: [String] = []
        /// Things worth saying that are no failure (a PDF page saved as a picture, ...).
        public var notes: [String] = []
        public var pages = 0
        public var blankDropped = 0
        public var separators = 0
        public var succeeded: Bool { failures.isEmpty && !written.isEmpty }
    }

    public enum Stage: String, Sendable {
        case looking = "Looking at pages"
        case reading = "Reading text"
        case saving = "Saving"
    }

    public var options: Options
    public var reader: PageReader
    /// The text of pages (nil for a page without), calling `done` as each one finishes: the
    /// window's text engine (its `TextHost.read`).
    public var readText: @Sendable ([Page], _ done: @escaping @Sendable () -> Void) -> [PageText?]
    /// A page's borders and levelling, as the window's border finder finds them for Shift+C.
    public var findBorders: @Sendable (Page) -> BorderAnswer.Found
    /// Told of each stage's progress: pages done of the stage's total.
    public var progress: @Sendable (Stage, Int, Int) -> Void = { _, _, _ in }

    public init(options: Options, reader: PageReader, readText: @escaping @Sendable ([Page], @escaping @Sendable () -> Void) -> [PageText?],
                findBorders: @escaping @Sendable (Page) -> BorderAnswer.Found) {
        self.options = options
        self.reader = reader
        self.readText = readText
        self.findBorders = findBorders
    }

    /// Converts `files` (pictures and PDFs, in order); problems reading them are lines of the
    /// report, as is a save that failed (and then nothing was written).
    public func run(files: [String]) -> Report {
        var report = Report()
        let problems = Locked<[String]>([])
        let loaded = DocumentLoader.pages(for: files, reader: reader) { line in problems.withLock { $0.append(line) } }
        report.pages = loaded.count

        // Each page as the window would have it after Shift+C and L, and the judges' word on it.
        let judge = PageJudge(reader: reader)
        let prepared = Locked([[(Page, PageJudgement?)]?](repeating: nil, count: loaded.count))
        let counter = Locked(0)
        progress(.looking, 0, loaded.count)
        DispatchQueue.concurrentPerform(iterations: loaded.count) { i in
            var pages = [loaded[i]]
            if options.borders {
                // An open book photographed whole is its two pages, left then right.
                let found = findBorders(loaded[i])
                if let halves = found.pages(of: loaded[i]) {
                    pages = halves
                } else if let corrected = found.applied(to: loaded[i].corrections) {
                    pages[0].corrections = corrected
                }
            }
            let judged = pages.map { page -> (Page, PageJudgement?) in
                var page = page
                page.corrections.look = options.look
                return (page, judge.judgeIfReadable(page))
            }
            prepared.withLock { $0[i] = judged }
            progress(.looking, counter.withLock { $0 += 1; return $0 }, loaded.count)
        }
        // A page whose picture cannot be read is left out (the loader named its file).
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
        var parts: [(pages: [Page], title: String?)] = split.parts.map { (Array(pages[$0.pages]), $0.title) }
        if options.dropBlank {
            for k in parts.indices {
                let kept = parts[k].pages.filter { judgements[$0.textKey]?.blank != true }
                report.blankDropped += parts[k].pages.count - kept.count
                parts[k].pages = kept
            }
            parts.removeAll { $0.pages.isEmpty }
        }
        guard !parts.isEmpty else {
            report.failures = lines + ["strips: \(options.output): nothing to save: \(pages.isEmpty ? "no page could be read" : "every page is blank or a separator sheet")"]
            return report
        }

        // Text, on every core; then the files.
        let kept = parts.flatMap(\.pages)
        var texts: [PageText?] = Array(repeating: nil, count: kept.count)
        if options.readText {
            let read = Locked(0)
            progress(.reading, 0, kept.count)
            let progress = self.progress
            texts = readText(kept) { progress(.reading, read.withLock { $0 += 1; return $0 }, kept.count) }
        }
        var next = 0
        let exported = parts.map { part -> BatchExporter.Part in
            let pages = part.pages.map { page -> ExportPage in
                var saved = ExportPage(page)
                saved.text = texts[next]
                next += 1
                return saved
            }
            return BatchExporter.Part(pages: pages, title: part.title)
        }
        progress(.saving, 0, kept.count)
        do {
            let results = try BatchExporter.save(exported, to: options.output, sourcePaths: files) { progress(.saving, $0, kept.count) }
            report.written = results.map(\.destination)
            report.notes = results.flatMap(\.notes)
            report.failures = lines
        } catch {
            report.failures = lines + ["strips: \(error.description)"]
        }
        return report
    }
}
