import Foundation
import StripsCore
import StripsPictures

/// One page to read on a text pool's lane (`HostExecutor.pool`, each lane with its own
/// `PageTextSource`, so its own Tesseract engine, made once and kept): `id` is the host's; the
/// rest is `PageTextService.pageText`'s. Held at its next word while the pool is held.
public struct TextJob: Sendable {
    public var id: String
    public var file: String
    public var pdfPage: Int?
    public var recipe: String
    /// What the page's crop and straighten do (see `PageTextService.pageText`).
    public var geometry: RecipeGeometry?
    /// Whether to find which way up the page is first (see `PageTextService.pageText`).
    public var detectOrientation: Bool
    /// The languages chosen for this page (its menu, the scan panel); nil: the lane's.
    public var languages: String?
    /// Draws the page as it is saved, with its resolution; called on the lane, only when the
    /// text is neither the PDF's own nor cached.
    public var render: @Sendable () -> (picture: PixelBuffer, dpi: Double)?

    public init(id: String, file: String, pdfPage: Int?, recipe: String, geometry: RecipeGeometry? = nil, detectOrientation: Bool = false,
                languages: String? = nil, render: @escaping @Sendable () -> (picture: PixelBuffer, dpi: Double)?) {
        self.id = id
        self.languages = languages
        self.geometry = geometry
        self.detectOrientation = detectOrientation
        self.file = file
        self.pdfPage = pdfPage
        self.recipe = recipe
        self.render = render
    }

    /// The job for a pool: `done` is told the page's text (nil: none and recognition off) or why
    /// not; never for a page cancelled.
    public func onPool(_ done: @escaping @Sendable (Result<PageText?, RecognitionError>) -> Void) -> PoolJob<any PageTextSource> {
        PoolJob(id: id) { [self] service, control in
            let result: Result<PageText?, RecognitionError>
            do throws(RecognitionError) {
                result = .success(try service.pageText(file: file, pdfPage: pdfPage, recipe: recipe, geometry: geometry,
                                                         detectOrientation: detectOrientation, settled: nil, languages: languages,
                                                         cancel: control, render: render))
            } catch {
                result = .failure(error)
            }
            if result == .failure(.cancelled) { return nil }
            return { done(result) }
        }
    }
}
