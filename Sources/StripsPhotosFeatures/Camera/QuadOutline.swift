import Foundation
import StripsCore

/// The page's outline as drawn over the live picture: each look's quad followed smoothly, so the
/// detector's pixel of jitter on a still page does not shake it, while a page that moves is
/// followed at once; held for a moment when a look misses the page, then faded out, so it is gone
/// when no page is in view. Times are the looks' own, on the scene's clock.
public struct QuadOutline: Hashable, Sendable {
    /// The outline in the picture's pixels; nil before any page was found.
    public private(set) var quad: Quad?
    /// The last look that found the page.
    public private(set) var lastSeen: Double?
    private var lastLook: Double?

    /// A move smaller than this share of the diagonal is jitter: followed slowly.
    static let jitter = 0.004
    /// A jump larger than this share of the diagonal is another page (or the page put down
    /// elsewhere): no gliding across the picture.
    static let jump = 0.08
    /// Time constants of the following, seconds: a still page's, a moving page's.
    static let calm = 0.12
    static let quick = 0.035
    /// A missed look keeps the outline this long, then it fades for `fade`.
    static let hold = 0.12
    static let fade = 0.15

    public init() {}

    public mutating func follow(_ found: Quad?, diagonal: Double, at time: Double) {
        defer { lastLook = time }
        guard let found else { return }
        defer { lastSeen = time }
        guard let current = quad, alpha(at: time) > 0, let last = lastLook else {
            quad = found
            return
        }
        let moved = PageWatch.wander(from: current, to: found)
        if moved > Self.jump * diagonal {
            quad = found
            return
        }
        let tau = moved < Self.jitter * diagonal ? Self.calm : Self.quick
        let k = 1 - exp(-max(0, time - last) / tau)
        quad = Quad(corners: zip(current.corners, found.corners).map { a, b in
            Point(x: a.x + (b.x - a.x) * k, y: a.y + (b.y - a.y) * k)
        })
    }

    /// 1 while the page is found, fading to 0 once it has not been for a moment.
    public func alpha(at time: Double) -> Double {
        guard quad != nil, let lastSeen else { return 0 }
        let after = time - lastSeen - Self.hold
        return after <= 0 ? 1 : max(0, 1 - after / Self.fade)
    }
}
