/// The picture size of a video recording: the frames scaled by `scale`, each side even (yuv420p
/// keeps one chroma sample per 2x2 pixels, and H.264 encoders refuse odd sizes) and at least 2.
struct VideoGeometry: Hashable, Sendable {
    /// Frames are fitted to this size first (the first frame's, at least 2x2).
    let canvasWidth: Int
    let canvasHeight: Int
    /// The part of the canvas, from its top-left corner, that becomes the picture.
    let sourceWidth: Int
    let sourceHeight: Int
    /// The encoded picture.
    let width: Int
    let height: Int

    /// At scale 1 an odd side loses its last pixel column or row instead of being resampled, so
    /// text stays sharp; below 1 the whole canvas is scaled to the rounded, evened size.
    init(frameWidth: Int, frameHeight: Int, scale: Double) {
        precondition(frameWidth > 0 && frameHeight > 0 && scale > 0 && scale <= 1, "bad video geometry")
        canvasWidth = max(2, frameWidth)
        canvasHeight = max(2, frameHeight)
        func even(_ side: Int) -> Int { max(2, side & ~1) }
        if scale == 1 {
            width = even(canvasWidth)
            height = even(canvasHeight)
            sourceWidth = width
            sourceHeight = height
        } else {
            width = even(Int((Double(canvasWidth) * scale).rounded()))
            height = even(Int((Double(canvasHeight) * scale).rounded()))
            sourceWidth = canvasWidth
            sourceHeight = canvasHeight
        }
    }
}
