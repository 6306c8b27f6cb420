/// The only transforms the scenes need: a scale about the frame's centre, then a translation.
public struct Transform: Hashable, Sendable {
    public var translation: Point
    public var scale: Double

    public init(translation: Point = .zero, scale: Double = 1) {
        self.translation = translation
        self.scale = scale
    }

    public static let identity = Transform()

    /// Where a frame is drawn once this transform applies (UIKit applies it about the centre).
    public func apply(to frame: Rect) -> Rect {
        let size = Size(width: frame.width * scale, height: frame.height * scale)
        return Rect(center: frame.center + translation, size: size)
    }
}
