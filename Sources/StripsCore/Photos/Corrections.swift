/// What the user changed on a page without touching its file: the non-destructive part of the
/// page's recipe. Undo and redo hold these values, never pixels; the renderer and the saver apply
/// them to the source's pixels, so what is drawn is what is saved.
///
/// Order of application: crop (flatten the quadrilateral to a rectangle), straighten (a fine turn
/// of the flattened page, its size kept), look; the quarter turns last, as a transform.
public struct Corrections: Hashable, Sendable {
    /// The user's rotation on top of EXIF orientation, in clockwise quarter turns (0...3). Drawn as
    /// a transform (so it animates), saved as the PDF page's /Rotate or a lossless JPEG turn.
    public var quarterTurns: Int
    /// The page's corners in the upright source picture's pixels (top-left, top-right,
    /// bottom-right, bottom-left of the page as it will be); nil: the whole picture.
    public var crop: Quad?
    /// A fine turn after flattening, in degrees, counter-clockwise positive; the page keeps its size.
    public var straighten: Double
    public var look: Look

    public init(quarterTurns: Int = 0, crop: Quad? = nil, straighten: Double = 0, look: Look = .original) {
        self.quarterTurns = Self.normalised(quarterTurns)
        self.crop = crop
        self.straighten = straighten
        self.look = look
    }

    /// Nothing changed: the page is its source as it is.
    public static let none = Corrections()

    /// Turned by `turns` more quarter turns (negative: counter-clockwise).
    public func turned(_ turns: Int) -> Corrections {
        var turned = self
        turned.quarterTurns = Self.normalised(quarterTurns + turns)
        return turned
    }

    /// What changes the pixels (everything but the quarter turns, which are drawn as a transform).
    public var pixels: PixelRecipe { PixelRecipe(crop: crop, straighten: straighten, look: look) }

    /// Only turned (or not at all): the source's own pixels, or bytes, can stand for the page.
    public var onlyTurns: Bool { pixels.isIdentity }

    static func normalised(_ turns: Int) -> Int { (turns % 4 + 4) % 4 }
}

/// The corrections that change a page's pixels: what a decoded source goes through before it is
/// drawn or saved, and part of what names a texture (two looks of one file are two pictures).
public struct PixelRecipe: Hashable, Sendable {
    public var crop: Quad?
    public var straighten: Double
    public var look: Look

    public init(crop: Quad? = nil, straighten: Double = 0, look: Look = .original) {
        self.crop = crop
        self.straighten = straighten
        self.look = look
    }

    public static let identity = PixelRecipe()
    public var isIdentity: Bool { self == .identity }

    /// The page's size in pixels once corrected, from its source's upright size: a crop flattens
    /// to the quadrilateral's true shape at the source's density; straightening keeps the size.
    public func correctedSize(of pictureSize: Size) -> Size {
        guard let crop else { return pictureSize }
        return flattenedSize(quad: crop, pictureSize: pictureSize)
    }

    /// A short stable text naming the recipe, for cache keys (the text cache, the texture cache's
    /// names): empty for the identity.
    public var fingerprint: String {
        guard !isIdentity else { return "" }
        var parts: [String] = []
        if let crop {
            parts.append("crop=" + crop.corners.map { "\(Self.rounded($0.x)),\(Self.rounded($0.y))" }.joined(separator: ";"))
        }
        if straighten != 0 { parts.append("straighten=\(Self.rounded(straighten))") }
        if look != .original { parts.append("look=\(look.name)") }
        return parts.joined(separator: " ")
    }

    /// Two decimals: what a drag or a key can tell apart, and stable across runs.
    private static func rounded(_ v: Double) -> String {
        let hundredths = (v * 100).rounded()
        let sign = hundredths < 0 ? "-" : ""
        let whole = Int(abs(hundredths)) / 100, fraction = Int(abs(hundredths)) % 100
        return "\(sign)\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
