import StripsCore
import CTesseract
import Foundation
import StripsLooks
import StripsPictures

/// Tesseract, ready to read pages in some languages. A TessBaseAPI is not thread-safe, so a
/// recognizer belongs to one thread: make one per worker thread and keep it for every page that
/// worker reads (starting one loads the language models, ~0.1-0.3 s; reading a page reuses them).
/// It is deliberately not `Sendable`.
///
/// Settings are the `tesseract` command's (automatic page segmentation, the default engine, the
/// picture's resolution), except the threshold: Sauvola's local one (Tesseract's
/// `thresholding_method=2`) instead of a global Otsu, which loses the words in a scanner lid's
/// shadow (8 of the 8 sample pages at 99.7-100 % of words instead of 83-87 % on the shadowed ones,
/// at the same cost).
public final class Recognizer {
    public let languages: String
    /// The tessdata folder in use.
    public let dataFolder: String
    private let api: OpaquePointer
    /// Orientation detection has its own engine (the `osd` model), made when first asked.
    private var osd: PageOSD?

    /// Starts Tesseract for `languages` (`eng`, `eng+deu`) with data from `dataFolder` (default:
    /// `TessData.folder()`); throws one clear error when a language is not installed.
    public init(languages: String, dataFolder: String? = nil) throws(RecognitionError) {
        guard let folder = dataFolder ?? TessData.folder() else { throw .noData(searched: TessData.searchPath) }
        _ = try TessData.check(languages, in: folder)
        guard let api = TesseractEngine.start(languages, folder: folder) else { throw .cannotStart("\(languages) in \(folder)") }
        self.languages = languages
        self.dataFolder = folder
        self.api = api
        TessBaseAPISetPageSegMode(api, PSM_AUTO)
        _ = TessBaseAPISetVariable(api, "thresholding_method", "2")
    }

    deinit {
        TessBaseAPIEnd(api)
        TessBaseAPIDelete(api)
    }

    /// The words, lines and text of `picture`, whose page is at `dpi` (pixels per inch of the
    /// paper; 300 for a usual scan). Boxes are in the picture's pixels. Colour pictures are read
    /// in luma (one byte a pixel is all Tesseract looks at). Throws `.cancelled` when `cancel` is
    /// set before or while the page is read.
    public func recognise(_ picture: PixelBuffer, dpi: Double, cancel: RecognitionCancel? = nil) throws(RecognitionError) -> PageText {
        let origin = PageText.Origin.recognised(languages: languages)
        if cancel?.isCancelled == true { throw .cancelled }
        guard picture.width >= 3, picture.height >= 3, picture.width < 32_768, picture.height < 32_768 else {
            return .empty(width: Double(picture.width), height: Double(picture.height), origin: origin)
        }
        defer { TessBaseAPIClear(api) }
        OpenMPThreads.limitThisThread()
        // A page already black and white (a bilevel scan) is handed over as its bits, as the
        // tesseract command reads a 1-bit TIFF: no threshold to find (Sauvola's windowed means were
        // 3 % of a convert), no grey copy of the page (docs/PERFORMANCE.md, issue 42).
        if let bilevel = BilevelBits(picture), TesseractEngine.setImage(bilevel, dpi: dpi, on: api) {
            // Its threshold as the command's (Otsu), though a bilevel picture is only copied.
            _ = TessBaseAPISetVariable(api, "thresholding_method", "0")
        } else {
            _ = TessBaseAPISetVariable(api, "thresholding_method", "2")
            TesseractEngine.setImage(picture.format == .grey ? picture : Looks.luma(of: picture), dpi: dpi, on: api)
        }
        let monitor = TessMonitorCreate()
        defer { TessMonitorDelete(monitor) }
        if let cancel {
            TessMonitorSetCancelThis(monitor, Unmanaged.passUnretained(cancel).toOpaque())
            TessMonitorSetCancelFunc(monitor) { this, _ in
                // Between words: held here while paused, then stopped if cancelled.
                this.map { Unmanaged<RecognitionCancel>.fromOpaque($0).takeUnretainedValue().waitWhilePaused() } ?? false
            }
        }
        let status = withExtendedLifetime(cancel) { TessBaseAPIRecognize(api, monitor) }
        if cancel?.isCancelled == true { throw .cancelled }
        guard status == 0 else { throw .failed(trLater("Tesseract could not read the picture")) }
        return TesseractResults.read(api, width: Double(picture.width), height: Double(picture.height), origin: origin)
    }

    /// Which way up the page in `picture` is, from Tesseract's orientation detection (`PageOSD`,
    /// made when first asked); nil when it finds too little text to tell or `osd` is missing.
    public func orientation(of picture: PixelBuffer, dpi: Double) -> PageOrientation? {
        if osd == nil { osd = PageOSD(dataFolder: dataFolder) }
        return osd?.read(picture, dpi: dpi)?.orientation
    }
}
