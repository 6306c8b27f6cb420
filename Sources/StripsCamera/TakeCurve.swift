import StripsCore
import StripsCorrection
import StripsPictures

/// A take's page as Shift+C would make it of a photo (StripsHosts' `BorderFinder`): a curved page
/// (a book's) laid flat, an open book under the camera (a spread) its two pages. The frame is
/// flattened from the take's corners at the curve finder's size and looked at there. Pure; the
/// takes' worker calls it.
enum TakeCurve {
    /// What a take is: one page and its curve, or a spread's two pages, each its corners and curve.
    enum Found: Hashable, Sendable {
        case page(PageCurve?)
        case spread(left: (Quad, PageCurve?), right: (Quad, PageCurve?))

        static func == (a: Found, b: Found) -> Bool {
            switch (a, b) {
            case (.page(let x), .page(let y)): return x == y
            case (.spread(let l1, let r1), .spread(let l2, let r2)):
                return l1.0 == l2.0 && l1.1 == l2.1 && r1.0 == r2.0 && r1.1 == r2.1
            default: return false
            }
        }

        func hash(into hasher: inout Hasher) {
            switch self {
            case .page(let curve): hasher.combine(curve)
            case .spread(let l, let r): hasher.combine(l.0); hasher.combine(l.1); hasher.combine(r.0); hasher.combine(r.1)
            }
        }
    }

    static func look(at frame: PixelBuffer, crop: Quad?) -> Found {
        let size = Size(width: Double(frame.width), height: Double(frame.height))
        let quad = crop ?? Quad(whole: size)
        guard let flat = flattened(frame, quad: quad) else { return .page(nil) }
        if let gutter = SpreadFinder.gutter(of: flat),
           let (left, right) = SpreadFinder.halves(of: quad, pageSize: flattenedSize(quad: quad, pictureSize: size), gutter: gutter) {
            let curve = { (half: Quad) in flattened(frame, quad: half).flatMap { PageCurveFinder.curve(of: $0) } }
            return .spread(left: (left, curve(left)), right: (right, curve(right)))
        }
        return .page(PageCurveFinder.curve(of: flat))
    }

    /// The page inside `quad` flattened at up to the curve finder's size.
    static func flattened(_ frame: PixelBuffer, quad: Quad) -> PixelBuffer? {
        let size = Size(width: Double(frame.width), height: Double(frame.height))
        let page = flattenedSize(quad: quad, pictureSize: size)
        let scale = min(1, Double(PageCurveFinder.workingSide) / max(page.width, page.height, 1))
        let target = Size(width: max(1, (page.width * scale).rounded()), height: max(1, (page.height * scale).rounded()))
        return Flattener.flatten(frame, quad: quad, size: target)
    }
}
