import ArgumentParser
import Foundation
import StripsConvert
import StripsCore
import StripsPhotosFeatures
import StripsFiles
import StripsHosts
import StripsPDF
import StripsPictures
import StripsRender
import StripsSDL
import StripsText

/// `strips convert`: the whole document pipeline without a window (StripsConvert's `Converter`),
/// wired to the window's own text engine and border finder.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: tr("Turn pictures, PDFs and folders into saved documents: borders, looks, text, blank pages, separator sheets."),
        discussion: ManualText.convert)

    @Argument(help: ArgumentHelp(tr("Pictures, PDFs or folders of them (read in name order), in the order of the batch; with --watch, the folders to watch.")))
    var inputs: [String]

    @Option(name: .long, help: ArgumentHelp(tr("Where the first document goes: a .pdf file, or a new or empty folder of numbered pictures. Each later document goes beside it, named by the text of the separator sheet before it, else NAME-2, NAME-3, ...")))
    var output: String

    @Option(name: .long, help: ArgumentHelp(tr("How the text of pages without their own is read: 'auto' (each page in the installed languages of its script: Cyrillic rus, Devanagari hin, Latin the locale's then eng), Tesseract's languages ('eng', 'eng+deu', 'rus'), or 'off'. Default: auto.")))
    var ocr: String?

    @Option(name: .long, help: ArgumentHelp(tr("Every page's look: original, colour, grey or bw (black and white, 1 bit).")))
    var look: String = "original"

    @Option(name: .long, help: ArgumentHelp(tr("'auto' finds each page's borders and flattens it (photographed pages), as Shift+C does; 'off' keeps pages whole.")))
    var borders: String = "off"

    @Option(name: .long, help: ArgumentHelp(tr("'separators' splits the batch where separator sheets stand (a barcode, QR code or patch code alone), leaving them out; 'off' keeps one document.")))
    var split: String = "separators"

    @Option(name: .long, help: ArgumentHelp(tr("'keep' keeps blank pages; 'drop' leaves them out.")))
    var blank: String = "keep"

    @Option(name: .long, help: ArgumentHelp(tr("'auto' turns each page upright when Tesseract's orientation detection is sure it reads turned (an unsure page stays as it is); 'off' keeps pages as they are.")))
    var rotate: String = "auto"

    @Option(name: .long, help: ArgumentHelp(tr("Appends a JSON line per document written or failed to FILE (input, pages, output, bytes, seconds, error; \"resumed\": true for one --resume found written).")))
    var report: String?

    @Option(name: .customLong("after-save"), help: ArgumentHelp(tr("A shell command run for each document written, its path given as $1 (appended as the last argument when the command names neither $1 nor $@); its failure is one line and the run goes on.")))
    var afterSave: String?

    @Option(name: .long, help: ArgumentHelp(tr("K/N: only the documents whose place in the batch (1, 2, ...) is K modulo N, K from 1 to N; 'env': K and N from a Kubernetes Indexed Job (JOB_COMPLETION_INDEX, from 0, and STRIPS_SHARD_COUNT) or a Slurm array (SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_MIN, SLURM_ARRAY_TASK_COUNT).")))
    var shard: String?

    @Flag(name: .long, help: ArgumentHelp(tr("Skip the documents an earlier run of the same batch wrote whole (a .pdf --output); write the rest.")))
    var resume = false

    @Flag(name: .long, help: ArgumentHelp(tr("Keep running: convert each file or batch folder that appears in the INPUT folders, once, into the --output folder (NAME.pdf for each), until SIGTERM or SIGINT.")))
    var watch = false

    @Option(name: .long, help: ArgumentHelp(tr("With --watch: seconds a new entry must stay unchanged, open for writing by nobody, before it is converted.")))
    var settle: Double = 2

    func validate() throws {
        guard Look(rawValue: look) != nil else { throw ValidationError("--look takes original, colour, grey or bw") }
        guard ["auto", "off"].contains(borders) else { throw ValidationError("--borders takes auto or off") }
        guard ["separators", "off"].contains(split) else { throw ValidationError("--split takes separators or off") }
        guard ["keep", "drop"].contains(blank) else { throw ValidationError("--blank takes keep or drop") }
        guard ["auto", "off"].contains(rotate) else { throw ValidationError("--rotate takes auto or off") }
        guard !output.isEmpty else { throw ValidationError("--output needs a .pdf file or a folder") }
        let pdf = (output as NSString).pathExtension.lowercased() == "pdf" && !output.hasSuffix("/")
        if watch {
            guard shard == nil else { throw ValidationError("--watch converts every entry itself; --shard is for a batch given at once") }
            guard !pdf else { throw ValidationError("--watch needs a folder for --output (each entry's documents go into it)") }
            guard settle >= 0, settle <= 86400 else { throw ValidationError("--settle takes seconds from 0 to 86400") }
        }
    }

    func run() throws {
        // Ctrl+C or a kill mid-save leaves no hidden temporary beside the output.
        WholeFile.removeTemporariesOnInterrupt()
        let languages = try OCRLanguages.resolve(ocr, headless: false)
        let share: Shard?
        switch shard.map({ Shard.parse($0, environment: ProcessInfo.processInfo.environment) }) {
        case .failure(let error)?: throw fail(error.description)
        case .success(let parsed)?: share = parsed
        case nil: share = nil
        }
        let log: ReportLog?
        switch report.map(ReportLog.open) {
        case .failure(let error)?: throw fail(error.description)
        case .success(let opened)?: log = opened
        case nil: log = nil
        }
        let hook = afterSave.map(AfterSave.init)
        let reader = PageReader(pdf: PDFPages(renderer: PDFRenderer()), renderer: PageRenderer())
        var options = Converter.Options(output: output)
        options.look = Look(rawValue: look) ?? .original
        options.borders = borders == "auto"
        options.split = split == "separators"
        options.dropBlank = blank == "drop"
        options.rotate = rotate == "auto"
        options.shard = share
        options.resume = resume || watch
        options.recipe = ["ocr \(languages ?? "off")"]
        let cache = TextCache.standard()
        let finder = BorderFinder(reader: reader)
        // One engine a core, kept from one round of documents to the next (each round reads a few pages a core).
        nonisolated(unsafe) let lanes = (0..<TextHost.threads(for: Int.max)).map { _ in PageTextService(languages: languages, cache: cache) }
        var converter = Converter(options: options, reader: reader, readText: { pages, settled, done in
            TextHost.read(pages, settled: settled, services: lanes, reader: reader, problem: { page, error in
                if reader.catalog.shouldReport(page.path) { FileHandleOutput.standardError("strips: \(page.id): \(error.description)") }
            }, done: done)
        }, findBorders: { page in
            finder.answer(BorderRequest(purpose: .apply, pages: [page])).pages.first ?? BorderAnswer.Found(pageID: page.id, corners: nil, levelling: nil)
        })
        let listAsWritten = watch
        converter.documentDone = { outcome in
            log?.append(outcome)
            guard outcome.error == nil, !outcome.resumed, let path = outcome.output else { return }
            if listAsWritten { FileHandle.standardOutput.write(Data((path + "\n").utf8)) }
            if let hook, let line = hook.run(for: path) { FileHandleOutput.standardError(line) }
        }
        converter.shouldStop = { StopSignals.requested }
        StopSignals.install()
        if watch { try runWatch(converter) }

        let files: [String]
        do {
            files = try DocumentLoader.imageFiles(in: inputs)
        } catch {
            throw fail(error.description)
        }
        let bar = TerminalProgress()
        converter.progress = { stage, done, total in bar.update(stage, done: done, total: total) }
        let result = converter.run(files: files)
        bar.finish()
        for note in result.notes { FileHandleOutput.standardError("strips: \(note)") }
        for line in result.leftOut { FileHandleOutput.standardError("strips: \(line)") }
        for line in result.failures { FileHandleOutput.standardError(line) }
        if result.stopped { FileHandleOutput.standardError("strips: stopped; --resume goes on from the documents written") }
        if let share, result.mine == 0, result.failures.isEmpty {
            FileHandleOutput.standardError("strips: shard \(share): none of the batch's \(result.documents) document\(result.documents == 1 ? " is" : "s is") this shard's")
        }
        if !result.written.isEmpty || !result.resumed.isEmpty {
            var summary = "\(result.written.count) document\(result.written.count == 1 ? "" : "s") from \(result.pages) page\(result.pages == 1 ? "" : "s")"
            if let share { summary += " (shard \(share): \(result.mine) of the batch's \(result.documents))" }
            if !result.resumed.isEmpty { summary += ", \(result.resumed.count) already written" }
            if result.separators > 0 { summary += ", \(result.separators) separator sheet\(result.separators == 1 ? "" : "s") left out" }
            if result.blankDropped > 0 { summary += ", \(result.blankDropped) blank page\(result.blankDropped == 1 ? "" : "s") dropped" }
            if result.turnedUpright > 0 { summary += ", \(result.turnedUpright) turned upright" }
            print(summary + ":")
            for path in result.written { print(path) }
        }
        if !result.succeeded { throw ExitCode(1) }
    }

    /// `--watch`: the inputs are folders; each entry appearing in one is a batch of its own.
    private func runWatch(_ converter: Converter) throws -> Never {
        for folder in inputs {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                throw fail("--watch: \(folder) is not a folder")
            }
        }
        var isFolder: ObjCBool = false
        if !FileManager.default.fileExists(atPath: output, isDirectory: &isFolder) {
            guard mkdir(output, 0o777) == 0 else { throw fail("\(output): the folder cannot be made (\(String(cString: strerror(errno))))") }
        } else if !isFolder.boolValue {
            throw fail("--watch: \(output) is not a folder")
        }
        // Entries are remembered by their full paths: a restart from another working folder knows them.
        let folders = inputs.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        let watcher = FolderWatch(inputs: folders, output: output, settle: settle, convert: { files, first in
            var one = converter
            one.options.output = first
            return one.run(files: files)
        }, say: { FileHandleOutput.standardError($0) })
        let started = watcher.run()
        if started { FileHandleOutput.standardError("strips: --watch stopped") }
        throw ExitCode(started ? 0 : 1)
    }
}
