import Testing
@testable import StripsCore

/// Two fingers on a touch screen become pinch steps: the ratio of their distances about their midpoint.
@Suite struct PinchRecogniserTests {
    @Test func theSecondFingerMakesPinchSteps() {
        var pinch = PinchRecogniser()
        #expect(pinch.finger(1, .down, at: Point(x: 100, y: 100)) == nil)
        #expect(pinch.finger(1, .move, at: Point(x: 110, y: 100)) == nil)  // one finger: a drag
        #expect(pinch.finger(2, .down, at: Point(x: 210, y: 100)) == nil)
        #expect(pinch.finger(2, .move, at: Point(x: 310, y: 100)) == .pinch(center: Point(x: 210, y: 100), scale: 2))
        #expect(pinch.finger(1, .move, at: Point(x: 210, y: 100)) == .pinch(center: Point(x: 260, y: 100), scale: 0.5))
        // A third finger does not pinch; once one of the two lifts, the pinch is over.
        #expect(pinch.finger(3, .down, at: Point(x: 0, y: 0)) == nil)
        #expect(pinch.finger(3, .move, at: Point(x: 50, y: 50)) == nil)
        #expect(pinch.finger(1, .up, at: Point(x: 210, y: 100)) == nil)
        #expect(pinch.finger(3, .up, at: Point(x: 50, y: 50)) == nil)
        #expect(pinch.finger(2, .move, at: Point(x: 400, y: 100)) == nil)
    }
}
