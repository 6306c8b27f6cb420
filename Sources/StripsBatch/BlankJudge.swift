import StripsPictures

/// Whether a page is blank: its writing (`SheetAnalysis`: the ink left once the paper's own
/// marks are set aside) covers less than `writingLimit` square millimetres. "Page 7" in 10 pt is
/// about 5 of them, a signature 10 to 30; the limit, and how it was chosen on the generated
/// corpus, is in docs/BATCHES.md.
public enum BlankJudge {
    public static let writingLimit = 2.0

    /// `picture` at any size (about 100 pixels an inch is plenty); `pixelsPerInch` when known,
    /// else the long side is taken as 11 inches.
    public static func isBlank(_ picture: PixelBuffer, pixelsPerInch: Double? = nil) -> Bool {
        isBlank(SheetAnalysis(picture: picture, pixelsPerInch: pixelsPerInch))
    }

    /// The writing's area in square millimetres (what the limit is held against).
    public static func writingArea(_ picture: PixelBuffer, pixelsPerInch: Double? = nil) -> Double {
        SheetAnalysis(picture: picture, pixelsPerInch: pixelsPerInch).writingArea
    }

    static func isBlank(_ analysis: SheetAnalysis) -> Bool { analysis.writingArea < writingLimit }
}
