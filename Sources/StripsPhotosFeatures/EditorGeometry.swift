import StripsCore

/// Where the editor's parts sit in the window: the toolbar along the top (left out when the
/// window is too short for it and the strips), the preview under it, the thumbnail strip (66 pt)
/// along the bottom with a margin above and below.
public struct EditorGeometry: Hashable, Sendable {
    public var window: Size
    /// The strip's height and margin come from here.
    public var thumbnailTuning: Tuning.Thumbnails

    public init(window: Size, thumbnails: Tuning.Thumbnails = Tuning.defaults.thumbnails) {
        self.window = window
        thumbnailTuning = thumbnails
    }

    public var thumbnailBand: Double { thumbnailTuning.stripHeight + 2 * thumbnailTuning.margin }

    /// The toolbar's band along the top; empty when it is left out.
    public var toolbar: Rect {
        Rect(x: 0, y: 0, width: max(0, window.width), height: Toolbar.height(window: window, thumbnailBand: thumbnailBand))
    }

    public var preview: Rect {
        let top = toolbar.height
        return Rect(x: 0, y: top, width: max(0, window.width), height: max(0, window.height - thumbnailBand - top))
    }

    public var thumbnails: Rect {
        let y = max(0, window.height - thumbnailTuning.margin - thumbnailTuning.stripHeight)
        return Rect(x: 0, y: y, width: max(0, window.width), height: thumbnailTuning.stripHeight)
    }
}
