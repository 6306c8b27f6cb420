import CSDL2
import StripsCore

/// Two fingers on a touch screen read as a pinch. SDL reports each finger; the first two down
/// make the pinch, and each move of one of them is a step: the ratio of the fingers' distance
/// after and before it, about their midpoint. (SDL_MULTIGESTURE's dDist is relative to the
/// device's diagonal and smoothed; the fingers themselves give the exact ratio.)
struct TouchPinch {
    private var fingers: [(id: SDL_FingerID, point: Point)] = []

    /// Takes a finger event (points already in window points); a pinch step when one results.
    mutating func take(_ event: SDL_TouchFingerEvent, type: SDL_EventType, at point: Point) -> InputEvent? {
        switch type {
        case SDL_FINGERDOWN:
            fingers.removeAll { $0.id == event.fingerId }
            fingers.append((event.fingerId, point))
        case SDL_FINGERUP:
            fingers.removeAll { $0.id == event.fingerId }
        case SDL_FINGERMOTION:
            guard let moved = fingers.firstIndex(where: { $0.id == event.fingerId }) else { return nil }
            let before = fingers
            fingers[moved].point = point
            guard moved < 2, fingers.count >= 2 else { return nil }
            let old = before[0].point.distance(to: before[1].point), new = fingers[0].point.distance(to: fingers[1].point)
            guard old > 1, new > 1, new != old else { return nil }
            let a = fingers[0].point, b = fingers[1].point
            return .pinch(center: Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2), scale: new / old)
        default:
            break
        }
        return nil
    }
}
