import StripsCore

/// What the texture cache holds of one picture, as far as deciding what to decode needs.
public struct HeldPicture: Sendable {
    public var width: Int32
    public var height: Int32
    /// The picture was shrunk to its limit: a bigger window deserves a sharper decode.
    public var limited: Bool
    /// A stand-in (an EXIF thumbnail, a smaller cache entry): the real picture is still to come.
    public var provisional: Bool
    /// The size it was last drawn at, to tell a settled size from an animated one.
    public var lastWant: PixelLimit?

    public init(width: Int32, height: Int32, limited: Bool, provisional: Bool, lastWant: PixelLimit?) {
        self.width = width
        self.height = height
        self.limited = limited
        self.provisional = provisional
        self.lastWant = lastWant
    }
}

/// One frame's decoding decided: which pictures to decode, at what size, in which order and
/// within what budget. Pure: the renderer says what it holds, and decodes (on the spot or on the
/// workers) and uploads what the plan names; it never decides. Thumbnails are decoded small, full
/// pictures at the size they are drawn (no larger than the window unless zoomed in); the pictures
/// drawn nearest the middle come first, then where a moving strip will rest, then the rest ahead
/// while the pictures wanted fit in 80 % of the budget.
public struct DecodePlan {
    /// Thumbnail textures are at most this many pixels high (66 pt at 2x, with room).
    public static let thumbnailHeight: Int32 = 160
    public static let thumbnailLimit = PixelLimit(width: thumbnailHeight * 5, height: thumbnailHeight)
    /// Screens of the window's pixels the full pictures may hold: the page in focus and two either
    /// side of it (what paging shows next), and one for a picture being replaced by a sharper one.
    public static let screens = 6
    /// Room for the thumbnails asked for ahead (64 either side of the focus, the strip where a
    /// fling rests): at most a few hundred textures of 160 px height.
    public static let thumbnailBytes = 48 << 20

    /// The budget for a window of `pixels`: a few screens of pixels plus the thumbnails.
    public static func budget(forWindow pixels: PixelLimit) -> Int {
        screens * Int(max(1, pixels.width)) * Int(max(1, pixels.height)) * 4 + thumbnailBytes
    }

    /// Decodes go to workers (the window): thumbnails take a quick look first and stand-ins are
    /// refined later; otherwise each picture drawn is decoded on the spot, best at once.
    public let onWorkers: Bool
    /// The window's pixels: full pictures need no more unless zoomed in.
    public let windowPixels: PixelLimit
    public let scale: Double
    /// The window in points.
    public let view: Size
    /// This frame's requests by picture, in the frame's order: the least wanted are evicted first.
    public let rank: [ImageRef: Int]
    /// The pictures the frame wants fit in 80 % of the budget: room to decode ahead.
    public let roomToPrefetch: Bool

    private var quick: [(priority: Double, job: DecodeQueue.Job)] = []
    private var landing: [DecodeQueue.Job] = []
    private var wishes: [(priority: Double, job: DecodeQueue.Job)] = []
    private var ahead: [DecodeQueue.Job] = []
    private var refinements: [(priority: Double, job: DecodeQueue.Job)] = []

    /// `heldBytes`: the texture bytes held of a picture, nil when none is.
    public init(requests: [PictureRequest], onWorkers: Bool, pixels: PixelLimit, scale: Double, budget: Int,
                heldBytes: (ImageRef) -> Int?) {
        self.onWorkers = onWorkers
        self.scale = scale
        windowPixels = PixelLimit(width: max(1, pixels.width), height: max(1, pixels.height))
        view = Size(width: max(1, Double(pixels.width) / scale), height: max(1, Double(pixels.height) / scale))
        var rank: [ImageRef: Int] = [:]
        for (i, request) in requests.enumerated() where rank[request.image] == nil { rank[request.image] = i }
        self.rank = rank
        // Room for what the frame asks for ahead: textures it does not ask for make way (they are
        // evicted first), so only what it wants counts against the budget.
        let wanted = rank.keys.reduce(0) { $0 + (heldBytes($1) ?? 0) }
        roomToPrefetch = wanted < budget / 10 * 8
    }

    /// What the renderer does for one request, in the frame's order.
    public struct Step: Equatable {
        /// Decode this before going on (decoding on the spot).
        public var decodeNow: DecodeQueue.Job?
        /// The held picture was drawn: mark it used this frame, drawn at this size.
        public var drawn: PixelLimit??
        /// A full picture drawn at this size: the zoomed part in view may need a decode of its own
        /// (`ZoomParts`), with the priority `priority + 1`.
        public var detailWant: PixelLimit?
        /// How far from the middle of the window the picture is drawn (0 at the middle).
        public var priority: Double = 0
    }

    /// The request at index `i` of the frame: `held` what the renderer holds of it, `failed` that
    /// it cannot be decoded, `quickLookFound` false when a quick look found nothing (it waits for a
    /// decode), `uploading` the size of a sharper copy on its way to the renderer.
    public mutating func place(_ request: PictureRequest, at i: Int, held: HeldPicture?, failed: Bool, quickLookFound: Bool = true,
                               uploading: PixelLimit? = nil) -> Step {
        var step = Step()
        let ref = request.image
        // Full pictures: the whole drawn at most window-sized; the part in view of a zoomed one
        // at its drawn size (`ZoomParts`).
        let drawnSize = ref.variant == .full ? request.size.map { Self.pixels($0, scale: scale) } : nil
        let want = drawnSize.map(clampedToWindow)
        let provisional = held?.provisional == true
        // Quick looks (the shared cache, EXIF thumbnails: no decode of the file) for every
        // thumbnail in view, then ahead, come before any decode: during a fling a stand-in for
        // the next cells beats a sharp picture for the cells passing by. Real pictures for
        // stand-ins come last.
        let quickLook = onWorkers && ref.variant == .thumbnail && held == nil && !failed && quickLookFound
        if let drawn = request.drawnAt {
            let c = drawn.center
            let priority = abs(c.x - view.width / 2) / view.width + abs(c.y - view.height / 2) / view.height
            step.priority = priority
            if quickLook {
                quick.append((priority, DecodeQueue.Job(ref: ref, limit: Self.thumbnailLimit, stage: .quick)))
            } else if provisional, onWorkers {
                refinements.append((priority, job(for: ref)))
            } else if let job = visible(ref, want: want, held: held, failed: failed, uploading: uploading, step: &step) {
                if onWorkers { wishes.append((priority + (held == nil ? 0 : 10), job)) } else { step.decodeNow = job }
            }
            step.detailWant = drawnSize
        } else if onWorkers, roomToPrefetch || request.landing, !failed {
            if quickLook {
                // Where a strip will rest, right after the quick looks of what is drawn.
                quick.append((request.landing ? 5 + Double(i) / 1e6 : Double(10 + i), DecodeQueue.Job(ref: ref, limit: Self.thumbnailLimit, stage: .quick)))
            } else if held == nil {
                let job = want.map { DecodeQueue.Job(ref: ref, limit: $0) } ?? job(for: ref)
                if request.landing { landing.append(job) } else { ahead.append(job) }
            } else if provisional {
                refinements.append((Double(10 + i), job(for: ref)))
            }
        }
        return step
    }

    /// A zoomed part's decode, just after the picture it belongs to.
    public mutating func wish(_ job: DecodeQueue.Job, priority: Double) { wishes.append((priority, job)) }

    /// The jobs for the workers, most wanted first: quick looks, where the strips will rest, the
    /// pictures drawn (nearest the middle first), ahead, then stand-ins refined.
    public var jobs: [DecodeQueue.Job] {
        quick.sorted { $0.priority < $1.priority }.map(\.job) + landing + wishes.sorted { $0.priority < $1.priority }.map(\.job)
            + ahead + refinements.sorted { $0.priority < $1.priority }.map(\.job)
    }

    /// A picture drawn this frame: its decode, if it needs one. Full pictures are decoded to
    /// exactly the size they are drawn at, so drawing them is a plain copy, not a filtered scale
    /// (3x cheaper in software).
    private func visible(_ ref: ImageRef, want: PixelLimit?, held: HeldPicture?, failed: Bool, uploading: PixelLimit?,
                         step: inout Step) -> DecodeQueue.Job? {
        if let held {
            step.drawn = .some(want)
            let settled = want != nil && held.lastWant == want
            // Decode again once the drawn size has settled (not every frame of an animation), when
            // it differs from the texture, and only upward if the file has more pixels to give.
            guard let want, settled, Self.differs(held, from: want), uploading != want,
                  want.width <= held.width || want.height <= held.height || held.limited else { return nil }
            return DecodeQueue.Job(ref: ref, limit: want)
        }
        guard !failed else { return nil }
        return want.map { DecodeQueue.Job(ref: ref, limit: $0) } ?? job(for: ref)
    }

    /// A picture's whole decode: thumbnails small (on workers after a quick look, on the spot the
    /// best picture at once, never a stand-in: the same screenshot every time), full pictures at
    /// the window's pixels.
    public func job(for ref: ImageRef) -> DecodeQueue.Job {
        ref.variant == .thumbnail
            ? DecodeQueue.Job(ref: ref, limit: Self.thumbnailLimit, stage: onWorkers ? .decode : .best)
            : DecodeQueue.Job(ref: ref, limit: windowPixels)
    }

    static func pixels(_ size: Size, scale: Double) -> PixelLimit {
        PixelLimit(width: Int32(saturating: (size.width * scale).rounded()), height: Int32(saturating: (size.height * scale).rounded()))
    }

    private func clampedToWindow(_ want: PixelLimit) -> PixelLimit {
        PixelLimit(width: min(max(1, want.width), windowPixels.width), height: min(max(1, want.height), windowPixels.height))
    }

    /// A texture fitted into `want` matches it in both sides to within rounding.
    private static func differs(_ held: HeldPicture, from want: PixelLimit) -> Bool {
        abs(held.width - want.width) > 2 || abs(held.height - want.height) > 2
    }

    // MARK: Budget

    /// A texture that may make way: its picture, its bytes, the frame it was last drawn in.
    public struct Evictable: Sendable {
        public var ref: ImageRef
        public var bytes: Int
        public var lastUsed: UInt64

        public init(ref: ImageRef, bytes: Int, lastUsed: UInt64) {
            self.ref = ref
            self.bytes = bytes
            self.lastUsed = lastUsed
        }
    }

    /// The textures to let go, in order, so that `held` bytes fit `budget`: only those not drawn
    /// this frame (`candidates`), first those the frame did not ask for (least recently drawn
    /// first), then those it asked for, least wanted first (by `rank`).
    public static func evictions(_ candidates: [Evictable], rank: [ImageRef: Int], held: Int, budget: Int) -> [ImageRef] {
        guard held > budget else { return [] }
        var bytes = held
        var gone: [ImageRef] = []
        let ordered = candidates.map { (candidate: $0, rank: rank[$0.ref] ?? Int.max) }
            .sorted { $0.rank != $1.rank ? $0.rank > $1.rank : $0.candidate.lastUsed < $1.candidate.lastUsed }
        for (candidate, _) in ordered {
            guard bytes > budget else { break }
            gone.append(candidate.ref)
            bytes -= candidate.bytes
        }
        return gone
    }
}
