import ArgumentParser
import StripsCore
import StripsPDF
import StripsPictures
import StripsRender
import StripsSDL

struct PhotosCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photos",
        abstract: "The document editor: preview strip, thumbnail strip, delete, undo, resize.",
        discussion: ManualText.photos)

    @Argument(help: "Pictures, PDFs or folders of them (read in name order). Default: the bundled sample document.")
    var paths: [String] = []

    @OptionGroup var headless: HeadlessOptions

    @OptionGroup var instruments: InstrumentOptions

    @Option(name: .long, help: """
        Texture memory for pictures, in MiB; the pages farthest from the focus are evicted first. \
        Default: follows the window (six screens of its pixels plus 48 MiB of thumbnails).
        """)
    var textureBudget: Int?

    @Option(name: .long, help: """
        When pictures are decoded: 'async' (worker threads, frames go on; the live default) or \
        'sync' (before the frame that shows them; the headless default: deterministic screenshots).
        """)
    var decode: DecodeMode?

    @Option(name: .long, help: """
        Where Ctrl+S saves: a .pdf file, or a new or empty folder of numbered pictures. Without it \
        the desktop's file chooser asks (zenity or kdialog), or the document is saved beside its \
        first page as 'NAME edited.pdf'.
        """)
    var output: String?

    @Option(name: .long, help: """
        The freedesktop thumbnail cache shared with file managers: 'auto' ($XDG_CACHE_HOME/thumbnails; \
        the live default), 'off' (the headless default, so a script always gives the same screenshots), \
        or the path of a thumbnails folder (read and written, live or headless).
        """)
    var thumbnailCache: String?

    func validate() throws {
        if let textureBudget, !(16...1_048_576).contains(textureBudget) {
            throw ValidationError("--texture-budget must be between 16 and 1048576 MiB")
        }
        if thumbnailCache?.isEmpty == true { throw ValidationError("--thumbnail-cache needs 'auto', 'off' or a folder") }
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
        let scene = PhotosScene(documentName: name, pages: pages, windowSize: window, measurer: fonts ?? ApproximateTextMeasurer(),
                                focusedPage: remembered?.focusedPage)
        let textures = TextureOptions(reader: reader, budget: textureBudget.map { $0 << 20 }, decode: decode ?? (script == nil ? .async : .sync))
        let saver = DocumentSaver(output: output, sources: files, documentName: name, live: script == nil)
        try SceneRunner.run(scene, script: script, options: headless, instruments: instruments, fonts: fonts, textures: textures,
                            host: PhotosHost(saver: saver, reader: reader, live: script == nil), onQuit: { memory?.save($0) })
    }
}

extension DecodeMode: ExpressibleByArgument {}
