/// What the user changed on a page without touching its file: the non-destructive part of the
/// page's recipe. Undo and redo hold these values, never pixels; the renderer and the saver apply
/// them to the source's pixels, so what is drawn is what is saved.
public struct Corrections: Hashable, Sendable {
    /// The user's rotation on top of EXIF orientation, in clockwise quarter turns (0...3). Drawn as
    /// a transform (so it animates), saved as the PDF page's /Rotate or a lossless JPEG turn.
    public var quarterTurns: Int

    public init(quarterTurns: Int = 0) {
        self.quarterTurns = Self.normalised(quarterTurns)
    }

    /// Nothing changed: the page is its source as it is.
    public static let none = Corrections()

    /// Turned by `turns` more quarter turns (negative: counter-clockwise).
    public func turned(_ turns: Int) -> Corrections {
        var turned = self
        turned.quarterTurns = Self.normalised(quarterTurns + turns)
        return turned
    }

    static func normalised(_ turns: Int) -> Int { (turns % 4 + 4) % 4 }
}
