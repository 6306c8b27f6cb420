import Foundation
import StripsCore
import StripsDesktop
import StripsExport
import StripsPDF

/// Carries out the Photos scene's saves (Ctrl+S, and Ctrl+Shift+S for the selection): to
/// `--output`, else to the path the desktop's file chooser returns (the portal's, zenity's or
/// kdialog's), else beside the first source
/// as "NAME edited.pdf" ("NAME selection.pdf"). Live, the save runs on a worker thread and its
/// progress and end are answered as they come (`poll`); headless, it runs at once, so a script's
/// trace is deterministic.
public final class DocumentSaver {
    private let output: String?
    private let sources: [String]
    private let documentName: String
    private let live: Bool
    /// A path this session has written the document to: saving it again replaces it (never a
    /// file it did not write).
    private var written: Set<String> = []
    private var chooser: (FileChooser, SaveRequest)?
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
    public init(output: String?, sources: [String], documentName: String, live: Bool, texts: TextHost? = nil, textFiles: Bool = false,
                metadata: PDFMetadata = PDFMetadata(), say: @escaping @Sendable (String) -> Void) {
        self.say = say
        self.metadata = metadata
        self.texts = texts
        self.textFiles = textFiles
        self.output = output
        self.sources = sources
        self.documentName = documentName
        self.live = live
    }

    /// Starts saving `request`; the answers ready now (all of them, headless).
    public func start(_ request: SaveRequest) -> [HostEvent] {
        guard job == nil, chooser == nil else { return [.saveFailed(HostMessage(trLater("Already saving…")))] }
        if let output { return start(request, to: output) }
        if request.scope == .document, let last = written.first { return start(request, to: last) }
        let suggested = suggestedPath(for: request)
        if live {
            let title = request.scope == .document ? tr("Save %s as", documentName) : tr("Save the selected pages as")
            chooser = (FileChooser(.save(title: title, suggested: suggested)), request)
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
        if let (dialog, request) = chooser, let answer = dialog.poll() {
            chooser = nil
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
        if live {
            job = SaveJob(work, request: request)
            return []
        }
        return [finish(Result { () throws(SaveError) in try work { _ in } }, request: request)]
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

/// One save on a worker thread; the render loop reads its progress and result.
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

    init(_ work: @escaping Work, request: SaveRequest) {
        self.request = request
        let thread = Thread { [self] in
            let result = Result { () throws(SaveError) in
                try work { done in self.update { $0.done = done } }
            }
            update { $0.result = result }
        }
        thread.stackSize = 1 << 22
        thread.start()
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
