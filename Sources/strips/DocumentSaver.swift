import Foundation
import StripsCore
import StripsExport
import StripsSDL

/// Carries out the Photos scene's save requests (Ctrl+S): to `--output`, else to the path the
/// desktop's file chooser returns, else beside the first source as "NAME edited.pdf". Live, the
/// save runs on a worker thread and the scene is told its progress each frame; headless, it runs
/// at once, so a script's trace is deterministic.
final class DocumentSaver {
    private let output: String?
    private let sources: [String]
    private let documentName: String
    private let live: Bool
    /// A path this session has written: saving again replaces it (never a file it did not write).
    private var written: Set<String> = []
    private var chooser: (FileChooser, SaveRequest)?
    private var job: SaveJob?

    init(output: String?, sources: [String], documentName: String, live: Bool) {
        self.output = output
        self.sources = sources
        self.documentName = documentName
        self.live = live
    }

    /// Called before every frame.
    func serve(_ scene: inout PhotosScene, at time: Double) {
        if let job {
            let state = job.state
            if let result = state.result {
                self.job = nil
                finish(result, revision: job.revision, scene: &scene, at: time)
            } else {
                scene.saveProgressed(done: state.done, total: job.total)
            }
        }
        if let (dialog, request) = chooser, let answer = dialog.poll() {
            chooser = nil
            if answer.isEmpty {
                scene.saveFailed("Not saved: no file was chosen", at: time)
            } else {
                start(request, to: answer, scene: &scene, at: time)
            }
        }
        guard job == nil, chooser == nil, let request = scene.takeSaveRequest() else { return }
        if let output {
            start(request, to: output, scene: &scene, at: time)
        } else if let last = written.first {
            start(request, to: last, scene: &scene, at: time)
        } else {
            let suggested = DocumentExporter.defaultDestination(documentName: documentName, besideSource: request.pages[0].path)
            if live, let dialog = FileChooser(suggested: suggested, title: "Save \(documentName) as") {
                chooser = (dialog, request)
                scene.saveProgressed(done: 0, total: 0)
            } else {
                start(request, to: suggested, scene: &scene, at: time)
            }
        }
    }

    private func start(_ request: SaveRequest, to path: String, scene: inout PhotosScene, at time: Double) {
        let pages = request.pages.map(ExportPage.init)
        let replacing = written.contains(path)
        if live {
            job = SaveJob(pages: pages, to: path, sources: sources, replacing: replacing, revision: request.revision)
            return
        }
        let result = Result { () throws(SaveError) in
            try DocumentExporter.save(pages, to: path, sourcePaths: sources, replacing: replacing)
        }
        finish(result, revision: request.revision, scene: &scene, at: time)
    }

    private func finish(_ result: Result<SaveResult, SaveError>, revision: Int, scene: inout PhotosScene, at time: Double) {
        switch result {
        case .success(let saved):
            written.insert(saved.destination)
            scene.saveSucceeded(revision: revision, path: saved.destination, at: time)
            for note in saved.notes { FileHandleOutput.standardError("strips: \(note)") }
        case .failure(let error):
            FileHandleOutput.standardError("strips: \(error.description)")
            scene.saveFailed("Not saved: \(error.description)", at: time)
        }
    }
}

/// One save on a worker thread; the render loop reads its progress and result.
private final class SaveJob: @unchecked Sendable {
    struct State {
        var done = 0
        var result: Result<SaveResult, SaveError>?
    }

    let total: Int
    let revision: Int
    private let lock = NSLock()
    private var current = State()

    init(pages: [ExportPage], to path: String, sources: [String], replacing: Bool, revision: Int) {
        total = pages.count
        self.revision = revision
        let thread = Thread { [self] in
            let result = Result { () throws(SaveError) in
                try DocumentExporter.save(pages, to: path, sourcePaths: sources, replacing: replacing) { done in
                    self.update { $0.done = done }
                }
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
