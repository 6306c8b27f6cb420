import Foundation
import StripsCore
import StripsPhotosFeatures
import StripsPDF
import StripsPictures
import StripsText

/// How the text host reads one page: the text cache's recipe for it (which page of the file, and
/// the corrections that move its words), and the page drawn as it is shown for recognition.
extension TextHost {
    /// The text of each of `pages` (nil: none of its own and recognition off, or it could not be
    /// read, which `problem` hears of), read on as many threads as there are cores, each with its
    /// own engine; in page order whatever the threads did, so the same run gives the same answers.
    /// `done`: told as each page is finished (`strips convert`'s progress bar).
    public static func read(_ pages: [Page], languages: String?, reader: PageReader, cache: TextCache?,
                            problem: @escaping @Sendable (Page, RecognitionError) -> Void, done: @escaping @Sendable () -> Void = {}) -> [PageText?] {
        let lanes = (0..<threads(for: pages.count)).map { _ in PageTextService(languages: languages, cache: cache) }
        return read(pages, services: lanes, reader: reader, problem: problem, done: done)
    }

    /// Threads for reading `count` pages: one a page, at most one a core.
    public static func threads(for count: Int) -> Int { max(1, min(count, ProcessInfo.processInfo.activeProcessorCount)) }

    /// `read`, lane `k` with `services[k]` (a service, with its engine and its open PDF, serves one
    /// thread at a time: a host keeps its lanes' from one read to the next, as `strips convert`
    /// does from one round of documents to the next, so Tesseract is started once a lane).
    /// `settled[i]`: which way up page `i` is already known to be (read turned so, with no
    /// orientation detection); nil, or no list: detected as the page is read.
    public static func read(_ pages: [Page], settled: [SettledOrientation?] = [], services: [any PageTextSource], reader: PageReader,
                     problem: @escaping @Sendable (Page, RecognitionError) -> Void, done: @escaping @Sendable () -> Void = {}) -> [PageText?] {
        guard !pages.isEmpty, !services.isEmpty else { return [] }
        let threads = min(services.count, pages.count)
        let results = Locked([PageText?](repeating: nil, count: pages.count))
        // Each lane touches its own service only.
        nonisolated(unsafe) let services = services
        DispatchQueue.concurrentPerform(iterations: threads) { lane in
            let service = services[lane]
            let languages = service.languages
            for i in stride(from: lane, to: pages.count, by: threads) {
                let page = pages[i]
                do throws(RecognitionError) {
                    let text = try service.pageText(file: page.path, pdfPage: page.source.pdfPageIndex, recipe: recipe(page),
                                                    geometry: geometry(page), detectOrientation: languages != nil,
                                                    settled: i < settled.count ? settled[i] : nil, languages: page.corrections.language,
                                                    cancel: nil, render: { render(page, reader: reader) })
                    results.withLock { $0[i] = text }
                } catch {
                    problem(page, error)
                }
                done()
            }
        }
        return results.current
    }

    /// The text cache's recipe: which page of the file, and the corrections that move its words.
    static func recipe(_ page: Page) -> String {
        let which = page.source.pageIndex.map { "page=\($0)" } ?? "picture"
        let geometry = page.textKey.geometry.fingerprint
        return geometry.isEmpty ? which : "\(which) \(geometry)"
    }

    /// What the page's crop and straighten do, which its PDF text is laid through; nil when nothing.
    static func geometry(_ page: Page) -> RecipeGeometry? {
        let moving = page.textKey.geometry
        return moving.isIdentity ? nil : RecipeGeometry(recipe: moving, sourceSize: page.pixelSize)
    }

    /// The longest side a page is read at: a letter page at 380 dpi. Larger pictures are read
    /// reduced (Tesseract gains nothing past ~300 dpi for text of usual sizes).
    static let readingSide = 4200.0

    /// The page as it is drawn (its crop and straighten; the look left out, which moves no word),
    /// upright before the user's turns, with its resolution: a PDF page is 300 dpi of its points, a
    /// picture's page is taken to be 11 inches on its long side (as the looks take it).
    static func render(_ page: Page, reader: PageReader) -> (picture: PixelBuffer, dpi: Double)? {
        let geometry = page.textKey.geometry
        let size = geometry.correctedSize(of: page.pixelSize)
        let long = max(size.width, size.height)
        guard long > 0 else { return nil }
        let scale = min(1, readingSide / long)
        let limit = PixelLimit(width: Int32((size.width * scale).rounded(.up)), height: Int32((size.height * scale).rounded(.up)))
        let result: Result<DecodedPicture, ImageFailure>?
        if geometry.isIdentity {
            result = reader.decode(page.source, limit: limit)
        } else {
            // Cropped or straightened: the page as the recipe renderer draws it, so the words'
            // boxes are on the page as it is shown and saved.
            let ref = ImageRef(source: page.source, recipe: geometry, variant: .full, sourceSize: page.pixelSize)
            result = reader.picture(ref, limit: limit, stage: .best).result
        }
        guard case .success(let decoded)? = result else { return nil }
        let shrunk = Double(max(decoded.width, decoded.height)) / long
        let dpi = page.source.isPDFPage ? PDFPages.pixelsPerPoint * 72 * shrunk : max(70, long / 11) * shrunk
        return (decoded.pixels, dpi)
    }
}

extension PageSource {
    /// The PDF page's index (from 0), nil for other sources.
    var pdfPageIndex: Int? { isPDFPage ? pageIndex : nil }
}

