/// One correction a page's pixels go through, with what it means for every part of the app that
/// shows, keys, reads or saves a page. A new correction is a case here (its value, its key's row,
/// its answers below: the compiler points at each), its map in `RecipeGeometry` when it moves pixels,
/// its step in the renderer (StripsRender's `PageRenderer`), both switches over these too, and a
/// line in `PixelRecipe` to reach it by name (README: Adding a correction).
///
/// The order of the cases is the order a page's pixels go through them (`Kind`).
public enum RecipeStep: Hashable, Sendable {
    /// The page's corners in the upright source picture's pixels (top-left, top-right,
    /// bottom-right, bottom-left of the page as it will be): the quadrilateral flattened to a
    /// rectangle at its true shape.
    case crop(Quad)
    /// A curved page laid flat: the flattened page's text lines made straight and evenly spaced
    /// (`PageCurve`, found from those lines), or the user's word that this page is not to be
    /// (the border editor's D), which Shift+C then keeps.
    case dewarp(LayFlat)
    /// A fine turn of the flattened page, in degrees, counter-clockwise positive; the page keeps its size.
    case straighten(Double)
    /// Fingers holding the page at its margins painted out with its paper (none over its text).
    case fingers([PaperPatch])
    /// The page's tones (colour, grey, black and white documents).
    case look(Look)

    /// Which correction a step is; their order is the order of application, and a recipe holds
    /// at most one step of each.
    public enum Kind: Int, CaseIterable, Comparable, Sendable {
        case crop, dewarp, straighten, fingers, look

        /// The name in fingerprints, the trace and the docs.
        public var key: String {
            switch self {
            case .crop: return "crop"
            case .dewarp: return "dewarp"
            case .straighten: return "straighten"
            case .fingers: return "fingers"
            case .look: return "look"
            }
        }

        /// The step a key that cycles this kind gives a page whose recipe is `recipe` (L: the
        /// look after its look); nil for a kind no key cycles (corners and turns are dragged).
        public func next(after recipe: PixelRecipe) -> RecipeStep? {
            switch self {
            case .crop, .dewarp, .straighten, .fingers: return nil
            case .look: return .look(recipe.look.next)
            }
        }

        /// Its key's row, which the editor's table takes as `.cycle(kind)` (the keys overlay, the
        /// man page and the menus' shortcuts read it there); nil for a kind no key cycles.
        public var keyRow: KeyRow<Kind>? {
            switch self {
            case .crop, .dewarp, .straighten, .fingers: return nil
            case .look:
                return KeyRow(.corrections, tr("Look"), tr("the next look: original, colour, grey, black and white"),
                              [(KeyChord(.l, ctrl: .no, shift: .either, alt: .no), .look)])
            }
        }

        public static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }
    }

    public var kind: Kind {
        switch self {
        case .crop: return .crop
        case .dewarp: return .dewarp
        case .straighten: return .straighten
        case .fingers: return .fingers
        case .look: return .look
        }
    }

    /// The step changes nothing: a recipe leaves it out.
    public var isIdentity: Bool {
        switch self {
        // Laying flat turned off changes no pixel, yet it is the user's word, kept with the page.
        case .crop, .dewarp: return false
        case .straighten(let degrees): return degrees == 0
        case .fingers(let patches): return patches.isEmpty
        case .look(let look): return look == .original
        }
    }

    /// How the step moves pixels (the page's shape, where each word lies); nil for a step that
    /// only changes their tones. Steps that move are composed into one resampling
    /// (`RecipeGeometry`); a change of the others cross-fades, and keeps the page's text.
    public var motion: Motion? {
        switch self {
        case .crop(let quad): return .flatten(quad)
        case .dewarp(.curve(let curve)): return .curve(curve)
        case .dewarp(.off): return nil
        case .straighten(let degrees): return .turn(degrees)
        case .fingers, .look: return nil
        }
    }

    /// The ways a step can move pixels, each one `RecipeGeometry` composes into the resampling.
    public enum Motion: Hashable, Sendable {
        /// The quadrilateral flattened to a rectangle at its true shape.
        case flatten(Quad)
        /// The flattened page's curve laid flat (before the turn).
        case curve(PageCurve)
        /// A turn of the flattened page about its centre, degrees counter-clockwise.
        case turn(Double)
    }

    public var movesPixels: Bool { motion != nil }

    /// Output pixels around each pixel the step reads: a part of a page (a zoomed tile) is drawn
    /// with this much of the page around it, then cut, so its edges match the whole page's.
    public var outputMargin: Int {
        switch self {
        // The resampling's reach is on the source's side (`RecipePlan`).
        // The patches paint only their own pixels.
        case .crop, .dewarp, .straighten, .fingers: return 0
        // The look evens the paper over a neighbourhood this wide.
        case .look: return 96
        }
    }

    /// What a saved page can keep of its source's bytes for this step: a PDF page's transform
    /// and clip can cut an upright rectangle out of a JPEG and turn it, as it is drawn; false when
    /// the step needs new pixels.
    func keepsBytes(under transform: inout PageTransform) -> Bool {
        switch self {
        case .crop(let quad):
            guard quad.uprightRectangle != nil else { return false }
            transform.crop = quad
            return true
        case .straighten(let degrees):
            guard degrees.isFinite else { return false }
            transform.straighten = degrees
            return true
        // Not laying flat keeps the bytes as they are.
        case .dewarp(.off): return true
        // A curve needs new pixels: no page transform bends.
        case .dewarp(.curve), .fingers, .look: return false
        }
    }

    /// The value in a fingerprint (cache keys): stable across runs, to two decimals (what a drag
    /// or a key can tell apart).
    var fingerprintValue: String {
        switch self {
        case .crop(let quad): return quad.corners.map { "\(Self.rounded($0.x)),\(Self.rounded($0.y))" }.joined(separator: ";")
        case .dewarp(.curve(let curve)): return curve.fingerprint
        case .dewarp(.off): return "off"
        case .straighten(let degrees): return Self.rounded(degrees)
        case .fingers(let patches): return patches.map(\.fingerprint).joined(separator: ",")
        case .look(let look): return look.name
        }
    }

    /// The value in a page's trace cell (docs/headless.md): `crop` in the picture's own pixels,
    /// `dewarp` the text lines the curve was found from and its bend (the largest shift left once
    /// a tilt is taken out, in thousandths of the page's height), or `"off"` when the user turned
    /// laying flat off, `straighten` in degrees, `fingers` the patches painted out (each its box,
    /// fractions of the page, to a thousandth), `look` by name.
    var traceValue: JSON {
        switch self {
        case .crop(let quad): return .array(quad.corners.map { .array([.number($0.x), .number($0.y)]) })
        case .dewarp(.curve(let curve)): return .object([("lines", .number(Double(curve.lines))), ("bend", .number((curve.bend * 1000).rounded()))])
        case .dewarp(.off): return .string("off")
        case .fingers(let patches):
            let thousandths = { (v: Double) in JSON.number((v * 1000).rounded() / 1000) }
            return .array(patches.map { .array([thousandths($0.box.minX), thousandths($0.box.minY), thousandths($0.box.width), thousandths($0.box.height)]) })
        case .straighten(let degrees): return .number(degrees)
        case .look(let look): return .string(look.name)
        }
    }

    private static func rounded(_ v: Double) -> String {
        let hundredths = (v * 100).rounded()
        let sign = hundredths < 0 ? "-" : ""
        let whole = Int(abs(hundredths)) / 100, fraction = Int(abs(hundredths)) % 100
        return "\(sign)\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

/// What the dewarp step says about a page: laid flat by its curve, or not to be laid flat.
public enum LayFlat: Hashable, Sendable {
    case curve(PageCurve)
    /// The user turned laying flat off: no curve is found for this page again until they turn it on.
    case off
}

/// What a PDF page's transform and clip do to a JPEG kept as its bytes: an upright rectangle of
/// the picture cut out (nil: all of it), then turned by `straighten` degrees counter-clockwise
/// about the page's centre.
public struct PageTransform: Hashable, Sendable {
    /// The crop's corners (an upright rectangle: `Quad.uprightRectangle`), in the upright
    /// source's pixels as the document shows it (`Page.pixelSize`).
    public var crop: Quad?
    public var straighten: Double = 0
}

/// How much of its source a saved page keeps: the one answer `PDFSave` and `FolderSave` act on.
public enum SourceKeeping: Hashable, Sendable {
    /// No step changes a pixel: the source's bytes (or a PDF page's content) are the page,
    /// turned by the page transform or losslessly.
    case bytes
    /// Every step is one a page transform can do over the bytes (a PDF can; a folder of pictures
    /// cannot, and saves new pixels instead).
    case transformed(PageTransform)
    /// New pixels: the recipe drawn by the renderer.
    case pixels
}

extension Quad {
    /// The rectangle the quad is when its sides are level and plumb (to a thousandth of a pixel)
    /// and its corners in order; nil otherwise.
    public var uprightRectangle: Rect? {
        let e = 1e-3
        guard abs(topLeft.y - topRight.y) < e, abs(bottomLeft.y - bottomRight.y) < e,
              abs(topLeft.x - bottomLeft.x) < e, abs(topRight.x - bottomRight.x) < e,
              topRight.x > topLeft.x, bottomLeft.y > topLeft.y else { return nil }
        return Rect(x: topLeft.x, y: topLeft.y, width: topRight.x - topLeft.x, height: bottomLeft.y - topLeft.y)
    }
}
