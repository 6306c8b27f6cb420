/// Which way up a page is, as Tesseract's orientation detection sees it.
public struct PageOrientation: Hashable, Sendable, Codable {
    /// Clockwise quarter turns that make the page upright (0 when it is; 1 for a page lying on its
    /// left side, whose lines read bottom to top).
    public var quarterTurnsToUpright: Int
    /// Tesseract's orientation confidence; above about 2 it is sure, under 1 a guess.
    public var confidence: Double
    /// The script it saw (`Latin`, `Cyrillic`, ...).
    public var script: String?
    /// Tesseract's confidence in `script` (nil in text cached before it was kept).
    public var scriptConfidence: Double?

    public init(quarterTurnsToUpright: Int, confidence: Double, script: String?, scriptConfidence: Double? = nil) {
        self.quarterTurnsToUpright = ((quarterTurnsToUpright % 4) + 4) % 4
        self.confidence = confidence
        self.script = script
        self.scriptConfidence = scriptConfidence
    }

    /// Tesseract's `orient_deg` is how far the page's content is turned clockwise (a page turned a
    /// quarter clockwise gives 90), so the way back is the rest of the circle.
    init(tesseractDegrees: Int, confidence: Double, script: String?, scriptConfidence: Double? = nil) {
        self.init(quarterTurnsToUpright: 4 - tesseractDegrees / 90, confidence: confidence, script: script, scriptConfidence: scriptConfidence)
    }

    /// Whether it is worth turning the page: not upright, and Tesseract is sure.
    public var suggestsTurning: Bool { quarterTurnsToUpright != 0 && confidence >= Self.sureConfidence }

    /// The confidence from which a turn is suggested (Tesseract's own `min_orientation_margin` is 7
    /// for its internal use; on pages of text 2 already separates right from wrong).
    public static let sureConfidence = 2.0
}
