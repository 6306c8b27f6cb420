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

    /// One core is left to the render loop.
    public static var defaultWorkers: Int { max(1, min(4, ProcessInfo.processInfo.activeProcessorCount - 1)) }

    public init(budget: Int = TextureOptions.defaultBudget, decode: DecodeMode = .async, workers: Int? = nil) {
        self.budget = budget
        self.decode = decode
        self.workers = workers ?? TextureOptions.defaultWorkers
    }
}

/// Textures for the pictures a frame names. Thumbnails are decoded small, full pictures at the
/// size they are drawn (no larger than the window); decoding happens off the render thread in
/// `.async` mode, and textures live within a memory budget, the pictures the frame wants least
/// evicted first. It reports each picture's state (`PictureLookup`); what to draw for a state is
/// the frame's decision. SDL textures are only touched on the render thread.
final class TextureCache: PictureLookup {
    /// Thumbnail textures are at most this many pixels high (66 pt at 2x, with room).
    static let thumbnailHeight: Int32 = 160
    static let thumbnailLimit = PixelLimit(width: thumbnailHeight * 5, height: thumbnailHeight)

    private struct Entry {
        var texture: OpaquePointer
        var bytes: Int
        /// When the decode was taken in, on the scene's clock (-infinity: decoded before drawing).
        var arrived: Double
        var lastUsed: UInt64
        /// The picture was shrunk to its limit: a bigger window deserves a sharper decode.
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
    private var frame: UInt64 = 0
    /// This frame's requests by picture, in the frame's order: the least wanted are evicted first.
    private var rank: [ImageRef: Int] = [:]
    /// Texture bytes held now, and the most ever held.
    private(set) var bytes = 0
    private(set) var peakBytes = 0
    /// Upper bound on a full texture's side, in pixels: the renderer's maximum texture size.
    private(set) var maxTextureSide: Int32 = 8192
    /// The window's pixels: full pictures need no more.
    private(set) var fullLimit = PixelLimit(width: 4096, height: 4096)
    /// Told once per picture that cannot be shown: (path, reason).
    var onFailure: (String, String) -> Void = { _, _ in }

    init(renderer: OpaquePointer, options: TextureOptions = TextureOptions(), wake: @escaping @Sendable () -> Void = {}) {
        self.renderer = renderer
        self.options = options
        queue = options.decode == .async ? DecodeQueue(workers: options.workers, onFinish: wake) : nil
        var info = SDL_RendererInfo()
        if SDL_GetRendererInfo(renderer, &info) == 0, info.max_texture_width > 0 {
            maxTextureSide = min(info.max_texture_width, info.max_texture_height)
        }
    }

    deinit {
        queue?.stop()
        for entry in entries.values { SDL_DestroyTexture(entry.texture) }
    }

    /// True while pictures are wanted, being decoded or waiting to be taken in.
    var isDecoding: Bool { queue?.isBusy ?? false }

    var textureCount: Int { entries.count }

    func isCached(_ ref: ImageRef) -> Bool { entries[ref] != nil }

    /// True once the picture is shown: as a texture, or as its error card.
    func isResolved(_ ref: ImageRef) -> Bool { entries[ref] != nil || failures[ref.path] != nil }

    func status(of image: ImageRef) -> PictureStatus {
        if let entry = entries[image] { return .ready(since: entry.arrived) }
        if let failure = failures[image.path] { return .failed(reason: failure.reason) }
        return .missing
    }

    /// The texture of a picture the frame draws, and whether it is fully opaque.
    func texture(for image: ImageRef) -> (texture: OpaquePointer, opaque: Bool)? {
        guard var entry = entries[image] else { return nil }
        entry.lastUsed = frame
        entries[image] = entry
        return (entry.texture, entry.opaque)
    }

    // MARK: Frames

    /// Starts a frame drawn into `pixels` at `time` on the scene's clock: takes in the decodes
    /// finished since the last one, then decodes (sync) or asks the workers for (async) what the
    /// frame requests: the pictures drawn, nearest the middle first, then those it will need next.
    func prepare(_ requests: [PictureRequest], at time: Double, pixels: PixelLimit, scale: Double) {
        frame += 1
        fullLimit = PixelLimit(width: min(max(1, pixels.width), maxTextureSide), height: min(max(1, pixels.height), maxTextureSide))
        for done in queue?.takeFinished() ?? [] {
            accept(done.result, for: done.job, arrived: time)
        }
        rank.removeAll(keepingCapacity: true)
        let view = Size(width: max(1, Double(pixels.width) / scale), height: max(1, Double(pixels.height) / scale))
        let roomToPrefetch = bytes < options.budget / 10 * 8
        var wishes: [(priority: Double, job: DecodeQueue.Job)] = []
        var ahead: [DecodeQueue.Job] = []
        for (i, request) in requests.enumerated() {
            let ref = request.image
            if rank[ref] == nil { rank[ref] = i }
            let want = ref.variant == .full ? request.size.map { clampedToWindow(Self.pixels($0, scale: scale)) } : nil
            if let drawn = request.drawnAt {
                let c = drawn.center
                let priority = abs(c.x - view.width / 2) / view.width + abs(c.y - view.height / 2) / view.height
                if let job = visible(ref, want: want) { wishes.append((priority + (entries[ref] == nil ? 0 : 10), job)) }
            } else if queue != nil, roomToPrefetch, entries[ref] == nil, failures[ref.path] == nil {
                ahead.append(want.map { DecodeQueue.Job(ref: ref, limit: $0) } ?? job(for: ref))
            }
        }
        queue?.want(wishes.sorted { $0.priority < $1.priority }.map(\.job) + ahead)
    }

    /// A picture drawn this frame: decoded now in `.sync` mode; otherwise the job to queue, if any.
    /// Full pictures are decoded to exactly the size they are drawn at, so drawing them is a plain
    /// copy, not a filtered scale (3x cheaper in software).
    private func visible(_ ref: ImageRef, want: PixelLimit?) -> DecodeQueue.Job? {
        if var entry = entries[ref] {
            entry.lastUsed = frame
            let settled = want != nil && entry.lastWant == want
            entry.lastWant = want
            entries[ref] = entry
            // Redecode once the drawn size has settled (not every frame of an animation), when
            // it differs from the texture, and only upward if the file has more pixels to give.
            guard let want, settled, Self.differs(entry, from: want),
                  want.width <= entry.width || want.height <= entry.height || entry.limited else { return nil }
            let job = DecodeQueue.Job(ref: ref, limit: want)
            if queue == nil { decodeNow(job) }
            return queue == nil ? nil : job
        }
        guard failures[ref.path] == nil else { return nil }
        let job = want.map { DecodeQueue.Job(ref: ref, limit: $0) } ?? job(for: ref)
        if queue == nil { decodeNow(job) }
        return queue == nil ? nil : job
    }

    /// Ends the frame: trims the cache to its budget.
    func endFrame() {
        evictIfNeeded()
        peakBytes = max(peakBytes, bytes)
    }

    private static func pixels(_ size: Size, scale: Double) -> PixelLimit {
        PixelLimit(width: Int32(saturating: (size.width * scale).rounded()), height: Int32(saturating: (size.height * scale).rounded()))
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

    private func decodeNow(_ job: DecodeQueue.Job) {
        accept(ImageDecoder.decode(job.ref.path, limit: job.limit, fast: job.ref.variant == .thumbnail), for: job, arrived: -.infinity)
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
            entries[job.ref] = Entry(texture: texture, bytes: size, arrived: arrivedAt, lastUsed: frame, limited: limited,
                                     opaque: decoded.isOpaque, width: surface.pointee.w, height: surface.pointee.h)
            bytes += size
        }
    }

    // MARK: Budget

    /// Evicts textures not drawn this frame until the cache fits its budget: first those the frame
    /// did not ask for (least recently drawn first), then those it asked for, least wanted first.
    private func evictIfNeeded() {
        guard bytes > options.budget else { return }
        let candidates = entries.filter { $0.value.lastUsed != frame }
            .map { (ref: $0.key, rank: rank[$0.key] ?? Int.max, lastUsed: $0.value.lastUsed) }
            .sorted { $0.rank != $1.rank ? $0.rank > $1.rank : $0.lastUsed < $1.lastUsed }
        for candidate in candidates {
            guard bytes > options.budget else { break }
            if let entry = entries.removeValue(forKey: candidate.ref) {
                SDL_DestroyTexture(entry.texture)
                bytes -= entry.bytes
            }
        }
    }
}
