import StripsCore
/// One pizza on the menu, cut in two: each strip shows one of its halves.
public struct Pizza: Hashable, Sendable {
    public var slug: String
    public var name: String
    public var priceCents: Int
    /// The left and right halves: 300 x 600 px pictures, 150 x 300 pt on screen.
    public var leftImagePath: String
    public var rightImagePath: String

    public init(slug: String, name: String, priceCents: Int, leftImagePath: String, rightImagePath: String) {
        self.slug = slug
        self.name = name
        self.priceCents = priceCents
        self.leftImagePath = leftImagePath
        self.rightImagePath = rightImagePath
    }

    public func imagePath(for half: PizzaHalf) -> String {
        half == .left ? leftImagePath : rightImagePath
    }
}

/// Which strip: the left halves or the right halves. The article's PizzaHalfOrientation.
public enum PizzaHalf: String, Hashable, Sendable, CaseIterable {
    case left, right
}
