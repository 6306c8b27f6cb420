/// The corrections that change a page's pixels: what a decoded source goes through before it is
/// drawn or saved, and part of what names a texture (two looks of one file are two pictures).
///
/// It is one list, its `steps` in the order they are applied, at most one of each kind, none that
/// changes nothing: the fingerprint, the trace, the text's key, the cross-fade, a part's margin
/// and what a save may keep of the source are all read off that list (`RecipeStep` answers for
/// each kind), so a new kind of step is seen by every one of them.
public struct PixelRecipe: Hashable, Sendable {
    public private(set) var steps: [RecipeStep] = []

    public init(steps: [RecipeStep]) {
        for step in steps { set(step) }
    }

    public init(crop: Quad? = nil, straighten: Double = 0, look: Look = .original) {
        if let crop { set(.crop(crop)) }
        set(.straighten(straighten))
        set(.look(look))
    }

    public static let identity = PixelRecipe()
    /// No step changes a pixel (laying flat turned off is a word about the page, not a change).
    public var isIdentity: Bool { steps.allSatisfy { $0 == .dewarp(.off) } }

    /// Puts `step` in its place, replacing the step of its kind; a step that changes nothing is
    /// left out.
    public mutating func set(_ step: RecipeStep) {
        steps.removeAll { $0.kind == step.kind }
        guard !step.isIdentity else { return }
        steps.insert(step, at: steps.firstIndex { $0.kind > step.kind } ?? steps.endIndex)
    }

    public mutating func remove(_ kind: RecipeStep.Kind) {
        steps.removeAll { $0.kind == kind }
    }

    // MARK: The steps by name

    /// The page's corners in the upright source picture's pixels; nil: the whole picture.
    public var crop: Quad? {
        get { for case .crop(let quad) in steps { return quad }; return nil }
        set { if let newValue { set(.crop(newValue)) } else { remove(.crop) } }
    }

    /// The curve a curved page is laid flat by, after its crop; nil: the page is taken as flat.
    /// Setting a curve turns laying flat back on; setting nil keeps an `off`.
    public var dewarp: PageCurve? {
        get { for case .dewarp(.curve(let curve)) in steps { return curve }; return nil }
        set {
            if let newValue { set(.dewarp(.curve(newValue))) } else if laysFlat { remove(.dewarp) }
        }
    }

    /// Whether the page may be laid flat (false: the user turned it off; Shift+C and the
    /// editor's levelling find no curve for it). Turning it off drops the curve.
    public var laysFlat: Bool {
        get { !steps.contains(.dewarp(.off)) }
        set {
            if !newValue { set(.dewarp(.off)) } else if !laysFlat { remove(.dewarp) }
        }
    }

    /// A fine turn after flattening, in degrees, counter-clockwise positive.
    public var straighten: Double {
        get { for case .straighten(let degrees) in steps { return degrees }; return 0 }
        set { set(.straighten(newValue)) }
    }

    /// The fingers painted out with the page's paper; empty: none.
    public var fingers: [PaperPatch] {
        get { for case .fingers(let patches) in steps { return patches }; return [] }
        set { set(.fingers(newValue)) }
    }

    public var look: Look {
        get { for case .look(let look) in steps { return look }; return .original }
        set { set(.look(newValue)) }
    }

    // MARK: What the steps say together

    /// The page's size in pixels once corrected, from its source's upright size: a crop flattens
    /// to the quadrilateral's true shape at the source's density; straightening keeps the size.
    public func correctedSize(of pictureSize: Size) -> Size {
        guard let crop else { return pictureSize }
        return flattenedSize(quad: crop, pictureSize: pictureSize)
    }

    /// Only the steps that move pixels: what the page's shape and its words' places depend on
    /// (the text's key: a new look keeps the text).
    public var geometry: PixelRecipe {
        // Asked for every page's text key: no new list when there is nothing to leave out.
        guard steps.contains(where: { !$0.movesPixels }) else { return self }
        var moving = PixelRecipe()
        moving.steps = steps.filter(\.movesPixels)
        return moving
    }

    /// Whether going from this recipe to `other` cross-fades: only steps that keep every pixel
    /// in its place changed (a crop or a straighten moves the page, which has its own animation).
    public func crossFades(to other: PixelRecipe) -> Bool {
        self != other && geometry == other.geometry
    }

    /// Output pixels around a part of the page that its steps read (`RecipeStep.outputMargin`).
    public var outputMargin: Int { steps.map(\.outputMargin).max() ?? 0 }

    /// What a saved page keeps of its source: its bytes when no step changes a pixel, its bytes
    /// under a page transform when every step can be one, else new pixels.
    public var keeping: SourceKeeping {
        guard !isIdentity else { return .bytes }
        var transform = PageTransform()
        for step in steps where !step.keepsBytes(under: &transform) { return .pixels }
        return .transformed(transform)
    }

    /// A short stable text naming the recipe, for cache keys (the text cache, the texture cache's
    /// names): `key=value` for each step, in order; empty for the identity.
    public var fingerprint: String {
        // Laying flat turned off draws the same pixels as no step: the same cache entries.
        steps.filter { $0 != .dewarp(.off) }.map { "\($0.kind.key)=\($0.fingerprintValue)" }.joined(separator: " ")
    }

    /// The fields a corrected page's trace cell carries, one per step (docs/headless.md).
    public var traceFields: [(String, JSON)] {
        steps.map { ($0.kind.key, $0.traceValue) }
    }
}
