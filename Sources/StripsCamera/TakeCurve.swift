import StripsCore
import StripsPhotosFeatures
import StripsCorrection
import StripsPictures

/// A take's page as Shift+C would make it of a photo (StripsHosts' `BorderFinder`): a curved page
/// (a book's) laid flat, an open book under the camera (a spread) its two pages, and the fingers
/// holding a book's pages painted out. The frame is flattened from the take's corners at the curve
/// finder's size and looked at there. Pure; the takes' worker calls it.
enum TakeCurve {
    /// One page of a take: its corners (nil: the whole frame), its curve, its fingers.
    struct Page: Hashable, Sendable {
        var quad: Quad?
        var curve: PageCurve?
        var fingers: [PaperPatch] = []

        /// `corrections` with this page's corners, curve and fingers.
        func applied(to corrections: Corrections) -> Corrections {
            var after = corrections
            after.crop = quad
            after.dewarp = curve
            after.fingers = fingers
            return after
        }
    }

    /// What a take is: one page, or a spread's two pages, left then right.
    enum Found: Hashable, Sendable {
        case page(Page)
        case spread(left: Page, right: Page)
    }

    static func look(at frame: PixelBuffer, crop: Quad?) -> Found {
        let size = Size(width: Double(frame.width), height: Double(frame.height))
        let quad = crop ?? Quad(whole: size)
        guard let flat = flattened(frame, quad: quad) else { return .page(Page(quad: crop)) }
        if let gutter = SpreadFinder.gutter(of: flat),
           let (left, right) = SpreadFinder.halves(of: quad, pageSize: flattenedSize(quad: quad, pictureSize: size), gutter: gutter) {
            let half = { (half: Quad) -> Page in
                let curve = flattened(frame, quad: half).flatMap { PageCurveFinder.curve(of: $0) }
                return Page(quad: half, curve: curve, fingers: fingers(frame, quad: half, curve: curve))
            }
            return .spread(left: half(left), right: half(right))
        }
        let curve = PageCurveFinder.curve(of: flat)
        // Fingers hold a book's page: a flat page is left as the flat correction makes it.
        return .page(Page(quad: crop, curve: curve, fingers: curve == nil ? [] : fingers(frame, quad: quad, curve: curve)))
    }

    /// The page inside `quad` flattened at up to the curve finder's size.
    static func flattened(_ frame: PixelBuffer, quad: Quad) -> PixelBuffer? {
        let size = Size(width: Double(frame.width), height: Double(frame.height))
        let page = flattenedSize(quad: quad, pictureSize: size)
        let scale = min(1, Double(PageCurveFinder.workingSide) / max(page.width, page.height, 1))
        let target = Size(width: max(1, (page.width * scale).rounded()), height: max(1, (page.height * scale).rounded()))
        return Flattener.flatten(frame, quad: quad, size: target)
    }

    /// The fingers on the page `quad` and `curve` draw, looked for at the finger finder's size.
    static func fingers(_ frame: PixelBuffer, quad: Quad, curve: PageCurve?) -> [PaperPatch] {
        var recipe = PixelRecipe(crop: quad)
        recipe.dewarp = curve
        let size = Size(width: Double(frame.width), height: Double(frame.height))
        guard let geometry = RecipeGeometry(recipe: recipe, sourceSize: size) else { return [] }
        let scale = min(1, Double(FingerFinder.workingSide) / max(geometry.pageSize.width, geometry.pageSize.height, 1))
        let (w, h) = (max(1, Int((geometry.pageSize.width * scale).rounded())), max(1, Int((geometry.pageSize.height * scale).rounded())))
        guard let drawn = Flattener.warp(frame, width: w, height: h, outputToSource: { p in
            geometry.source(of: Point(x: p.x / scale, y: p.y / scale))
        }) else { return [] }
        return FingerFinder.patches(of: drawn)
    }
}
