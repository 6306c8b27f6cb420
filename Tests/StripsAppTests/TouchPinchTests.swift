import CSDL2
import Testing
@testable import StripsCore
@testable import StripsPictures
@testable import StripsSDL

/// Two fingers on a touch screen become pinch steps: the ratio of their distances about their midpoint.
@Suite struct TouchPinchTests {
    func finger(_ id: SDL_FingerID) -> SDL_TouchFingerEvent {
        var event = SDL_TouchFingerEvent()
        event.fingerId = id
        return event
    }

    @Test func theSecondFingerMakesPinchSteps() {
        var pinch = TouchPinch()
        #expect(pinch.take(finger(1), type: SDL_FINGERDOWN, at: Point(x: 100, y: 100)) == nil)
        #expect(pinch.take(finger(1), type: SDL_FINGERMOTION, at: Point(x: 110, y: 100)) == nil)  // one finger: a drag
        #expect(pinch.take(finger(2), type: SDL_FINGERDOWN, at: Point(x: 210, y: 100)) == nil)
        #expect(pinch.take(finger(2), type: SDL_FINGERMOTION, at: Point(x: 310, y: 100)) == .pinch(center: Point(x: 210, y: 100), scale: 2))
        #expect(pinch.take(finger(1), type: SDL_FINGERMOTION, at: Point(x: 210, y: 100)) == .pinch(center: Point(x: 260, y: 100), scale: 0.5))
        // A third finger does not pinch; once one of the two lifts, the pinch is over.
        #expect(pinch.take(finger(3), type: SDL_FINGERDOWN, at: Point(x: 0, y: 0)) == nil)
        #expect(pinch.take(finger(3), type: SDL_FINGERMOTION, at: Point(x: 50, y: 50)) == nil)
        #expect(pinch.take(finger(1), type: SDL_FINGERUP, at: Point(x: 210, y: 100)) == nil)
        #expect(pinch.take(finger(3), type: SDL_FINGERUP, at: Point(x: 50, y: 50)) == nil)
        #expect(pinch.take(finger(2), type: SDL_FINGERMOTION, at: Point(x: 400, y: 100)) == nil)
    }
}
