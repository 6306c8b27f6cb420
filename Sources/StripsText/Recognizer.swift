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
    private var orientationAPI: OpaquePointer?

    /// Starts Tesseract for `languages` (`eng`, `eng+deu`) with data from `dataFolder` (default:
    /// `TessData.folder()`); throws one clear error when a language is not installed.
    public init(languages: String, dataFolder: String? = nil) throws(RecognitionError) {
        guard let folder = dataFolder ?? TessData.folder() else { throw .noData(searched: TessData.searchPath) }
        _ = try TessData.check(languages, in: folder)
        guard let api = Self.start(languages, folder: folder) else { throw .cannotStart("\(languages) in \(folder)") }
        self.languages = languages
        self.dataFolder = folder
        self.api = api
        TessBaseAPISetPageSegMode(api, PSM_AUTO)
        _ = TessBaseAPISetVariable(api, "thresholding_method", "2")
    }

    deinit {
        for engine in [api, orientationAPI].compactMap({ $0 }) {
            TessBaseAPIEnd(engine)
            TessBaseAPIDelete(engine)
        }
    }

    /// A started TessBaseAPI whose messages go nowhere (a window app has no terminal to print to).
    private static func start(_ languages: String, folder: String) -> OpaquePointer? {
        guard let api = TessBaseAPICreate() else { return nil }
        let names = [strdup("debug_file")], values = [strdup("/dev/null")]
        defer { (names + values).forEach { free($0) } }
        var namePointers = names, valuePointers = values
        let status = namePointers.withUnsafeMutableBufferPointer { n in
            valuePointers.withUnsafeMutableBufferPointer { v in
                TessBaseAPIInit4(api, folder, languages, OEM_DEFAULT, nil, 0, n.baseAddress, v.baseAddress, 1, 0)
            }
        }
        guard status == 0 else {
            TessBaseAPIDelete(api)
            return nil
        }
        return api
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
        let grey = picture.format == .grey ? picture : Looks.luma(of: picture)
        defer { TessBaseAPIClear(api) }
        OpenMPThreads.adaptToLoad()
        setImage(grey, dpi: dpi, on: api)
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
        guard status == 0 else { throw .failed("Tesseract could not read the picture") }
        return TesseractResults.read(api, width: Double(grey.width), height: Double(grey.height), origin: origin)
    }

    /// Which way up the page in `picture` is, from Tesseract's orientation detection (the `osd`
    /// model, tesseract-ocr-osd); nil when it finds too little text to tell or `osd` is missing.
    public func orientation(of picture: PixelBuffer, dpi: Double) -> PageOrientation? {
        guard picture.width >= 3, picture.height >= 3, picture.width < 32_768, picture.height < 32_768 else { return nil }
        if orientationAPI == nil {
            guard TessData.languages(in: dataFolder).contains("osd"), let engine = Self.start("osd", folder: dataFolder) else { return nil }
            TessBaseAPISetPageSegMode(engine, PSM_OSD_ONLY)
            orientationAPI = engine
        }
        guard let engine = orientationAPI else { return nil }
        // Orientation needs letters' shapes, not their details: at 150 dpi it is as sure (confidence
        // 20-30 on the sample pages) at a quarter of the 300 dpi cost; at 100 dpi it guesses wrong.
        let factor = max(1, Int(dpi / Self.orientationDPI))
        let grey = Looks.luma(of: picture, reducedBy: factor)
        defer { TessBaseAPIClear(engine) }
        OpenMPThreads.adaptToLoad()
        setImage(grey, dpi: dpi / Double(factor), on: engine)
        var degrees: Int32 = 0, confidence: Float = 0, scriptConfidence: Float = 0
        var script: UnsafePointer<CChar>?
        guard TessBaseAPIDetectOrientationScript(engine, &degrees, &confidence, &script, &scriptConfidence) != 0 else { return nil }
        return PageOrientation(tesseractDegrees: Int(degrees), confidence: Double(confidence), script: script.map { String(cString: $0) })
    }

    /// The resolution orientation is detected at, at most (a 300 dpi scan is halved).
    static let orientationDPI = 150.0

    /// Hands Tesseract the grey rows; it copies them into its own picture once.
    private func setImage(_ grey: PixelBuffer, dpi: Double, on engine: OpaquePointer) {
        grey.bytes.withUnsafeBufferPointer {
            TessBaseAPISetImage(engine, $0.baseAddress, Int32(grey.width), Int32(grey.height), 1, Int32(grey.bytesPerRow))
        }
        // Tesseract warns about and guesses for resolutions under 70; a thumbnail is not read anyway.
        TessBaseAPISetSourceResolution(engine, Int32(min(2400, max(70, dpi.isFinite ? dpi.rounded() : 300))))
    }
}
