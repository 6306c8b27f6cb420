import Foundation
import StripsBatch
import StripsCamera
import StripsCore
import StripsPhotosFeatures
import StripsHosts
import StripsPDF
import StripsPictures
import StripsRender
import StripsText

/// A Photos host as the program wires it, without a window: a scratch folder of its own (saves,
/// the scan recovery root, the text cache), the lines it says kept for the test.
final class HostFixture: @unchecked Sendable {
    let folder: String
    let reader: PageReader
    let text: TextHost
    let saver: DocumentSaver
    let scanner: ScanHost
    let judges: JudgeHost
    let host: PhotosHost
    private let said = Locked<[String]>([])
    private let copied = Locked<[String]>([])
    /// Signalled each time a host wakes the (absent) window: an answer is ready to poll.
    let woken: DispatchSemaphore

    /// `live`: as the window runs it (answers through `poll`), else as a script does (at once).
    /// `textSource`: the text host's reader (Tesseract's service; `FakeTextSource`).
    init(_ name: String, live: Bool = false, languages: String? = nil, output: String? = nil, sources: [String] = [],
         scanOptions: (inout ScanHost.Options) -> Void = { _ in }, textSource: PageTextSourceMaker? = nil) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("strips-hosts-\(getpid())-\(name)").path
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        reader = PageReader(pdf: PDFPages(renderer: PDFRenderer()), renderer: PageRenderer())
        let said = self.said
        let say: @Sendable (String) -> Void = { line in said.withLock { $0.append(line) } }
        let woken = DispatchSemaphore(value: 0)
        self.woken = woken
        let wake: @Sendable () -> Void = { woken.signal() }
        var worker = WorkerExecutor(wake: wake)
        // Normal priority: a test waits for the pool's workers, which idle cores alone may not serve on a busy machine.
        worker.poolPriority = .normal
        let executor: any HostExecutor = live ? worker : InlineExecutor()
        if let textSource {
            text = TextHost(languages: languages, reader: reader, cache: nil, executor: executor, say: say, source: textSource)
        } else {
            text = TextHost(languages: languages, reader: reader, cache: nil, executor: executor, say: say)
        }
        let folder = self.folder
        saver = DocumentSaver(output: output.map { folder + "/" + $0 }, sources: sources, documentName: "Test", chooser: live ? DesktopChooser() : nil,
                              executor: executor, texts: text, say: say)
        var options = ScanHost.Options()
        options.recoveryRoot = folder + "/recovery"
        options.say = say
        options.executor = executor
        scanOptions(&options)
        scanner = ScanHost(options: options)
        let copied = self.copied
        let scanner = self.scanner
        let camera = CameraHost(options: CameraHost.Options(source: nil, live: live) { jpeg, name, width, height in
            scanner.keepCameraPage(jpeg, name: name, width: width, height: height).mapError { CameraFault($0.line) }
        })
        judges = JudgeHost(judge: PageJudge(reader: reader), executor: executor)
        host = PhotosHost(saver: saver, reader: reader, scanner: scanner, text: text, camera: camera, judges: judges, executor: executor,
                          chooser: live ? DesktopChooser() : nil, clipboard: { text in copied.withLock { $0.append(text) } }, say: say)
    }

    deinit {
        text.stop()
        judges.stop()
        scanner.finish()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The window's way: polls each time a host wakes it until `done` holds for what came (or a
    /// minute without it, for a machine under load), returning everything polled.
    func pollUntil(_ done: ([HostEvent]) -> Bool) -> [HostEvent] {
        var events = host.poll()
        while !done(events) {
            guard woken.wait(timeout: .now() + 60) == .success else { break }
            events += host.poll()
        }
        return events
    }

    /// What was put on the clipboard, in order.
    var clipboard: [String] { copied.current }

    /// What the hosts said, one line each.
    var lines: [String] { said.current }

    func path(_ name: String) -> String { folder + "/" + name }

    /// The pages of `files`, as the program opens them.
    func pages(_ files: [String]) -> [Page] {
        DocumentLoader.pages(for: files, reader: reader) { line in said.withLock { $0.append(line) } }
    }
}
