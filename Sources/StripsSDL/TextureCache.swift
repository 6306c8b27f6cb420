import CSDL2
import Foundation
import StripsCore

/// When pictures are decoded: on worker threads while frames go on (the live window), or on the
/// spot, before the frame that needs them is drawn (scripted screenshots: deterministic).
public enum DecodeMode: String, CaseIterable, Sendable {
    case async, sync
}

/// How the renderer treats pictures: when they are decoded and how much texture memory they may use.
public struct TextureOptions: Sendable {
    public static let defaultBudget = 512 << 20

    /// Texture bytes kept at most; the pages farthest from the focus go first.
    public var budget: Int
    public var decode: DecodeMode
    public var workers: Int
    /// Benchmarks only: decode every picture at full size, as a naive loader would.
    public var fullSizeDecoding = false

    /// One core is left to the render loop.
    public static var defaultWorkers: Int { max(1, min(4, ProcessInfo.processInfo.activeProcessorCount - 1)) }

    public init(budget: Int = TextureOptions.defaultBudget, decode: DecodeMode = .async, workers: Int? = nil) {
        self.budget = budget
        self.decode = decode
        self.workers = workers ?? TextureOptions.defaultWorkers
    }
}

/// What the scene can tell the renderer about its pictures: which to have ready next, and how
/// far each page is from the one in focus (the farthest are evicted first).
public protocol PagedImageSource {
    /// Pictures worth decoding before they are seen, most wanted first.
    func imagesToPrefetch() -> [ImageRef]
    /// Pages from the focus, by picture path.
    func focusDistances() -> [String: Int]
    /// The box, in points, that full pictures are fitted into, so pictures decoded ahead of time
    /// have the size they will be drawn at; nil when pictures are drawn at varied sizes.
    var fullPictureBox: Size? { get }
}

extension PagedImageSource {
    public var fullPictureBox: Size? { nil }
}

/// Textures for the pictures the draw list names. Thumbnails are decoded small, full pictures no
/// larger than the window; decoding happens off the render thread in `.async` mode, and textures
/// live within a memory budget. SDL textures are only touched on the render thread.
final class TextureCache {
    /// Thumbnail textures are at most this many pixels high (66 pt at 2x, with room).
    static let thumbnailHeight: Int32 = 160
    static let thumbnailLimit = PixelLimit(width: thumbnailHeight * 5, height: thumbnailHeight)
    /// How long a picture takes to fade in over its placeholder once decoded.
    static let fadeDuration = 0.15

    enum Lookup {
        case ready(OpaquePointer, fade: Double, opaque: Bool)
        case pending
        case failed(ImageFailure)
    }

    private struct Entry {
        var texture: OpaquePointer
        var bytes: Int
        var arrived: Double
        var lastUsed: UInt64
        var limit: PixelLimit
        /// The picture was shrunk to the limit: a bigger window deserves a sharper decode.
        var limited: Bool
        var opaque: Bool
        var width: Int32
        var height: Int32
        /// The size the picture was last drawn at, to tell a settled size from an animated one.
        var lastWant: PixelLimit?
    }

    private let renderer: OpaquePointer
    let options: TextureOptions
    private let queue: DecodeQueue?
    private var entries: [ImageRef: Entry] = [:]
    private var failures: [String: ImageFailure] = [:]
    private var wishes: [(priority: Double, job: DecodeQueue.Job)] = []
    private var frame: UInt64 = 0
    private var now = 0.0
    private var fading = false
    /// Texture bytes held now, and the most ever held.
    private(set) var bytes = 0
    private(set) var peakBytes = 0
    /// Upper bound on a full texture's side, in pixels: the renderer's maximum texture size.
    private(set) var maxTextureSide: Int32 = 8192
    /// The window's pixels: full pictures need no more.
    private(set) var fullLimit = PixelLimit(width: 4096, height: 4096)
    /// Set by the window each frame; nil for scenes that do not say.
    var source: PagedImageSource?
    /// Pixels per point of the frame being drawn.
    var scale = 1.0
    /// Told once per picture that cannot be shown: (path, reason).
    var onFailure: (String, String) -> Void = { _, _ in }

    init(renderer: OpaquePointer, options: TextureOptions = TextureOptions(), wake: @escaping @Sendable () -> Void = {}) {
        self.renderer = renderer
        self.options = options
        queue = options.decode == .async
            ? DecodeQueue(workers: options.workers, fullSize: options.fullSizeDecoding, onFinish: wake) : nil
        var info = SDL_RendererInfo()
        if SDL_GetRendererInfo(renderer, &info) == 0, info.max_texture_width > 0 {
            maxTextureSide = min(info.max_texture_width, info.max_texture_height)
        }
    }

    deinit {
        queue?.stop()
        clear()
    }

    func clear() {
        for entry in entries.values { SDL_DestroyTexture(entry.texture) }
        entries.removeAll()
        bytes = 0
    }

    /// True while pictures are being decoded or fading in: the loop must keep drawing.
    var needsFrames: Bool { fading || (queue?.isBusy ?? false) }
    /// True while a picture drawn in the last frame is still fading in.
    var isFading: Bool { fading }

    var textureCount: Int { entries.count }

    func isCached(_ ref: ImageRef) -> Bool { entries[ref] != nil }

    /// True once the picture is shown: as a texture, or as its error card.
    func isResolved(_ ref: ImageRef) -> Bool { entries[ref] != nil || failures[ref.path] != nil }

    func failure(for path: String) -> ImageFailure? { failures[path] }

    // MARK: Frames

    /// Starts a frame drawn into `pixels`: takes in the decodes finished since the last one.
    func beginFrame(now: Double, pixels: PixelLimit) {
        frame += 1
        self.now = now
        fading = false
        wishes.removeAll(keepingCapacity: true)
        fullLimit = PixelLimit(width: min(max(1, pixels.width), maxTextureSide), height: min(max(1, pixels.height), maxTextureSide))
        for done in queue?.takeFinished() ?? [] {
            accept(done.result, for: done.job, arrived: now)
        }
    }

    /// Ends the frame: asks the workers for what was missing, nearest the focus first, then for
    /// what comes next; then trims the cache to its budget.
    func endFrame() {
        if let queue {
            var jobs = wishes.sorted { $0.priority < $1.priority }.map(\.job)
            if let source, bytes < options.budget / 10 * 8 {
                let box = source.fullPictureBox.map {
                    clampedToWindow(PixelLimit(width: Int32(saturating: ($0.width * scale).rounded()), height: Int32(saturating: ($0.height * scale).rounded())))
                }
                for ref in source.imagesToPrefetch() where entries[ref] == nil && failures[ref.path] == nil {
                    if ref.variant == .full, let box {
                        jobs.append(DecodeQueue.Job(ref: ref, limit: box))
                    } else {
                        jobs.append(job(for: ref))
                    }
                }
            }
            queue.want(jobs)
        }
        evictIfNeeded()
        peakBytes = max(peakBytes, bytes)
    }

    /// The texture for `ref`, or what to draw instead. `priority`: lower is decoded sooner.
    /// `want`: the pixels a full picture is drawn at. Full pictures are decoded to exactly that
    /// size, so drawing them is a plain copy, not a filtered scale (3x cheaper in software).
    func lookup(_ ref: ImageRef, priority: Double, want: PixelLimit? = nil) -> Lookup {
        let want = ref.variant == .full ? want.map(clampedToWindow) : nil
        if var entry = entries[ref] {
            entry.lastUsed = frame
            let settled = want != nil && entry.lastWant == want
            entry.lastWant = want
            entries[ref] = entry
            // Redecode once the drawn size has settled (not every frame of an animation), when
            // it differs from the texture, and only upward if the file has more pixels to give.
            if let want, settled, Self.differs(entry, from: want),
               want.width <= entry.width || want.height <= entry.height || entry.limited {
                if queue == nil {
                    decodeNow(ref, limit: want)
                    if let exact = entries[ref] { return .ready(exact.texture, fade: 1, opaque: exact.opaque) }
                } else {
                    wishes.append((priority + 10, DecodeQueue.Job(ref: ref, limit: want)))
                }
            }
            let fade = min(1, max(0, (now - entry.arrived) / Self.fadeDuration))
            if fade < 1 { fading = true }
            return .ready(entry.texture, fade: fade, opaque: entry.opaque)
        }
        if let failure = failures[ref.path] { return .failed(failure) }
        guard queue != nil else {
            decodeNow(ref, limit: want)
            if let entry = entries[ref] { return .ready(entry.texture, fade: 1, opaque: entry.opaque) }
            return failures[ref.path].map { .failed($0) } ?? .pending
        }
        wishes.append((priority, want.map { DecodeQueue.Job(ref: ref, limit: $0) } ?? job(for: ref)))
        return .pending
    }

    private func clampedToWindow(_ want: PixelLimit) -> PixelLimit {
        PixelLimit(width: min(max(1, want.width), fullLimit.width), height: min(max(1, want.height), fullLimit.height))
    }

    /// A texture fitted into `want` matches it in both sides to within rounding.
    private static func differs(_ entry: Entry, from want: PixelLimit) -> Bool {
        abs(entry.width - want.width) > 2 || abs(entry.height - want.height) > 2
    }

    /// Waits for the workers (tests and benchmarks): true when nothing is left to decode.
    @discardableResult
    func waitForDecodes(timeout: Double) -> Bool { queue?.waitUntilSettled(timeout: timeout) ?? true }

    // MARK: Decoding

    private func job(for ref: ImageRef) -> DecodeQueue.Job {
        DecodeQueue.Job(ref: ref, limit: ref.variant == .thumbnail ? Self.thumbnailLimit : fullLimit)
    }

    private func decodeNow(_ ref: ImageRef, limit: PixelLimit? = nil) {
        let job = limit.map { DecodeQueue.Job(ref: ref, limit: $0) } ?? job(for: ref)
        let decoded = options.fullSizeDecoding
            ? ImageDecoder.decodeFullSize(ref.path, limit: job.limit)
            : ImageDecoder.decode(ref.path, limit: job.limit, fast: ref.variant == .thumbnail)
        accept(decoded, for: job, arrived: -.infinity)
        evictIfNeeded()
    }

    private func accept(_ result: Result<DecodedSurface, ImageFailure>, for job: DecodeQueue.Job, arrived: Double) {
        switch result {
        case .failure(let failure):
            // A sharper decode that fails (the file went away) leaves the picture already shown.
            if entries[job.ref] != nil { return }
            failures[job.ref.path] = failure
            if ImageCatalog.shared.shouldReport(job.ref.path) { onFailure(job.ref.path, failure.reason) }
        case .success(let decoded):
            guard let surface = decoded.surface, let texture = SDL_CreateTextureFromSurface(renderer, surface) else {
                failures[job.ref.path] = ImageFailure(SDLError("cannot make a texture").description)
                return
            }
            SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
            SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
            let size = Int(surface.pointee.w) * Int(surface.pointee.h) * 4
            let limited = surface.pointee.w >= job.limit.width - 1 || surface.pointee.h >= job.limit.height - 1
            var arrivedAt = arrived
            if let old = entries.removeValue(forKey: job.ref) {
                SDL_DestroyTexture(old.texture)
                bytes -= old.bytes
                arrivedAt = old.arrived  // a sharper copy replaces the old one without fading again
            }
            entries[job.ref] = Entry(texture: texture, bytes: size, arrived: arrivedAt, lastUsed: frame, limit: job.limit, limited: limited, opaque: decoded.isOpaque,
                                   width: surface.pointee.w, height: surface.pointee.h)
            bytes += size
        }
    }

    // MARK: Budget

    /// Evicts textures not drawn this frame, the pages farthest from the focus first (the least
    /// recently drawn first when the scene does not say), until the cache fits its budget.
    private func evictIfNeeded() {
        guard bytes > options.budget else { return }
        let distances = source?.focusDistances() ?? [:]
        let candidates = entries.filter { $0.value.lastUsed != frame }
            .map { (ref: $0.key, distance: distances[$0.key.path] ?? Int.max, lastUsed: $0.value.lastUsed) }
            .sorted { $0.distance != $1.distance ? $0.distance > $1.distance : $0.lastUsed < $1.lastUsed }
        for candidate in candidates {
            guard bytes > options.budget else { break }
            if let entry = entries.removeValue(forKey: candidate.ref) {
                SDL_DestroyTexture(entry.texture)
                bytes -= entry.bytes
            }
        }
    }
}
