import StripsCore

/// What the user changed on a page without touching its file: the non-destructive part of the
/// page's recipe. Undo and redo hold these values, never pixels; the renderer and the saver apply
/// them to the source's pixels, so what is drawn is what is saved.
///
/// Two parts: the quarter turns, drawn as a transform (so they animate), and the `PixelRecipe`,
/// the steps that change the pixels (crop, straighten, look, in that order), each reachable by its
/// name here too (`corrections.crop`).
@dynamicMemberLookup
public struct Corrections: Hashable, Sendable {
    /// The user's rotation on top of EXIF orientation, in clockwise quarter turns (0...3). Drawn as
    /// a transform (so it animates), saved as the PDF page's /Rotate or a lossless JPEG turn.
    public var quarterTurns: Int
    /// What changes the pixels (everything but the quarter turns).
    public var pixels: PixelRecipe
    /// The languages the page's text is read in, Tesseract's (`rus`, `fra+eng`), chosen in its
    /// menu or the scan panel; nil: as the program reads every page (`--ocr`, `auto` by default).
    /// Part of the text's key: another language is another reading.
    public var language: String?
    /// Of `quarterTurns`, the clockwise quarter turns the page was given by itself because its
    /// text read turned (`Uprighting`): the trace's `upright`; the rest is the user's own turn.
    /// Undone with the edit that made it, as any correction.
    public var upright = 0

    public init(quarterTurns: Int = 0, pixels: PixelRecipe, language: String? = nil) {
        self.quarterTurns = Self.normalised(quarterTurns)
        self.pixels = pixels
        self.language = language
    }

    public init(quarterTurns: Int = 0, crop: Quad? = nil, straighten: Double = 0, look: Look = .original) {
        self.init(quarterTurns: quarterTurns, pixels: PixelRecipe(crop: crop, straighten: straighten, look: look))
    }

    /// A pixel step by its name: `corrections.crop`, `corrections.look = .bw`.
    public subscript<Value>(dynamicMember step: WritableKeyPath<PixelRecipe, Value>) -> Value {
        get { pixels[keyPath: step] }
        set { pixels[keyPath: step] = newValue }
    }

    /// Nothing changed: the page is its source as it is.
    public static let none = Corrections()

    /// Turned by `turns` more quarter turns (negative: counter-clockwise).
    public func turned(_ turns: Int) -> Corrections {
        var turned = self
        turned.quarterTurns = Self.normalised(quarterTurns + turns)
        return turned
    }

    /// The user's own turn on top of the one given by itself, clockwise quarter turns (0...3).
    public var userTurns: Int { Self.normalised(quarterTurns - upright) }

    /// Only turned (or not at all): the source's own pixels, or bytes, can stand for the page.
    public var onlyTurns: Bool { pixels.isIdentity }

    static func normalised(_ turns: Int) -> Int { (turns % 4 + 4) % 4 }
}
