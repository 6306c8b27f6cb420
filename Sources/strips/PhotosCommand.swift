import ArgumentParser
import Foundation
import StripsBatch
import StripsCamera
import StripsConvert
import StripsCore
import StripsPhotosFeatures
import StripsPhotos
import StripsExport
import StripsHosts
import StripsPDF
import StripsPictures
import StripsRender
import StripsScan
import StripsSDL
import StripsText

struct PhotosCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photos",
        abstract: tr("The document editor: preview strip, thumbnail strip, delete, undo, resize."),
        discussion: ManualText.photos)

    @Argument(help: ArgumentHelp(tr("Pictures, PDFs or folders of them (read in name order). Default: the bundled sample document.")))
    var paths: [String] = []

    @OptionGroup var headless: HeadlessOptions

    @OptionGroup var instruments: InstrumentOptions

    @Option(name: .long, help: ArgumentHelp(tr("Texture memory for pictures, in MiB; the pages farthest from the focus are evicted first. Default: follows the window (six screens of its pixels plus 48 MiB of thumbnails).")))
    var textureBudget: Int?

    @Option(name: .long, help: ArgumentHelp(tr("When pictures are decoded: 'async' (worker threads, frames go on; the live default) or 'sync' (before the frame that shows them; the headless default: deterministic screenshots).")))
    var decode: DecodeMode?

    @Option(name: .long, help: ArgumentHelp(tr("Where Ctrl+S saves: a .pdf file, or a new or empty folder of numbered pictures. Without it the desktop's file chooser asks (zenity or kdialog), or the document is saved beside its first page as 'NAME edited.pdf'.")))
    var output: String?

    @Option(name: .long, help: ArgumentHelp(tr("The freedesktop thumbnail cache shared with file managers: 'auto' ($XDG_CACHE_HOME/thumbnails; the live default), 'off' (the headless default, so a script always gives the same screenshots), or the path of a thumbnails folder (read and written, live or headless).")))
    var thumbnailCache: String?

    @Option(name: .long, help: ArgumentHelp(tr("Recognise the text of pages that have none: 'auto' (each page in the installed languages of its script: Cyrillic rus, Devanagari hin, Latin the locale's then eng), Tesseract's languages ('eng', 'eng+deu', 'rus'), or 'off': the pages near the one in focus where the strips rest, every page once a search is typed, the pages a save writes. A script reads before the frame that needs it; the window in the background on idle cores. Default: off in a script; auto in the window. PDF pages with their own text are never recognised.")))
    var ocr: String?

    @Flag(name: .long, help: ArgumentHelp(tr("Saving to a folder, also write each page's known text beside its picture ('001.txt' beside '001.jpg'). A PDF always carries the text, as an invisible layer on the page.")))
    var textFiles = false

    @Option(name: .long, help: ArgumentHelp(tr("The title a saved PDF carries (its document information and XMP). Default: the title of the PDF the document was opened from, else the document's name.")))
    var title: String?

    @Option(name: .long, help: ArgumentHelp(tr("The scanner Ctrl+N scans with: a SANE device name (e.g. test:0). Default: the last one used, else the first found.")))
    var scanner: String?

    @Option(name: .long, help: ArgumentHelp(tr("Where it takes paper from, as the device names it ('Flatbed', 'Automatic Document Feeder') or 'flatbed', 'feeder', 'duplex'.")))
    var scanSource: String?

    @Option(name: .long, help: ArgumentHelp(tr("Scan resolution in dots per inch (default: the last used, else 300).")))
    var scanDpi: Int?

    @Option(name: .long, help: ArgumentHelp(tr("Scan mode: color, gray or lineart (black and white, saved at 1 bit).")))
    var scanMode: String?

    @Option(name: .long, help: ArgumentHelp(tr("Scan page size: a4, a5, letter, legal or WIDTHxHEIGHT in mm (default: the whole glass).")))
    var scanPage: String?

    @Option(name: .long, help: ArgumentHelp(tr("Scanned pages an earlier session left unsaved (it crashed or was killed): 'ask' (the window's default: a prompt, which a script answers with t, d or Escape), 'take' them into the document, 'discard' them, or 'keep' them for later with one line on standard error (the headless default).")))
    var recover: RecoverMode?

    @Option(name: .long, help: ArgumentHelp(tr("The camera Ctrl+K shows: a V4L2 device (/dev/video0), 'portal' (the XDG desktop portal's camera through PipeWire), or a video file (a recording of a camera, for tests and demos; a script plays it on its own clock from the moment the camera opens). Default: the portal's camera in a Flatpak, else the first V4L2 camera found.")))
    var camera: String?

    @Option(name: .long, help: ArgumentHelp(tr("'auto' turns each page upright by itself when Tesseract's orientation detection is sure it reads turned, as it is opened, scanned or taken (one undo step; a page it is unsure of, or that was turned by hand, stays as it is); 'off' never. Default: auto.")))
    var rotate: String = "auto"

    func validate() throws {
        guard ["auto", "off"].contains(rotate) else { throw ValidationError("--rotate takes auto or off") }
        if let textureBudget, !(16...1_048_576).contains(textureBudget) {
            throw ValidationError("--texture-budget must be between 16 and 1048576 MiB")
        }
        if thumbnailCache?.isEmpty == true { throw ValidationError("--thumbnail-cache needs 'auto', 'off' or a folder") }
        if let scanDpi, !(1...19_200).contains(scanDpi) { throw ValidationError("--scan-dpi must be between 1 and 19200") }
        if let scanMode, ScanMode(rawValue: scanMode) == nil { throw ValidationError("--scan-mode takes color, gray or lineart") }
        if let scanPage, ScanPageSize(named: scanPage) == nil {
            throw ValidationError("--scan-page takes a4, a5, letter, legal or WIDTHxHEIGHT in mm")
        }
        if scanner?.isEmpty == true || scanSource?.isEmpty == true { throw ValidationError("--scanner and --scan-source need a name") }
        if camera?.isEmpty == true { throw ValidationError("--camera needs a device (/dev/video0), 'portal' or a video file") }
    }

    /// The scanner host: the command line's settings over the last ones; the window remembers.
    private func scanHost(live: Bool, executor: any HostExecutor) -> ScanHost {
        let environment = ProcessInfo.processInfo.environment
        var options = ScanHost.Options()
        options.overrides = ScanChoice(device: scanner, source: scanSource, dpi: scanDpi, mode: scanMode, pageSize: scanPage)
        options.memory = live ? ScannerMemory.standard() : nil
        options.executor = executor
        options.say = { FileHandleOutput.standardError($0) }
        if let silence = environment["STRIPS_SCAN_WORKER_SILENCE"].flatMap(Double.init), silence > 0 { options.silenceLimit = silence }
        if let timeout = environment["STRIPS_SCAN_READ_TIMEOUT"].flatMap(Double.init), timeout > 0 { options.readTimeout = timeout }
        return ScanHost(options: options)
    }

    /// The camera host: `--camera`'s source (else the first device found when Ctrl+K asks); pages
    /// taken are kept in the scans' recovery folder.
    private func cameraHost(live: Bool, executor: any HostExecutor, scanner: ScanHost) -> CameraHost {
        var options = CameraHost.Options(source: camera.map(CameraSource.named), live: live) { jpeg, name, width, height in
            scanner.keepCameraPage(jpeg, name: name, width: width, height: height).mapError { CameraFault($0.line) }
        }
        options.executor = executor
        return CameraHost(options: options)
    }

    /// Scans an earlier session left: offered, taken, removed or left with a line, as `--recover` says.
    private func recoverLeftovers(_ scanner: ScanHost, into scene: inout PhotosScene, live: Bool) {
        let mode = recover ?? (live ? .ask : .keep)
        if live, mode == .ask { return scanner.offerLeftoversLater() }
        guard let offer = scanner.lookForLeftovers() else { return }
        switch mode {
        case .ask:
            scene.handle(.host(.scan(.recoveryOffered(offer))), at: 0)
        case .take:
            for answer in scanner.recover(take: true, firstNumber: scene.document.nextScanNumber) { scene.handle(.host(answer), at: 0) }
        case .discard:
            _ = scanner.recover(take: false, firstNumber: 0)
        case .keep:
            let pages = "\(offer.phrase) from an earlier session (\(offer.when)) \(offer.pages == 1 ? "was" : "were")"
            FileHandleOutput.standardError("strips: \(pages) not saved; kept in \(offer.folder) "
                + "(--recover take adds them to the document, --recover discard removes them)")
        }
    }

    func run() throws {
        let paths: [String]
        let name: String
        if self.paths.isEmpty {
            guard let sample = Resources.sampleDocument else { throw fail("the bundled sample document (Assets/Sample) is missing") }
            paths = [sample]
            name = "Sample document"
        } else {
            paths = self.paths
            name = DocumentLoader.documentName(for: paths)
        }
        let files: [String]
        do {
            files = try DocumentLoader.imageFiles(in: paths)
        } catch {
            throw fail(error.description)
        }
        let script = try headless.script.map { try SceneRunner.loadScript($0) }
        let languages = try OCRLanguages.resolve(ocr, headless: script != nil)
        try SceneRunner.startSDL(video: script == nil)
        let fonts = SceneRunner.fonts()
        // One reader for the document: its loader and its decoders share the catalog of files it opened.
        let reader = PageReader(thumbnailCache: ThumbnailCache.chosen(thumbnailCache, headless: script != nil), pdf: PDFPages(renderer: PDFRenderer()),
                                renderer: PageRenderer())
        let pages = DocumentLoader.pages(for: files, reader: reader) { FileHandleOutput.standardError($0) }
        // Only the window remembers: a script always starts from the same state.
        let memory = script == nil ? DocumentMemory(paths: paths) : nil
        let remembered = memory?.load()
        let window = script?.window ?? remembered?.windowSize ?? Script.defaultWindow
        var scene = PhotosScene(documentName: name, pages: pages, windowSize: window, measurer: fonts ?? ApproximateTextMeasurer(),
                                focusedPage: remembered?.focusedPage)
        // Where every host's errands run: inline in a script (answered before its next frame, the
        // same every run), on workers in the window (answered through polls, the loop woken).
        let executor: any HostExecutor = script == nil ? WorkerExecutor(wake: { LoopWaker.wake() }) : InlineExecutor()
        let scanner = scanHost(live: script == nil, executor: executor)
        recoverLeftovers(scanner, into: &scene, live: script == nil)
        let textures = TextureOptions(reader: reader, budget: textureBudget.map { $0 << 20 }, decode: decode ?? (script == nil ? .async : .sync),
                                      arriving: scanner.pictures)
        let say: @Sendable (String) -> Void = { FileHandleOutput.standardError($0) }
        let text = TextHost(languages: languages, reader: reader, executor: executor, say: say)
        let saver = DocumentSaver(output: output, sources: files, documentName: name, chooser: script == nil ? DesktopChooser() : nil,
                                  executor: executor, texts: text,
                                  textFiles: textFiles, metadata: DocumentExporter.metadata(title: title, documentName: name, sources: files), say: say)
        // Pages are judged blank or separator sheets, and which way up they read, near the focus;
        // the window goes on to every page.
        var orient: (@Sendable (StripsPhotosFeatures.Page, PageJudge.Working?) -> UprightFinding?)?
        if rotate == "auto" {
            let upright = UprightPages(judge: PageJudge(reader: reader))
            orient = { upright.finding($0, working: $1) }
        }
        let judges = JudgeHost(judge: PageJudge(reader: reader), orient: orient, executor: executor)
        scene.judgingReach = script == nil ? .everyPage : .nearFocus
        scene.outputName = output.map(PhotosScene.fileStem)
        scene.readingLanguages = languages == nil ? [] : TessData.installed
        let cameraHost = self.cameraHost(live: script == nil, executor: executor, scanner: scanner)
        // Headless there is no clipboard: the trace's `clipboard` says what was copied.
        var clipboard: (@Sendable (String) -> Void)?
        if script == nil { clipboard = { @Sendable text in Clipboard.set(text) } }
        let host = PhotosHost(saver: saver, reader: reader, scanner: scanner, text: text, camera: cameraHost, judges: judges,
                              executor: executor, chooser: script == nil ? DesktopChooser() : nil, clipboard: clipboard, say: say)
        defer {
            text.stop()
            judges.stop()
        }
        try SceneRunner.run(scene, script: script, options: headless, instruments: instruments, fonts: fonts, textures: textures,
                            host: host, live: cameraHost.picture, onQuit: { memory?.save($0) }, onEnd: { _ in
                                cameraHost.finish()
                                scanner.finish()
                            })
    }
}

extension DecodeMode: ExpressibleByArgument {}
