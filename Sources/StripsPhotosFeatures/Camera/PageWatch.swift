import StripsCore

/// When to take the page by itself (issue 27): a pure state machine fed each look the detector
/// had at the camera's picture, with the look's time on the scene's clock.
///
/// The page is at rest when its corners have stayed within `stillness` of where they were when it
/// settled and its content has stayed alike (a hand passing over it, a leaf being turned, changes
/// the content though the corners stay) for `restDuration`. Then it is taken, once, unless it is
/// the page taken last (the same sheet still lying there, or put back): a page turned in a book
/// keeps its corners, so pages are told apart by their content, not only by where they lie.
/// A page that keeps moving, or has no page found, never comes to rest.
public struct PageWatch: Hashable, Sendable {
    /// The design's numbers.
    public struct Numbers: Hashable, Sendable {
        /// Seconds the page must lie still before it is taken.
        public var restDuration = 0.5
        /// How far a corner may wander from where the page settled and still be at rest, as a
        /// share of the picture's diagonal: two pixels of the detector's small copy, several times
        /// its own jitter on a still page; a page creeping at 1.5 % of the diagonal a second
        /// leaves it within the rest.
        public var stillness = 0.004
        /// Content at least this alike is the page still lying there, untouched
        /// (`PageSignature.similarity`): looks at one page lying still measure 0.95 and more; a
        /// hand over it or a leaf being turned, less.
        public var stillContent = 0.9
        /// Writing at least this alike is the same page as the one taken last (looked at again
        /// after a hand passed, its corners found a little differently: 0.97 and more); the next
        /// page of a book, set in the same type, measures 0.6 and less
        /// (`PageSignature.writingSimilarity`: its layout, the same on every page, left out).
        public var samePage = 0.8

        public init() {}
    }

    /// Where the page settled, what it looked like then, and since when.
    public struct Rest: Hashable, Sendable {
        public var quad: Quad
        public var signature: PageSignature?
        public var since: Double
        /// This rest's page was taken (or was found to be the page taken last): once is enough.
        public var decided = false
    }

    public var numbers: Numbers
    public private(set) var rest: Rest?
    /// What the page taken last looked like.
    public private(set) var lastTaken: PageSignature?

    public init(numbers: Numbers = Numbers()) { self.numbers = numbers }

    /// The page has lain still long enough to be taken.
    public func isSteady(at time: Double) -> Bool {
        guard let rest else { return false }
        return time - rest.since >= numbers.restDuration - 1e-9
    }

    /// One look: the page's corners in the picture (nil: no page found) and its content, in a
    /// picture `diagonal` pixels across, at `time`. True when the page should be taken now.
    public mutating func look(_ quad: Quad?, signature: PageSignature?, diagonal: Double, at time: Double) -> Bool {
        guard let quad else {
            rest = nil
            return false
        }
        if let current = rest, Self.wander(from: current.quad, to: quad) <= numbers.stillness * diagonal,
           alike(current.signature, signature) {
            // Still lying there.
        } else {
            rest = Rest(quad: quad, signature: signature, since: time)
        }
        guard var current = rest, !current.decided, isSteady(at: time) else { return false }
        current.decided = true
        rest = current
        if let lastTaken, let signature, signature.writingSimilarity(to: lastTaken) >= numbers.samePage { return false }
        lastTaken = signature
        return true
    }

    /// A page taken by hand (Space): it counts as the page taken last, so the same page lying
    /// there is not taken again by itself.
    public mutating func tookByHand(_ signature: PageSignature?) {
        lastTaken = signature ?? lastTaken
        rest?.decided = true
    }

    /// The farthest any corner moved.
    static func wander(from a: Quad, to b: Quad) -> Double {
        zip(a.corners, b.corners).map { $0.distance(to: $1) }.max() ?? 0
    }

    private func alike(_ a: PageSignature?, _ b: PageSignature?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return a.similarity(to: b) >= numbers.stillContent
    }
}
