import CTesseract
import Foundation
import StripsLooks
import StripsPictures

/// Tesseract's orientation and script detection (OSD, the `osd` model of tesseract-ocr-osd), on an
/// engine of its own that loads no language: which way up a page is and which script it is
/// written in (Latin, Cyrillic, Devanagari, Han, ...), each with Tesseract's confidence. The one
/// reader of both for the whole program: pages turned upright by themselves, `Recognizer`'s
/// orientation, and choosing the languages a page is read in all ask it.
///
/// A TessBaseAPI is not thread-safe, so a reader belongs to one thread, as a `Recognizer` does;
/// starting one costs ~50 ms (the osd model), reading a page 20-150 ms at 150 dpi.
public final class PageOSD {
    /// What OSD found on one page.
    public struct Reading: Hashable, Sendable {
        /// Which way up, with the script as well (`PageOrientation.script`).
        public var orientation: PageOrientation
        /// Degrees (0, 90, 180, 270) the page must be turned clockwise to stand upright.
        public var degreesToUpright: Int { orientation.quarterTurnsToUpright * 90 }
        /// Tesseract's orientation confidence (`PageOrientation.sureConfidence` and up: sure).
        public var orientationConfidence: Double { orientation.confidence }
        /// The script's name as Tesseract's osd model spells it (`Latin`, `Cyrillic`,
        /// `Devanagari`, `Han`, `Arabic`, ...); nil when it named none.
        public var script: String? { orientation.script }
        /// Tesseract's script confidence (how far the best script leads the next; above about 1
        /// it is the page's script).
        public var scriptConfidence: Double { orientation.scriptConfidence ?? 0 }
    }

    /// The tessdata folder holding `osd.traineddata`.
    public let dataFolder: String
    private let engine: OpaquePointer

    /// Starts OSD with the data in `dataFolder` (default: `TessData.folder()`); nil when no
    /// folder holds `osd.traineddata` (tesseract-ocr-osd is not installed) or Tesseract fails.
    public init?(dataFolder: String? = nil) {
        guard let folder = dataFolder ?? TessData.folder(), TessData.languages(in: folder).contains("osd"),
              let engine = TesseractEngine.start("osd", folder: folder) else { return nil }
        TessBaseAPISetPageSegMode(engine, PSM_OSD_ONLY)
        self.dataFolder = folder
        self.engine = engine
    }

    deinit {
        TessBaseAPIEnd(engine)
        TessBaseAPIDelete(engine)
    }

    /// Which way up the page in `picture` (at `dpi` pixels an inch of paper) is and its script;
    /// nil when Tesseract finds too little text to tell (a blank page, a photo, a thumbnail).
    /// The picture is read grey at `Self.readingDPI` at most: orientation needs letters' shapes,
    /// not their details (at 150 dpi it is as sure as at 300, at a quarter of the cost; at 100 dpi
    /// it guesses wrong on 10-point text). `asGiven`: the picture is already at the size it is to
    /// be read at (`PageJudge.textReading` sizes it by its letters).
    public func read(_ picture: PixelBuffer, dpi: Double, asGiven: Bool = false) -> Reading? {
        guard picture.width >= 3, picture.height >= 3, picture.width < 32_768, picture.height < 32_768 else { return nil }
        let factor = asGiven ? 1 : max(1, Int(dpi / Self.readingDPI))
        let grey = Looks.luma(of: picture, reducedBy: factor)
        defer { TessBaseAPIClear(engine) }
        OpenMPThreads.limitThisThread()
        TesseractEngine.setImage(grey, dpi: dpi / Double(factor), on: engine)
        var degrees: Int32 = 0, confidence: Float = 0, scriptConfidence: Float = 0
        var script: UnsafePointer<CChar>?
        guard TessBaseAPIDetectOrientationScript(engine, &degrees, &confidence, &script, &scriptConfidence) != 0 else { return nil }
        let name = script.map { String(cString: $0) }
        return Reading(orientation: PageOrientation(tesseractDegrees: Int(degrees), confidence: Double(confidence),
                                                    script: name?.isEmpty == false ? name : nil, scriptConfidence: Double(scriptConfidence)))
    }

    /// The resolution pages are read at, at most (a 300 dpi scan is halved).
    public static let readingDPI = 150.0
}
