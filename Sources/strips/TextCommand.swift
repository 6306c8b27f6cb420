import ArgumentParser
import Foundation
import StripsCore
import StripsHosts
import StripsPDF
import StripsPictures
import StripsSDL
import StripsText

/// `strips text`: the text of every page, for scripts: a PDF page's own text, else the text
/// cache, else recognised (Tesseract, orientation found on the way), pages in order with one form
/// feed between them, on standard output.
struct TextCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "text",
        abstract: tr("Print the text of every page of pictures, PDFs and folders, one form feed between pages."),
        discussion: ManualText.text)

    @Argument(help: ArgumentHelp(tr("Pictures, PDFs or folders of them (read in name order).")))
    var paths: [String]

    @Option(name: .long, help: ArgumentHelp(tr("How pages without text of their own are read: 'auto' (each page in the installed languages of its script), Tesseract's languages ('eng', 'eng+deu', 'rus'), or 'off' (PDF text only). Default: auto.")))
    var ocr: String?

    func run() throws {
        let languages = try OCRLanguages.resolve(ocr, headless: false)
        let files: [String]
        do {
            files = try DocumentLoader.imageFiles(in: paths)
        } catch {
            throw fail(error.description)
        }
        let reader = PageReader(pdf: PDFPages(renderer: PDFRenderer()))
        let failed = Locked(false)
        let pages = DocumentLoader.pages(for: files, reader: reader) { line in
            FileHandleOutput.standardError(line)
            failed.withLock { $0 = true }
        }
        let texts = TextHost.read(pages, languages: languages, reader: reader, cache: TextCache.standard()) { page, error in
            // A file is named once: one that could not be opened already was.
            if reader.catalog.shouldReport(page.path) { FileHandleOutput.standardError("strips: \(page.id): \(error.description)") }
            failed.withLock { $0 = true }
        }
        FileHandle.standardOutput.write(Data(PageText.printed(texts).utf8))
        if failed.current { throw ExitCode(1) }
    }
}
