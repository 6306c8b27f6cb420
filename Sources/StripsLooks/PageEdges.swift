/// Which sides of a picture are the page's own edges: all of them for a whole page, fewer for a
/// part of one (a zoomed tile), whose other sides cut through the page. Only along the page's
/// own edges is there border noise to clean, and a picture's strip there is the desk, not a
/// picture.
public struct PageEdges: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let top = PageEdges(rawValue: 1)
    public static let left = PageEdges(rawValue: 2)
    public static let bottom = PageEdges(rawValue: 4)
    public static let right = PageEdges(rawValue: 8)
    public static let all: PageEdges = [.top, .left, .bottom, .right]
}
