/// The largest picture a decode may give, in pixels: the picture is fitted into it, shape kept.
public struct PixelLimit: Hashable, Sendable {
    public var width: Int32
    public var height: Int32

    public init(width: Int32, height: Int32) {
        self.width = width
        self.height = height
    }

    /// The limit for the picture stored sideways: sides swapped when `swapped`.
    func swapped(_ swapped: Bool) -> PixelLimit { swapped ? PixelLimit(width: height, height: width) : self }
}
