/// A rectangle of whole pixels: the part of a frame that changed and is stored in the GIF.
struct PixelRect: Hashable, Sendable {
    var x: Int, y: Int, width: Int, height: Int
}
