import Foundation
import Testing
@testable import StripsCore

@Suite struct DecelerationTests {
    @Test func restingPointIsTheClosedForm() {
        let normal = Deceleration(start: 100, velocity: 2000, rate: Tuning.defaults.scroll.normalDeceleration)
        // x0 - v0 / (1000 ln d) = 100 + 2000 / 2.002 = 1098.999...
        #expect(abs(normal.restingPoint - (100 - 2000 / (1000 * log(0.998)))) < 1e-9)
        #expect(abs(normal.restingPoint - 1098.999) < 0.01)
        let fast = Deceleration(start: 0, velocity: 2000, rate: Tuning.defaults.scroll.fastDeceleration)
        #expect(abs(fast.restingPoint - 198.99) < 0.01)
    }

    @Test func positionAndVelocityFollowTheRatePerMillisecond() {
        let d = Deceleration(start: 0, velocity: 1000, rate: 0.998)
        #expect(abs(d.velocity(at: 0.001) - 998) < 1e-9)
        #expect(abs(d.velocity(at: 0.5) - 1000 * pow(0.998, 500)) < 1e-9)
        #expect(d.position(at: 0) == 0)
        // Approaches the resting point, never passes it.
        #expect(d.position(at: 5) < d.restingPoint)
        #expect(d.restingPoint - d.position(at: 5) < 0.1)
    }

    @Test func durationUntilWithinAThreshold() {
        let d = Deceleration(start: 0, velocity: 1000, rate: 0.99)
        let t = d.duration(untilWithin: 0.25)
        #expect(abs(d.restingPoint - d.position(at: t) - 0.25) < 1e-6)
        // ln(0.25 * 10.05 / 1000) / (1000 ln 0.99) = 0.595 s
        #expect(abs(t - 0.5954) < 0.001)
    }

    @Test func landingStopsExactlyOnTheTarget() {
        let d = Deceleration.landing(from: 40, on: 1064, rate: Tuning.defaults.scroll.fastDeceleration)
        #expect(abs(d.restingPoint - 1064) < 1e-9)
        #expect(d.velocity > 0)
    }
}

@Suite struct RubberBandTests {
    @Test func resistanceFollowsUIScrollViewFormula() {
        // (1 - 1 / (x c / dim + 1)) dim with c = 0.55
        #expect(abs(RubberBand.offset(forOvershoot: 100, dimension: 1000, coefficient: 0.55) - 52.1327) < 1e-3)
        #expect(abs(RubberBand.offset(forOvershoot: 1000, dimension: 1000, coefficient: 0.55) - 354.8387) < 1e-3)
        #expect(abs(RubberBand.offset(forOvershoot: -100, dimension: 1000, coefficient: 0.55) + 52.1327) < 1e-3)
        #expect(RubberBand.offset(forOvershoot: 1e9, dimension: 500, coefficient: 0.55) < 500)
        #expect(RubberBand.offset(forOvershoot: 0, dimension: 500, coefficient: 0.55) == 0)
    }

    @Test func clampOnlyStretchesOutsideTheRange() {
        #expect(RubberBand.clamp(50, to: 0...100, dimension: 500, coefficient: 0.55) == 50)
        #expect(RubberBand.clamp(150, to: 0...100, dimension: 500, coefficient: 0.55) < 150)
        #expect(RubberBand.clamp(150, to: 0...100, dimension: 500, coefficient: 0.55) > 100)
    }
}

@Suite struct SpringTests {
    @Test func criticallyDampedClosedForm() {
        let s = Spring(from: 100, to: 0, velocity: 0, damping: 14)
        for t in [0.0, 0.05, 0.1, 0.3, 0.7] {
            let expected = exp(-14 * t) * (100 + 14 * 100 * t)
            #expect(abs(s.position(at: t) - expected) < 1e-9)
        }
    }

    @Test func neverOvershootsFromRest() {
        let s = Spring(from: 300, to: 0, velocity: 0)
        for i in 0...200 { #expect(s.position(at: Double(i) / 100) >= 0) }
    }

    @Test func settlesWithinAboutHalfASecondToASecond() {
        let s = Spring(from: 200, to: 0, velocity: -1500)
        #expect(!s.isSettled(at: 0.2, within: 0.25, speed: 5))
        #expect(s.isSettled(at: 1.2, within: 0.25, speed: 5))
        // Numerical derivative agrees with the analytic velocity.
        let h = 1e-6
        #expect(abs((s.position(at: 0.3 + h) - s.position(at: 0.3 - h)) / (2 * h) - s.velocity(at: 0.3)) < 1e-3)
    }
}

@Suite struct VelocityTrackerTests {
    @Test func steadyMotionGivesItsSpeed() {
        var tracker = VelocityTracker()
        for i in 0...10 { tracker.add(Point(x: Double(i) * 10, y: 0), at: Double(i) * 0.01) }
        #expect(abs(tracker.velocity(at: 0.1).x - 1000) < 1e-6)
    }

    @Test func onlyTheLastHundredMillisecondsCount() {
        var tracker = VelocityTracker()
        // Fast at first, then slow: the release velocity is the slow one.
        for i in 0...10 { tracker.add(Point(x: Double(i) * 50, y: 0), at: Double(i) * 0.01) }
        for i in 1...20 { tracker.add(Point(x: 500 + Double(i) * 1, y: 0), at: 0.1 + Double(i) * 0.01) }
        #expect(abs(tracker.velocity(at: 0.3).x - 100) < 1e-6)
    }

    @Test func absurdSpeedsAreLimited() {
        var tracker = VelocityTracker()
        tracker.add(Point(x: 0, y: 0), at: 0)
        tracker.add(Point(x: -1.7e308, y: 1e300), at: 0.01)
        let v = tracker.velocity(at: 0.01)
        #expect(v.x == -Tuning.defaults.scroll.maxSpeed)
        #expect(v.y == Tuning.defaults.scroll.maxSpeed)
    }

    @Test func saturatingIntegerConversion() {
        #expect(Int(saturating: .nan) == 0)
        #expect(Int(saturating: .infinity) > 1 << 50)
        #expect(Int(saturating: -1e300) < -(1 << 50))
        #expect(Int(saturating: 41.0) == 41)
    }

    @Test func restingBeforeReleaseMeansNoFling() {
        var tracker = VelocityTracker()
        for i in 0...10 { tracker.add(Point(x: Double(i) * 30, y: 0), at: Double(i) * 0.01) }
        tracker.add(Point(x: 300, y: 0), at: 0.25)
        #expect(tracker.velocity(at: 0.25) == .zero)
    }
}

@Suite struct EasingTests {
    @Test func endpointsAndSymmetry() {
        for easing in Easing.allCases {
            #expect(easing(0) == 0)
            #expect(easing(1) == 1)
        }
        #expect(Easing.easeInOut(0.5) == 0.5)
        #expect(abs(Easing.easeInOut(0.25) + Easing.easeInOut(0.75) - 1) < 1e-12)
        #expect(Easing.easeIn(0.5) < 0.5)
        #expect(Easing.easeOut(0.5) > 0.5)
        #expect(Easing.linear(0.3) == 0.3)
    }

    @Test func tweenProgressOverItsDuration() {
        let tween = Tween(start: 1, duration: 0.3, easing: .easeInOut)
        #expect(tween.progress(at: 0.9) == 0)
        #expect(abs(tween.progress(at: 1.15) - 0.5) < 1e-9)
        #expect(tween.progress(at: 1.3) == 1)
        #expect(tween.isFinished(at: 1.3))
        #expect(!tween.isFinished(at: 1.29))
    }
}
