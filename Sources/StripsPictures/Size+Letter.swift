import StripsCore

extension Size {
    /// US Letter in points: what poppler itself assumes when a page's box is missing or absurd,
    /// and the shape of a PDF that cannot be opened.
    public static let letter = Size(width: 612, height: 792)
}
