/// Keeps the two strips showing the same page whichever one moves (Photos article, feature 6).
/// Exactly one strip drives at a time and the other is set from it, so following never feeds
/// back into leading: the article's bind/unbind of delegates, as a value.
public enum ScrollDriver: Hashable, Sendable {
    case none
    /// The preview moves (drag, fling, wheel): the thumbnails follow continuously.
    case preview
    /// The thumbnails move: the preview switches page as the nearest thumbnail changes.
    case thumbnails
    /// An editor animation sets both from its own focus position.
    case editor
}

public enum ScrollSynchronizer {
    /// The thumbnail offset that centres the same (fractional) page the preview shows.
    public static func thumbnailOffset(previewOffset: Double, preview: PreviewLayout, thumbnails: ThumbnailLayout) -> Double {
        thumbnails.offset(forSlot: preview.page(forOffset: previewOffset))
    }

    /// The preview offset for the thumbnail nearest the centre: whole pages only.
    public static func previewOffset(thumbnailOffset: Double, preview: PreviewLayout, thumbnails: ThumbnailLayout) -> Double {
        guard thumbnails.itemCount > 0 else { return 0 }
        let slot = thumbnails.slot(forOffset: thumbnailOffset).rounded().clamped(to: 0...Double(thumbnails.itemCount - 1))
        return preview.offset(forPage: slot)
    }
}
