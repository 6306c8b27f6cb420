import ArgumentParser
import Foundation
import StripsConvert
import StripsCore
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
        abstract: "Turn pictures, PDFs and folders into saved documents: borders, looks, text, blank pages, separator sheets.",
        discussion: ManualText.convert)

    @Argument(help: "Pictures, PDFs or folders of them (read in name order), in the order of the batch.")
    var inputs: [String]

    @Option(name: .long, help: """
        Where the first document goes: a .pdf file, or a new or empty folder of numbered pictures. Each later \
        document goes beside it, named by the text of the separator sheet before it, else NAME-2, NAME-3, ...
        """)
    var output: String

    @Option(name: .long, help: """
        Tesseract's languages for the text of pages without their own ('eng', 'eng+deu'), or 'off'. \
        Default: the installed languages matching the locale, else eng.
        """)
    var ocr: String?

    @Option(name: .long, help: "Every page's look: original, colour, grey or bw (black and white, 1 bit).")
    var look: String = "original"

    @Option(name: .long, help: "'auto' finds each page's borders and flattens it (photographed pages), as Shift+C does; 'off' keeps pages whole.")
    var borders: String = "off"

    @Option(name: .long, help: "'separators' splits the batch where separator sheets stand (a barcode, QR code or patch code alone), leaving them out; 'off' keeps one document.")
    var split: String = "separators"

    @Option(name: .long, help: "'keep' keeps blank pages; 'drop' leaves them out.")
    var blank: String = "keep"

    @Option(name: .long, help: "'auto' turns each page upright when Tesseract's orientation detection is sure it reads turned (an unsure page stays as it is); 'off' keeps pages as they are.")
    var rotate: String = "auto"

    func validate() throws {
        guard Look(rawValue: look) != nil else { throw ValidationError("--look takes original, colour, grey or bw") }
        guard ["auto", "off"].contains(borders) else { throw ValidationError("--borders takes auto or off") }
        guard ["separators", "off"].contains(split) else { throw ValidationError("--split takes separators or off") }
        guard ["keep", "drop"].contains(blank) else { throw ValidationError("--blank takes keep or drop") }
        guard ["auto", "off"].contains(rotate) else { throw ValidationError("--rotate takes auto or off") }
        guard !output.isEmpty else { throw ValidationError("--output needs a .pdf file or a folder") }
    }

    func run() throws {
        let languages = try OCRLanguages.resolve(ocr, headless: false)
        let files: [String]
        do {
            files = try DocumentLoader.imageFiles(in: inputs)
        } catch {
            throw fail(error.description)
        }
        let reader = PageReader(pdf: PDFPages(renderer: PDFRenderer()), renderer: PageRenderer())
        var options = Converter.Options(output: output)
        options.look = Look(rawValue: look) ?? .original
        options.borders = borders == "auto"
        options.split = split == "separators"
        options.dropBlank = blank == "drop"
        options.rotate = rotate == "auto"
        let cache = TextCache.standard()
        let finder = BorderFinder(reader: reader, live: false)
        var converter = Converter(options: options, reader: reader, readText: { pages, done in
            TextHost.read(pages, languages: languages, reader: reader, cache: cache, problem: { page, error in
                if reader.catalog.shouldReport(page.path) { FileHandleOutput.standardError("strips: \(page.id): \(error.description)") }
            }, done: done)
        }, findBorders: { page in
            finder.answer(BorderRequest(purpose: .apply, pages: [page])).pages.first ?? BorderAnswer.Found(pageID: page.id, corners: nil, levelling: nil)
        })
        let bar = TerminalProgress()
        converter.progress = { stage, done, total in bar.update(stage, done: done, total: total) }
        let report = converter.run(files: files)
        bar.finish()
        for note in report.notes { FileHandleOutput.standardError("strips: \(note)") }
        for line in report.leftOut { FileHandleOutput.standardError("strips: \(line)") }
        for line in report.failures { FileHandleOutput.standardError(line) }
        if !report.written.isEmpty {
            var summary = "\(report.written.count) document\(report.written.count == 1 ? "" : "s") from \(report.pages) page\(report.pages == 1 ? "" : "s")"
            if report.separators > 0 { summary += ", \(report.separators) separator sheet\(report.separators == 1 ? "" : "s") left out" }
            if report.blankDropped > 0 { summary += ", \(report.blankDropped) blank page\(report.blankDropped == 1 ? "" : "s") dropped" }
            if report.turnedUpright > 0 { summary += ", \(report.turnedUpright) turned upright" }
            print(summary + ":")
            for path in report.written { print(path) }
        }
        if !report.succeeded { throw ExitCode(1) }
    }
}
