/// Where the two strips sit in the window: the preview fills the top, the thumbnail strip
/// (66 pt) runs along the bottom with a margin above and below.
public struct EditorGeometry: Hashable, Sendable {
    public static let thumbnailMargin = 8.0

    public var window: Size

    public init(window: Size) { self.window = window }

    public var thumbnailBand: Double { ThumbnailLayout.stripHeight + 2 * Self.thumbnailMargin }

    public var preview: Rect {
        Rect(x: 0, y: 0, width: max(0, window.width), height: max(0, window.height - thumbnailBand))
    }

    public var thumbnails: Rect {
        let y = max(0, window.height - Self.thumbnailMargin - ThumbnailLayout.stripHeight)
        return Rect(x: 0, y: y, width: max(0, window.width), height: ThumbnailLayout.stripHeight)
    }
}
