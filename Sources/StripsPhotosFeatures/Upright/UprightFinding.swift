import StripsCore

/// Which way up a page's text reads, as the orientation judge found it (Tesseract's orientation
/// detection, `UprightPages` in StripsConvert, the same judgement `strips convert --rotate auto`
/// makes): the turn that makes the page upright when the judge is sure of it, and why. Kept with
/// the page's other judgements (`PageJudgement.upright`), by the key its picture is judged under.
public struct UprightFinding: Hashable, Sendable {
    /// Clockwise quarter turns that make the page upright: 0 when it reads upright or the judge
    /// is unsure (an unsure page stays as it is).
    public var turns: Int
    /// Tesseract's orientation confidence in its first reading (2 and up: sure).
    public var confidence: Double
    /// The page was read again turned that way, and read upright then (`UprightPages.decide`:
    /// every turn it gives is checked so).
    public var checked: Bool

    public init(turns: Int, confidence: Double, checked: Bool = false) {
        self.turns = Corrections.normalised(turns)
        self.confidence = confidence
        self.checked = checked
    }

    /// Why the page was turned, as its menu says it (under "Turned upright: 90° clockwise").
    public var reason: String {
        let confidence = Self.decimal(self.confidence)
        return checked ? tr("The text read turned (confidence %s), and upright once turned", confidence)
            : tr("The text read turned (confidence %s)", confidence)
    }

    /// What was done, as the page's menu heads it.
    public static func decision(turns: Int) -> String { tr("Turned upright: %d° clockwise", Corrections.normalised(turns) * 90) }

    /// One decimal, in the user's language's way of writing it ("4.2", "4,2").
    static func decimal(_ value: Double) -> String {
        value.fixed(1).split(separator: ".").joined(separator: trc("decimal", "."))
    }
}
