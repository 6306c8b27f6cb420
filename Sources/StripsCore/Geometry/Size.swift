public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)

    /// Width over height; 1 for a degenerate size so callers never divide by zero.
    public var aspectRatio: Double {
        guard width > 0, height > 0 else { return 1 }
        return width / height
    }
}
