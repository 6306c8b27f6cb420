import Foundation

/// Where each pixel of a corrected page comes from in its source: the recipe's crop flattened
/// (the homography from the page rectangle onto the quad) and its straighten turn (about the
/// flattened page's centre, the size kept), composed into one map so a page is resampled once.
/// Everything is in full-size pixels: the page's (`pageSize`, `PixelRecipe.correctedSize`) and
/// the upright source's (`sourceSize`, what the crop's corners are in). A decode at another scale
/// scales both sides. Pure and total; nil only for a crop with no projective map.
public struct RecipeGeometry: Hashable, Sendable {
    public let sourceSize: Size
    /// The corrected page's size in pixels, whole numbers.
    public let pageSize: Size
    /// The flattened page (before straightening) to the source.
    public let flatten: Homography
    /// The straightened page to the flattened page: the turn undone about the page's centre.
    public let unturn: Homography
    public let straighten: Double

    public init?(recipe: PixelRecipe, sourceSize: Size) {
        guard sourceSize.width > 0, sourceSize.height > 0, sourceSize.width.isFinite, sourceSize.height.isFinite else { return nil }
        self.sourceSize = sourceSize
        pageSize = recipe.correctedSize(of: sourceSize)
        var quad = Quad(whole: sourceSize), degrees = 0.0
        // Tones (steps with no motion) are drawn after the resampling, in the page's pixels.
        for motion in recipe.steps.compactMap(\.motion) {
            switch motion {
            case .flatten(let corners): quad = corners
            case .turn(let turn): degrees = turn.isFinite ? turn : 0
            }
        }
        guard let flatten = Homography(rectangle: pageSize, to: quad) else { return nil }
        self.flatten = flatten
        straighten = degrees
        unturn = Self.turn(degrees: straighten, about: Point(x: pageSize.width / 2, y: pageSize.height / 2))
    }

    /// A point of the corrected page to the source.
    public var pageToSource: Homography { flatten.after(unturn) ?? flatten }

    /// A point of the source to the corrected page (nil for a map that cannot be undone).
    public var sourceToPage: Homography? { pageToSource.inverse }

    /// Turned by `degrees` counter-clockwise on screen (y down) about `centre`, as a map from the
    /// turned picture back to the unturned one (`Straightener.rotated`'s convention).
    static func turn(degrees: Double, about centre: Point) -> Homography {
        guard degrees != 0 else { return .identity }
        let r = degrees * .pi / 180
        let (c, s) = (cos(r), sin(r))
        let (cx, cy) = (centre.x, centre.y)
        return Homography(matrix: [c, -s, cx - c * cx + s * cy,
                                   s, c, cy - s * cx - c * cy,
                                   0, 0, 1]) ?? .identity
    }

    /// The part of the source (in its pixels) that `pageRect` (in the page's pixels) is made
    /// from, grown by `margin` source pixels on every side (a filter's reach) and kept inside the
    /// source; nil when the part lies outside it.
    public func sourceRect(for pageRect: Rect, margin: Double = 0) -> Rect? {
        // The page rect unturned: its bounding box in the flattened page, which is all that maps
        // into the source (the corners a turn uncovers are fill).
        let unturned = Self.bounds(corners(of: pageRect).map(unturn.apply))
            .intersection(Rect(origin: .zero, size: pageSize))
        guard !unturned.isEmpty else { return nil }
        // A convex region maps to a convex one: its corners' box bounds it.
        let mapped = Self.bounds(corners(of: unturned).map(flatten.apply))
        guard mapped.minX.isFinite, mapped.minY.isFinite, mapped.maxX.isFinite, mapped.maxY.isFinite else {
            return Rect(origin: .zero, size: sourceSize)
        }
        let grown = Rect(x: mapped.minX - margin, y: mapped.minY - margin, width: mapped.width + 2 * margin, height: mapped.height + 2 * margin)
        let inside = grown.intersection(Rect(origin: .zero, size: sourceSize))
        return inside.isEmpty ? nil : inside
    }

    private func corners(of r: Rect) -> [Point] {
        [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY)]
    }

    private static func bounds(_ points: [Point]) -> Rect {
        let xs = points.map(\.x), ys = points.map(\.y)
        let x0 = xs.min() ?? 0, y0 = ys.min() ?? 0
        return Rect(x: x0, y: y0, width: (xs.max() ?? 0) - x0, height: (ys.max() ?? 0) - y0)
    }

    /// The page's resolution at full size, for looks: its longer side counts as 11 inches
    /// (`LookScale`'s assumption for a page of unknown size), or as the paper's when the crop
    /// snapped to one.
    public var pagePixelsPerInch: Double {
        let long = max(pageSize.width, pageSize.height), short = min(pageSize.width, pageSize.height)
        guard long > 0, short > 0 else { return 100 }
        let (_, paper) = PaperSize.snap(aspect: long / short, tolerance: 0.002)
        return long / (paper?.longSideInches ?? 11)
    }
}

extension PaperSize {
    /// The longer side in inches.
    public var longSideInches: Double {
        switch self {
        case .a4: return 297 / 25.4
        case .letter: return 11
        case .legal: return 14
        case .a5: return 210 / 25.4
        case .businessCard: return 85 / 25.4
        }
    }
}
