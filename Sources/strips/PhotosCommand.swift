import ArgumentParser
import StripsCore
import StripsSDL

struct PhotosCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photos",
        abstract: "The document editor: preview strip, thumbnail strip, delete, undo, resize.")

    @Argument(help: "Image files or folders of images (read in name order). Default: the bundled sample document.")
    var paths: [String] = []

    @OptionGroup var headless: HeadlessOptions

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
        let pages = DocumentLoader.pages(for: files) { FileHandleOutput.standardError($0) }
        let window = script?.window ?? Script.defaultWindow
        let scene = PhotosScene(documentName: name, pages: pages, windowSize: window, measurer: fonts ?? ApproximateTextMeasurer())
        try SceneRunner.run(scene, script: script, options: headless, fonts: fonts)
    }
}
