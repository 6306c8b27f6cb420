import ArgumentParser
import Foundation
import StripsCore
import StripsFiles
import StripsPDF
import StripsPictures
import StripsRender
import StripsSDL

/// `strips thumbnail`: a picture's (or a page's) thumbnail as a PNG, in the freedesktop
/// thumbnailer convention (`strips thumbnail --size %s %i %o`), through the app's own decode
/// path: the same page formats, scaled decodes and scanned-PDF fast path the window uses.
struct ThumbnailCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "thumbnail",
        abstract: tr("Write a PNG thumbnail of a picture, or of pages of a PDF or multi-page TIFF."),
        discussion: ManualText.thumbnail)

    @Option(name: .long, help: ArgumentHelp(tr("The thumbnail's largest side in pixels (never larger than the picture).")))
    var size = 256

    @Option(name: .long, help: ArgumentHelp(tr("The page to thumbnail, from 1 (PDFs and multi-page TIFFs). Default: the first.")))
    var page: Int?

    @Option(name: .long, help: ArgumentHelp(tr("Pages A-B (from 1): one PNG each; OUTPUT must hold %d, the page number.")))
    var pages: String?

    @Argument(help: ArgumentHelp(tr("A picture, PDF or TIFF file.")))
    var input: String

    @Argument(help: ArgumentHelp(tr("The PNG to write (replaced when it exists); %d stands for the page number.")))
    var output: String

    func validate() throws {
        guard (1...4096).contains(size) else { throw ValidationError("--size must be between 1 and 4096") }
        if page != nil && pages != nil { throw ValidationError("--page and --pages cannot both be given") }
        if let page, page < 1 { throw ValidationError("--page counts from 1") }
        if pages != nil && range == nil { throw ValidationError("--pages needs A-B, from 1, A at most B") }
    }

    /// `--pages A-B` as page indices from 0.
    var range: ClosedRange<Int>? {
        guard let pages else { return nil }
        let ends = pages.split(separator: "-", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard ends.count == 2, let a = ends[0], let b = ends[1], a >= 1, a <= b else { return nil }
        return (a - 1)...(b - 1)
    }

    func run() throws {
        let reader = PageReader(pdf: PDFPages(renderer: PDFRenderer()), renderer: PageRenderer())
        let shapes: [PageShape]
        switch reader.pages(of: input) {
        case .failure(let failure): throw fail("\(input): \(failure.reason)")
        case .success(let found): shapes = found
        }
        let wanted = range ?? page.map { ($0 - 1)...($0 - 1) } ?? 0...0
        guard wanted.upperBound < shapes.count else {
            throw fail("\(input): no page \(wanted.upperBound + 1) (the file has \(shapes.count))")
        }
        if wanted.count > 1 && !output.contains("%d") { throw fail("\(output): several pages need %d in the name") }
        let limit = PixelLimit(width: Int32(size), height: Int32(size))
        for index in wanted {
            let shape = shapes[index]
            if let problem = shape.problem { throw fail("\(input): \(problem)") }
            let picture: DecodedPicture
            switch reader.decode(shape.source, limit: limit, fast: true) {
            case .failure(let failure): throw fail("\(shape.source.displayName): \(failure.reason)")
            case .success(let decoded): picture = decoded
            }
            let path = output.replacingOccurrences(of: "%d", with: String(index + 1))
            guard case .success(let png) = PNGWriter(fast: true).encode(picture.pixels) else { throw fail("\(path): cannot encode the PNG") }
            // Replaced when it is a regular file (the thumbnailer convention), written into when it
            // is a device or FIFO, never over the input; a thumbnail lost in a crash is made again.
            if let failure = OutputFile.write(png, to: path, replacing: true, mode: 0o644, durable: false) {
                throw fail("\(path): cannot write the file (\(failure))")
            }
        }
    }
}
