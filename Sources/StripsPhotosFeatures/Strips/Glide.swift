import StripsCore

/// Both strips travelling to a page (an arrow key, Home / End, a click on a thumbnail), as a
/// closed form of time. From rest it eases in and out over the move duration, the thumbnails'
/// expansion passing straight from the page it leaves to the one it reaches (the article's
/// feature 5). A navigation key pressed during it retargets it: the new glide starts where the
/// strips are, at the speed they have (a cubic Hermite curve to the new page, arriving at rest),
/// so a held key pages as fast as it repeats and stops soon after it is released.
public struct Glide: Hashable, Sendable {
    /// Where it began, as a fractional page, and the page it goes to.
    public var from: Double
    public var to: Int
    public var start: Double
    public var duration: Double
    /// Pages per second at the start: nil from rest (ease in and out).
    public var departureSpeed: Double?

    public init(from: Double, to: Int, start: Double, duration: Double, departureSpeed: Double? = nil) {
        self.from = from
        self.to = to
        self.start = start
        self.duration = duration
        self.departureSpeed = departureSpeed
    }

    public func isFinished(at t: Double) -> Bool { t >= start + duration }

    private func fraction(at t: Double) -> Double { Tween(start: start, duration: duration).fraction(at: t) }

    /// The fractional page the strips show at `t`.
    public func slot(at t: Double) -> Double {
        guard let v = departureSpeed else { return Tween(start: start, duration: duration).value(from: from, to: Double(to), at: t) }
        let s = fraction(at: t)
        let h00 = 2 * s * s * s - 3 * s * s + 1, h10 = s * s * s - 2 * s * s + s, h01 = -2 * s * s * s + 3 * s * s
        return h00 * from + h10 * duration * v + h01 * Double(to)
    }

    /// Pages per second at `t` (the slope of `slot`).
    public func speed(at t: Double) -> Double {
        guard duration > 0, !isFinished(at: t), t >= start else { return 0 }
        let s = fraction(at: t)
        guard let v = departureSpeed else {
            // The ease-in-out cubic's slope.
            let slope = s < 0.5 ? 12 * s * s : 3 * (2 - 2 * s) * (2 - 2 * s)
            return (Double(to) - from) * slope / duration
        }
        let d00 = 6 * s * s - 6 * s, d10 = 3 * s * s - 4 * s + 1, d01 = -6 * s * s + 6 * s
        return (d00 * from + d01 * Double(to)) / duration + d10 * v
    }

    /// The same glide sent to `page` at `t`: from where it is, at the speed it has.
    public func retargeted(to page: Int, at t: Double) -> Glide {
        Glide(from: slot(at: t), to: page, start: t, duration: duration, departureSpeed: speed(at: t))
    }

    /// From rest, between two pages, the thumbnails' expansion goes from one to the other
    /// directly; a retargeted glide lets it follow the strip.
    public func focusOverride(at t: Double) -> FocusOverride? {
        guard departureSpeed == nil else { return nil }
        let leaving = Int(saturating: from.rounded())
        guard leaving != to else { return nil }
        return FocusOverride(from: leaving, to: to, progress: Tween(start: start, duration: duration).progress(at: t))
    }
}
