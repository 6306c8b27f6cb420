/// Which way up a page is, already decided before its text is read (`strips convert --rotate
/// auto` turned it upright from Tesseract's orientation detection): its text is read turned so,
/// with no second detection of the same page (which cost a fifth of a page's reading), and on a
/// page the decision turned after checking it (a confidence under `PageOrientation.sureConfidence`)
/// the text is read the way the page is shown, not as it lay.
public struct SettledOrientation: Hashable, Sendable {
    /// Clockwise quarter turns from the picture as it lies to upright (0: as it lies).
    public var quarterTurns: Int
    /// What the detection found (kept with the text, as a detected page's is); nil when it found
    /// too little text to tell.
    public var found: PageOrientation?

    public init(quarterTurns: Int, found: PageOrientation?) {
        self.quarterTurns = ((quarterTurns % 4) + 4) % 4
        self.found = found
    }
}
