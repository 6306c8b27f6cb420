import StripsCore
import StripsPictures

/// Where the hosts get a page's text: `PageTextService` in the program (a PDF page's own text,
/// the cache, Tesseract), a stand-in in the hosts' unit tests (which then need no Tesseract and
/// read a page in microseconds). One belongs to one thread at a time, as a service does.
public protocol PageTextSource: AnyObject {
    /// Tesseract's languages, `auto`, or nil to never recognise.
    var languages: String? { get }
    /// The text of one page; see `PageTextService.pageText`, whose contract this is.
    func pageText(file: String, pdfPage: Int?, recipe: String, geometry: RecipeGeometry?, detectOrientation: Bool,
                  settled: SettledOrientation?, languages chosen: String?, cancel: RecognitionCancel?,
                  render: () -> (picture: PixelBuffer, dpi: Double)?) throws(RecognitionError) -> PageText?
}

extension PageTextService: PageTextSource {}

/// How a host makes a thread's source: `languages` (nil: PDF text only) through `cache`.
public typealias PageTextSourceMaker = @Sendable (_ languages: String?, _ cache: TextCache?) -> any PageTextSource
