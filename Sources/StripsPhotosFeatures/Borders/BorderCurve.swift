import StripsCore

/// The curve the border editor shows on a curved page's photo: the laid-flat page's top and bottom
/// edges and a few of its rows in between, each a straight line on the page as it will be, drawn
/// where it lies in the photo (bent as the text lines are). What the user sees D turn off.
public struct BorderCurve: Hashable, Sendable {
    /// Rows of the laid-flat page, top edge first and bottom edge last, each as points in the
    /// upright picture's pixels, left to right.
    public var rows: [[Point]]
    /// The text lines the curve was found from.
    public var lines: Int

    /// Rows shown: the two edges and this many between them.
    public static let innerRows = 5
    /// Points along each row (the curve is smooth at this spacing: its grid is coarser).
    public static let samples = 33

    /// The curve of `page` as its recipe lays it flat; nil when it is not laid flat.
    public init?(page: Page) {
        let recipe = page.corrections.pixels
        guard let curve = recipe.dewarp, let geometry = RecipeGeometry(recipe: recipe, sourceSize: page.pixelSize) else { return nil }
        let size = geometry.pageSize
        let count = Self.innerRows + 2
        rows = (0..<count).map { r in
            let y = Double(r) / Double(count - 1) * size.height
            return (0..<Self.samples).map { k in
                // Not clamped to the page, as the renderer's samples are: the edges show the bend.
                let turned = geometry.unturn.apply(Point(x: Double(k) / Double(Self.samples - 1) * size.width, y: y))
                return geometry.flatten.apply(curve.source(of: turned, in: size))
            }
        }
        lines = curve.lines
    }

    /// The largest distance of a row's points from the straight line through its ends, in the
    /// picture's pixels: how bent the photo's rows are.
    public static func sag(_ row: [Point]) -> Double {
        guard let a = row.first, let b = row.last, a.distance(to: b) > 0 else { return 0 }
        let d = b - a, length = a.distance(to: b)
        return row.map { abs((($0 - a).x * d.y - ($0 - a).y * d.x) / length) }.max() ?? 0
    }
}
