import StripsCore
import StripsPictures

/// Whether a curve found on a whole photo (a book's page filling the picture, where no crop is
/// kept) is sure enough to lay the page flat by itself, as Shift+C and `--borders auto` do. Laying
/// a whole photo flat changes what it says where the curve is a misreading (a table's rules, a
/// picture's edge, the facing page's lines), so the result is looked at, not the curve alone: the
/// photo's text lines must be curved (`curvedLines`), the page laid flat must bring them
/// `straightening` of the way to straight, measured on it (`TextLineStraightness`), and what it
/// shows of the photo (`shown`) must keep every letter, which the caller, holding the text guard,
/// checks. Pure; any thread.
public enum SureCurve {
    /// The lines' straightness before and after, on the photo at the curve finder's size.
    public struct Judgement: Hashable, Sendable {
        public var before: TextLineStraightness.Measure?
        public var after: TextLineStraightness.Measure?

        /// The photo's lines are curved, and laid flat they come out straighter by far.
        public var straightens: Bool {
            guard let before, let after, before.median >= SureCurve.curvedLines else { return false }
            return after.median <= SureCurve.straightening * before.median && after.worst <= before.worst
        }
    }

    /// A photo whose lines' median departure from straight (`TextLineStraightness`, pixels at the
    /// curve finder's 2000) is under this is not curved enough to be laid flat by itself: flat scans
    /// and pages measure under a pixel, the curved book photos 3 and more (docs/PERFORMANCE.md).
    public static let curvedLines = 2.0
    /// Laid flat, the median departure must be at most this share of what it was.
    public static let straightening = 0.5

    /// `photo` (the whole picture at up to the curve finder's size) laid flat by `curve`, at its size.
    public static func laidFlat(_ photo: PixelBuffer, curve: PageCurve) -> PixelBuffer? {
        var recipe = PixelRecipe()
        recipe.dewarp = curve
        let size = Size(width: Double(photo.width), height: Double(photo.height))
        guard let geometry = RecipeGeometry(recipe: recipe, sourceSize: size) else { return nil }
        return Flattener.warp(photo, width: photo.width, height: photo.height, outputToSource: { geometry.source(of: $0) })
    }

    /// The curve of `photo` (the whole picture at up to the curve finder's size: `PageCurveFinder`)
    /// and how sure it is, from one look at its lines: the text lines the finder sees, measured as
    /// they are (`TextLineStraightness`) and as the curve lays them (each line's centres carried
    /// to where the page laid flat shows them). The same lines before and after, so a line the
    /// curve leaves bent counts as bent; nil when no curve is found.
    public static func find(_ photo: PixelBuffer) -> (curve: PageCurve, judgement: Judgement)? {
        guard photo.width >= 64, photo.height >= 64 else { return nil }
        QuietLeptonica.install()
        guard let binary = WorkingInk(photo, side: PageCurveFinder.workingSide)?.binary, let curve = PageCurveFinder.curve(binary) else { return nil }
        let lines = TextLineStraightness.lines(of: binary)
        let before = TextLineStraightness.measure(lines)
        guard let before, before.median >= curvedLines else { return (curve, Judgement(before: before, after: nil)) }
        let size = Size(width: Double(binary.width), height: Double(binary.height))
        let laid = lines.map { line in
            let points = zip(line.xs, line.ys).map { laidFlat(Point(x: $0.0, y: $0.1), by: curve, in: size) }
            return TextLineStraightness.Line(xs: points.map(\.x), ys: points.map(\.y))
        }
        return (curve, Judgement(before: before, after: TextLineStraightness.measure(laid)))
    }

    /// Where the page laid flat by `curve` shows the point `p` of the flattened page (both in a
    /// page of `size`): `PageCurve.source(of:in:)` undone. Its shifts change by hundredths of a
    /// pixel from one pixel to the next, so a fixed-point iteration settles in a few steps.
    static func laidFlat(_ p: Point, by curve: PageCurve, in size: Size) -> Point {
        var q = p
        for _ in 0..<8 {
            let s = curve.source(of: q, in: size)
            q = Point(x: q.x + p.x - s.x, y: q.y + p.y - s.y)
        }
        return q
    }

    /// The lines of `photo` before, and after laying it flat by `curve` and finding them again on
    /// what is drawn (the benchmark's check on `find`'s carried lines).
    public static func judge(_ photo: PixelBuffer, curve: PageCurve) -> Judgement {
        let before = TextLineStraightness.measure(photo)
        guard let before, before.median >= curvedLines, let laid = laidFlat(photo, curve: curve) else { return Judgement(before: before, after: nil) }
        return Judgement(before: before, after: TextLineStraightness.measure(laid))
    }

    /// The part of a picture of `size` that the page laid flat by `curve` shows: its edges drawn
    /// back onto the picture (`steps` points a side), as an outline to test points against.
    public static func shown(by curve: PageCurve, in size: Size, steps: Int = 64) -> Outline {
        var recipe = PixelRecipe()
        recipe.dewarp = curve
        guard let geometry = RecipeGeometry(recipe: recipe, sourceSize: size) else { return Outline(points: [], size: size) }
        let (w, h) = (geometry.pageSize.width, geometry.pageSize.height)
        var edge: [Point] = []
        for k in 0..<steps { edge.append(Point(x: w * Double(k) / Double(steps), y: 0)) }
        for k in 0..<steps { edge.append(Point(x: w, y: h * Double(k) / Double(steps))) }
        for k in 0..<steps { edge.append(Point(x: w * (1 - Double(k) / Double(steps)), y: h)) }
        for k in 0..<steps { edge.append(Point(x: 0, y: h * (1 - Double(k) / Double(steps)))) }
        return Outline(points: edge.map { geometry.source(of: $0) }, size: size)
    }

    /// A closed outline (not necessarily convex), its points in order, in a picture of `size`.
    public struct Outline: Hashable, Sendable {
        public var points: [Point]
        public var size: Size

        /// Inside by the even-odd rule. A point is first brought half a pixel inside the picture:
        /// a letter the photo's frame cuts is inside where the outline runs along that edge (the
        /// page laid flat reaches the picture's edge there; `RecipeGeometry` holds it to it).
        public func contains(_ point: Point) -> Bool {
            guard points.count >= 3, size.width > 1, size.height > 1 else { return false }
            let p = Point(x: min(max(point.x, 0.5), size.width - 0.5), y: min(max(point.y, 0.5), size.height - 0.5))
            var inside = false
            var j = points.count - 1
            for i in points.indices {
                let (a, b) = (points[i], points[j])
                if (a.y > p.y) != (b.y > p.y), p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x { inside.toggle() }
                j = i
            }
            return inside
        }
    }
}
