/// Two fingers on a touch screen read as a pinch, next to `Gestures` (the first finger is the
/// pointer). The first two fingers down make the pinch, and each move of one of them is a step:
/// the ratio of the fingers' distance after and before it, about their midpoint. (SDL's
/// multigesture distance is relative to the device's diagonal and smoothed; the fingers
/// themselves give the exact ratio.)
public struct PinchRecogniser: Sendable {
    public enum Phase: Sendable { case down, move, up }

    private var fingers: [(id: UInt64, point: Point)] = []

    public init() {}

    /// One finger's event, in window points; a pinch step when one results.
    public mutating func finger(_ id: UInt64, _ phase: Phase, at point: Point) -> InputEvent? {
        switch phase {
        case .down:
            fingers.removeAll { $0.id == id }
            fingers.append((id, point))
        case .up:
            fingers.removeAll { $0.id == id }
        case .move:
            guard let moved = fingers.firstIndex(where: { $0.id == id }) else { return nil }
            let before = fingers
            fingers[moved].point = point
            guard moved < 2, fingers.count >= 2 else { return nil }
            let old = before[0].point.distance(to: before[1].point), new = fingers[0].point.distance(to: fingers[1].point)
            guard old > 1, new > 1, new != old else { return nil }
            let a = fingers[0].point, b = fingers[1].point
            return .pinch(center: Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2), scale: new / old)
        }
        return nil
    }
}
