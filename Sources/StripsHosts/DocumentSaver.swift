import Foundation
import StripsCore
import StripsPhotosFeatures
import StripsDesktop
import StripsExport
import StripsPDF
import StripsPictures

/// Carries out the Photos scene's saves (Ctrl+S, and Ctrl+Shift+S for the selection): to
/// `--output`, else to the path the desktop's file chooser returns (the portal's, zenity's or
/// kdialog's), else beside the first source
/// as "NAME edited.pdf" ("NAME selection.pdf"). The save runs on the executor it is given: a
/// thread of its own in the window, its progress and end answered as they come (`poll`); at once
/// in a script, answered with the request, so a script's trace is deterministic.
public final class DocumentSaver {
    private let output: String?
    private let sources: [String]
    private let documentName: String
    /// Asks where to save when no `--output` was given (the desktop's in the window; none in a
    /// script, which saves beside the first page).
    private let chooser: (any FileChoosing)?
    private let executor: any HostExecutor
    /// A path this session has written the document to: saving it again replaces it (never a
    /// file it did not write).
    private var written: Set<String> = []
    private var asking: (any ChooserSession, SaveRequest)?
    private var job: SaveJob?

    /// The pages' text, laid invisibly over each saved page that has some (the pages not read
    /// yet are read for the save).
    private let texts: TextHost?

    /// Folder saves write each page's text beside its picture (`--text-files`).
    private let textFiles: Bool
    private let say: @Sendable (String) -> Void

    /// What saved PDFs say about the document (title, kept author and dates); made the first time
    /// the document is saved, when it was not known, and kept for the saves after.
    private var metadata: PDFMetadata

    /// `say`: where its one-line diagnostics go (standard error in the program).
    public init(output: String?, sources: [String], documentName: String, chooser: (any FileChoosing)? = nil, executor: any HostExecutor = InlineExecutor(),
                texts: TextHost? = nil, textFiles: Bool = false, metadata: PDFMetadata = PDFMetadata(), say: @escaping @Sendable (String) -> Void) {
        self.say = say
        self.metadata = metadata
        self.texts = texts
        self.textFiles = textFiles
        self.output = output
        self.sources = sources
        self.documentName = documentName
        self.chooser = chooser
        self.executor = executor
    }

    /// Starts saving `request`; the answers ready now (all of them, headless).
    public func start(_ request: SaveRequest) -> [HostEvent] {
        guard job == nil, asking == nil else { return [.saveFailed(HostMessage(trLater("Already saving…")))] }
        if let output { return start(request, to: output) }
        if request.scope == .document, let last = written.first { return start(request, to: last) }
        let suggested = suggestedPath(for: request)
        if let chooser {
            let title = request.scope == .document ? tr("Save %s as", documentName) : tr("Save the selected pages as")
            asking = (chooser.save(title: title, suggested: suggested), request)
            return [.saveProgress(done: 0, total: 0)]
        }
        return start(request, to: suggested)
    }

    /// What happened since: the chooser's answer, a save's progress or its end.
    public func poll() -> [HostEvent] {
        if let job {
            let state = job.state
            if let result = state.result {
                self.job = nil
                return [finish(result, request: job.request)]
            }
            return [.saveProgress(done: state.done, total: job.request.pages.count)]
        }
        if let (dialog, request) = asking, let answer = dialog.poll() {
            asking = nil
            switch answer {
            case .chosen(let paths): return start(request, to: paths[0])
            case .cancelled: return [.saveFailed(HostMessage(trLater("Not saved: no file was chosen")))]
            // No chooser on this desktop: beside the first page, as always without one.
            case .unavailable: return start(request, to: suggestedPath(for: request))
            }
        }
        return []
    }

    private func suggestedPath(for request: SaveRequest) -> String {
        let source = request.pages[0].path
        guard request.scope == .selection else { return DocumentExporter.defaultDestination(documentName: documentName, besideSource: source) }
        // "NAME selection.pdf" beside it: the exporter's rule with another word.
        let edited = DocumentExporter.defaultDestination(documentName: "\(documentName) selection", besideSource: source)
        return edited.replacingOccurrences(of: " selection edited", with: " selection")
    }

    private func start(_ request: SaveRequest, to path: String) -> [HostEvent] {
        // Refused whole before anything is written, the document as it was: saving reads each
        // picture whole, and one too large would fail the save (every document of a batch) after
        // the others had been worked on. The page is named, for the user to leave it out.
        if let refusal = Self.tooLargeToSave(request.pages, at: path) {
            say("strips: \(refusal.english)")
            return [.saveFailed(refusal.shown)]
        }
        let texts = self.texts
        /// The pages with their text, the text not read yet read now: on the save's thread in the
        /// window, before its pages are written.
        @Sendable func exported(_ pages: [Page]) -> [ExportPage] {
            let text = texts?.texts(for: pages) ?? []
            return pages.enumerated().map { i, page in
                var saved = ExportPage(page)
                saved.text = text.indices.contains(i) ? text[i] : nil
                return saved
            }
        }
        let textFiles = self.textFiles, sources = self.sources, written = self.written
        // Made once: saving again in this session keeps the document's creation date.
        if metadata.created == nil { metadata.created = PDFMetadata.saveTime() }
        let metadata = self.metadata
        let documents = request.documents
        let work: SaveJob.Work = { progress throws(SaveError) in
            // A batch split into documents is saved one file a document, all or none (BatchExporter).
            let parts = documents.map { BatchExporter.Part(pages: exported($0.pages), title: $0.title) }
            if parts.count > 1 {
                return try BatchExporter.save(parts, to: path, sourcePaths: sources, replacing: written, textFiles: textFiles, metadata: metadata,
                                              progress: progress)
            }
            return [try DocumentExporter.save(parts.first?.pages ?? [], to: path, sourcePaths: sources, replacing: written.contains(path),
                                              textFiles: textFiles, metadata: metadata, progress: progress)]
        }
        let job = SaveJob(work, request: request, executor: executor)
        self.job = job
        // Done already (run inline): answered now; else as it goes, by `poll`.
        return job.state.result == nil ? [] : poll()
    }

    /// The first page whose picture is beyond what saving reads whole (`ImageInfo`'s limits; the
    /// window shows such pictures, a few rows at a time), as the line that refuses the save.
    static func tooLargeToSave(_ pages: [Page], at path: String) -> (english: String, shown: HostMessage)? {
        for page in pages {
            guard case .picture = page.source else { continue }
            let (width, height) = (Int(page.pixelSize.width), Int(page.pixelSize.height))
            guard ImageInfo.saveProblem(width: width, height: height) != nil else { continue }
            let values = [path, page.id, "\(width)", "\(height)", "\(ImageInfo.maxPixels / 1_000_000)", "\(ImageInfo.maxSide)"]
            let english = "\(path): page \(page.id) is too large to save (\(width) x \(height) pixels; at most "
                + "\(values[4]) megapixels, \(values[5]) pixels a side); nothing was written"
            let shown = HostMessage(trLater("Not saved: %s: page %s is too large to save (%s x %s pixels; at most %s megapixels, %s pixels a side); nothing was written"),
                                    arguments: values.map { .text($0) })
            return (english, shown)
        }
        return nil
    }

    private func finish(_ result: Result<[SaveResult], SaveError>, request: SaveRequest) -> HostEvent {
        switch result {
        case .success(let results):
            if request.scope == .document { written.formUnion(results.map(\.destination)) }
            for note in results.flatMap(\.notes) { say("strips: \(note)") }
            var outcome = SaveOutcome(path: results.first?.destination ?? "", request: request, bytes: results.reduce(0) { $0 + $1.bytesWritten })
            outcome.paths = results.map(\.destination)
            return .saved(outcome)
        case .failure(let error):
            say("strips: \(error.description)")
            return .saveFailed(error.notSaved)
        }
    }
}

/// One save, on its executor; the render loop reads its progress and result.
private final class SaveJob: @unchecked Sendable {
    struct State {
        var done = 0
        var result: Result<[SaveResult], SaveError>?
    }

    /// The save itself, on the job's thread, telling the pages done as it goes.
    typealias Work = @Sendable ((Int) -> Void) throws(SaveError) -> [SaveResult]

    let request: SaveRequest
    private let lock = NSLock()
    private var current = State()

    init(_ work: @escaping Work, request: SaveRequest, executor: any HostExecutor) {
        self.request = request
        executor.start("strips.save", background: false) { [self] in
            let result = Result { () throws(SaveError) in
                try work { done in self.update { $0.done = done } }
            }
            update { $0.result = result }
        }
    }

    var state: State {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    private func update(_ change: (inout State) -> Void) {
        lock.lock()
        change(&current)
        lock.unlock()
    }
}
