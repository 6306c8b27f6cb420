/// Where the two strips sit in the window: the preview fills the top, the thumbnail strip
/// (66 pt) runs along the bottom with a margin above and below.
public struct EditorGeometry: Hashable, Sendable {
    public var window: Size
    /// The strip's height and margin come from here.
    public var thumbnailTuning: Tuning.Thumbnails

    public init(window: Size, thumbnails: Tuning.Thumbnails = Tuning.defaults.thumbnails) {
        self.window = window
        thumbnailTuning = thumbnails
    }

    public var thumbnailBand: Double { thumbnailTuning.stripHeight + 2 * thumbnailTuning.margin }

    public var preview: Rect {
        Rect(x: 0, y: 0, width: max(0, window.width), height: max(0, window.height - thumbnailBand))
    }

    public var thumbnails: Rect {
        let y = max(0, window.height - thumbnailTuning.margin - thumbnailTuning.stripHeight)
        return Rect(x: 0, y: y, width: max(0, window.width), height: thumbnailTuning.stripHeight)
    }
}
