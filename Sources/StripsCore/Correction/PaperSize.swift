/// Paper a photographed page is likely printed on. A page's estimated aspect within
/// `snapTolerance` of one of these takes that paper's exact aspect, so an A4 contract comes out
/// A4 however the photo was taken.
public enum PaperSize: String, CaseIterable, Sendable {
    case a4, letter, legal, a5, businessCard

    /// Long side over short side, from the sizes in millimetres or inches.
    public var longOverShort: Double {
        switch self {
        case .a4: return 297.0 / 210.0
        case .letter: return 11.0 / 8.5
        case .legal: return 14.0 / 8.5
        case .a5: return 210.0 / 148.0
        case .businessCard: return 85.0 / 55.0
        }
    }

    /// How far (relative) an estimate may be from a paper's aspect and still take it.
    public static let snapTolerance = 0.03

    /// The paper nearest `aspect` (width over height, either orientation) when within
    /// `tolerance`, and the aspect to use: the paper's in the estimate's orientation, or the
    /// estimate itself when no paper is near. Non-finite or non-positive input gives 1.
    public static func snap(aspect: Double, tolerance: Double = snapTolerance) -> (aspect: Double, paper: PaperSize?) {
        guard aspect.isFinite, aspect > 0 else { return (1, nil) }
        let landscape = aspect > 1
        let long = landscape ? aspect : 1 / aspect
        var best: (paper: PaperSize, distance: Double)?
        for paper in allCases {
            let distance = abs(long / paper.longOverShort - 1)
            if distance <= tolerance, distance < best?.distance ?? .infinity { best = (paper, distance) }
        }
        guard let paper = best?.paper else { return (aspect, nil) }
        return (landscape ? paper.longOverShort : 1 / paper.longOverShort, paper)
    }
}
