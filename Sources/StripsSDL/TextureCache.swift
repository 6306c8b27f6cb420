import CSDL2
import Foundation
import StripsCore
import StripsPictures

/// When pictures are decoded: on worker threads while frames go on (the live window), or on the
/// spot, before the frame that needs them is drawn (scripted screenshots: deterministic).
public enum DecodeMode: String, CaseIterable, Sendable {
    case async, sync
}

/// How the renderer treats pictures: when they are decoded and how much texture memory they may use.
public struct TextureOptions: Sendable {
    /// The budget for a window of `pixels`: a few screens of pixels plus the thumbnails (`DecodePlan`).
    public static func budget(forWindow pixels: PixelLimit) -> Int { DecodePlan.budget(forWindow: pixels) }

    /// Texture bytes kept at most; the pages farthest from the focus go first. Nil: follows the
    /// window (`budget(forWindow:)`), so a small window keeps little and a 4K one enough.
    public var budget: Int?
    public var decode: DecodeMode
    public var workers: Int
    /// How pages are read: formats, the document's catalog, the shared thumbnail cache. The
    /// host's own, the one its loader used, so a file changed since it was opened is noticed.
    public var reader: PageReader
    /// A smaller largest texture side than the renderer's (tests of tiling); nil: the renderer's.
    public var maxTextureSide: Int32?
    /// Pages arriving from the scanner, drawn as their rows come: the scan host's stream (the
    /// default, a stream of its own, has nothing arriving).
    public var arriving: ArrivingPictures

    /// One worker per core (up to eight): they run at a lower priority than the render loop
    /// (nice 10), so a frame never waits for them and a core the loop does not need decodes.
    public static var defaultWorkers: Int { max(1, min(8, ProcessInfo.processInfo.activeProcessorCount)) }

    /// `reader`: the host's; the default reads picture files only, with a catalog of its own
    /// (tests and benchmarks of pictures).
    public init(reader: PageReader = PageReader(), budget: Int? = nil, decode: DecodeMode = .async,
                workers: Int? = nil, maxTextureSide: Int32? = nil, arriving: ArrivingPictures = ArrivingPictures()) {
        self.reader = reader
        self.arriving = arriving
        self.budget = budget
        self.decode = decode
        self.workers = workers ?? TextureOptions.defaultWorkers
        self.maxTextureSide = maxTextureSide
    }
}

/// Textures for the pictures a frame names. What to decode, at what size, in which order and what
/// to let go is `DecodePlan`'s to say (and `ZoomParts`' for a zoomed page); this cache holds the
/// textures, decodes what the plan names (off the render thread in `.async` mode) and uploads it,
/// tiled past the renderer's largest texture. It reports each picture's state (`PictureLookup`);
/// what to draw for a state is the frame's decision. SDL textures are only touched on the render
/// thread.
final class TextureCache: PictureLookup {
    static let thumbnailHeight = DecodePlan.thumbnailHeight
    static let thumbnailLimit = DecodePlan.thumbnailLimit

    private struct Entry {
        var texture: PictureTexture
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
        /// A stand-in (an EXIF thumbnail, a smaller cache entry): the real picture is still to come.
        var provisional = false
    }

    private let renderer: OpaquePointer
    let options: TextureOptions
    private let queue: DecodeQueue?
    private let reader: PageReader
    private var entries: [ImageRef: Entry] = [:]
    /// Tiled pictures on their way to the renderer: the entry they replace is drawn meanwhile.
    private var uploads: [ImageRef: TileUpload] = [:]
    /// The parts of zoomed pages in view, at the size they are drawn.
    let zoom = ZoomDetails()
    /// By picture (`ImageRef.whole`): every size of a picture that cannot be decoded fails alike.
    private var failures: [ImageRef: ImageFailure] = [:]
    /// Thumbnails a quick look (cache, EXIF) found nothing for: they wait for a decode.
    private var needDecode: Set<ImageRef> = []
    private var frame: UInt64 = 0
    /// This frame's requests by picture, in the frame's order (the plan's): the least wanted are
    /// evicted first, and tiles are uploaded in that order.
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
    /// Pages still arriving from the scanner, drawn as their rows come.
    let arriving: ArrivingTextures

    /// Texture bytes kept at most: the option's, else a few screens of the window (`fullLimit`,
    /// the renderer's output) plus the thumbnails.
    var budget: Int { options.budget ?? TextureOptions.budget(forWindow: fullLimit) }

    init(renderer: OpaquePointer, options: TextureOptions = TextureOptions(), wake: @escaping @Sendable () -> Void = {}) {
        self.renderer = renderer
        arriving = ArrivingTextures(renderer: renderer, pictures: options.arriving)
        self.options = options
        reader = options.reader
        queue = options.decode == .async ? DecodeQueue(workers: options.workers, reader: reader, onFinish: wake) : nil
        var info = SDL_RendererInfo()
        if SDL_GetRendererInfo(renderer, &info) == 0, info.max_texture_width > 0 {
            maxTextureSide = min(info.max_texture_width, info.max_texture_height)
        }
        if let forced = options.maxTextureSide { maxTextureSide = max(1, min(maxTextureSide, forced)) }
    }

    deinit {
        queue?.stop()
        for entry in entries.values { entry.texture.destroy() }
        for upload in uploads.values { upload.discard() }
        zoom.removeAll()
    }

    /// True while pictures are wanted, being decoded or waiting to be taken in.
    var isDecoding: Bool { (queue?.isBusy ?? false) || isUploading }

    /// Tiles are being uploaded, or a scanned page's rows: frames must go on, the loop must not sleep.
    var isUploading: Bool { !uploads.isEmpty || zoom.isUploading || arriving.isArriving }

    var textureCount: Int { entries.count }

    func isCached(_ ref: ImageRef) -> Bool { entries[ref] != nil }

    /// True once the picture is shown: as a texture, or as its error card.
    func isResolved(_ ref: ImageRef) -> Bool { entries[ref] != nil || failures[ref.whole] != nil }

    /// True once the picture is shown as it will stay: not a stand-in, or as its error card.
    func isFinal(_ ref: ImageRef) -> Bool { entries[ref].map { !$0.provisional } ?? (failures[ref.whole] != nil) }

    func status(of image: ImageRef) -> PictureStatus {
        if let entry = entries[image] { return .ready(since: entry.arrived) }
        // A page filling in as it is scanned: there from its first row, no fade.
        if arriving.has(image) { return .ready(since: -.infinity) }
        if let failure = failures[image.whole] { return .failed(reason: failure.reason) }
        return .missing
    }

    /// A picture's texture size in pixels and its number of tiles, for tests and benchmarks.
    func textureSize(of image: ImageRef) -> (width: Int32, height: Int32, tiles: Int)? {
        entries[image].map { ($0.texture.width, $0.texture.height, $0.texture.tiles.count) }
    }

    /// The part of a zoomed picture decoded at its drawn size: its pixels, tiles, the part of the
    /// picture it is, and the whole picture's drawn size it was decoded for. For tests.
    func detailSize(of image: ImageRef) -> (width: Int32, height: Int32, tiles: Int, region: Rect, limit: PixelLimit)? {
        zoom.detail(for: image).map { ($0.texture.width, $0.texture.height, $0.texture.tiles.count, $0.region, $0.limit) }
    }

    /// The texture of a picture the frame draws, and whether it is fully opaque.
    func texture(for image: ImageRef) -> (texture: PictureTexture, opaque: Bool)? {
        guard var entry = entries[image] else { return arriving.texture(for: image).map { ($0, true) } }
        entry.lastUsed = frame
        entries[image] = entry
        return (entry.texture, entry.opaque)
    }

    // MARK: Frames

    /// Starts a frame drawn into `pixels` at `time` on the scene's clock: takes in the decodes
    /// finished since the last one, then decodes (sync) or asks the workers for (async) what the
    /// frame's plan names, in the plan's order.
    func prepare(_ requests: [PictureRequest], at time: Double, pixels: PixelLimit, scale: Double) {
        frame += 1
        zoom.beginFrame()
        arriving.beginFrame()
        // The window's pixels (a picture larger than the largest texture is drawn in tiles).
        fullLimit = PixelLimit(width: max(1, pixels.width), height: max(1, pixels.height))
        for done in queue?.takeFinished() ?? [] {
            accept(done.picture, for: done.job, arrived: time)
        }
        var plan = DecodePlan(requests: requests, onWorkers: queue != nil, pixels: pixels, scale: scale, budget: budget,
                              heldBytes: { self.entries[$0]?.bytes })
        rank = plan.rank
        for (i, request) in requests.enumerated() {
            let ref = request.image
            // A page still arriving from the scanner is drawn from its rows, never decoded.
            if arriving.serves(ref, decoded: entries[ref] != nil, drawn: request.drawnAt != nil) { continue }
            let step = plan.place(request, at: i, held: entries[ref].map(Self.held), failed: failures[ref.whole] != nil,
                                  quickLookFound: !needDecode.contains(ref), uploading: uploads[ref]?.job.limit)
            if let want = step.drawn, var entry = entries[ref] {
                entry.lastUsed = frame
                entry.lastWant = want
                entries[ref] = entry
            }
            if let job = step.decodeNow { decodeNow(job) }
            if let drawnSize = step.detailWant, let entry = entries[ref], !entry.provisional,
               let job = zoom.job(for: request, want: drawnSize, base: (entry.width, entry.height, entry.limited), view: plan.view,
                                  waitForSettle: queue != nil) {
                if queue == nil { decodeNow(job) } else { plan.wish(job, priority: step.priority + 1) }
            }
        }
        queue?.want(plan.jobs)
        continueUploads()
    }

    private static func held(_ entry: Entry) -> HeldPicture {
        HeldPicture(width: entry.width, height: entry.height, limited: entry.limited, provisional: entry.provisional, lastWant: entry.lastWant)
    }

    /// Ends the frame: trims the cache to its budget.
    func endFrame() {
        zoom.endFrame()
        arriving.endFrame()
        evictIfNeeded()
        peakBytes = max(peakBytes, bytes + zoom.bytes)
    }

    /// Waits for the workers (tests and benchmarks): true when nothing is left to decode.
    @discardableResult
    func waitForDecodes(timeout: Double) -> Bool { queue?.waitUntilSettled(timeout: timeout) ?? true }

    // MARK: Decoding

    private func decodeNow(_ job: DecodeQueue.Job) {
        let picture = reader.picture(job.ref, limit: job.limit, stage: job.stage, region: job.region)
        accept(picture, for: job, arrived: -.infinity)
        evictIfNeeded()
    }

    private func accept(_ picture: PageReader.Picture, for job: DecodeQueue.Job, arrived: Double) {
        if job.region != nil {
            // A part of a zoomed page: a failure leaves the page as it is drawn.
            if case .success(let decoded)? = picture.result {
                zoom.accept(decoded, for: job, renderer: renderer, tileSide: min(maxTextureSide, PictureTexture.tileSide), now: queue == nil)
            }
            return
        }
        // A stand-in never replaces a picture already shown.
        if picture.provisional, entries[job.ref] != nil { return }
        guard let result = picture.result else {
            needDecode.insert(job.ref)
            return
        }
        switch result {
        case .failure(let failure):
            // A sharper decode that fails (the file went away) leaves the picture already shown;
            // a stand-in gives way to the error card, which says what is wrong with the file.
            if let entry = entries[job.ref] {
                guard entry.provisional else { return }
                entries[job.ref] = nil
                entry.texture.destroy()
                bytes -= entry.bytes
            }
            failures[job.ref.whole] = failure
            if reader.catalog.shouldReport(job.ref.path) { onFailure(job.ref.path, failure.reason) }
        case .success(let decoded):
            uploads.removeValue(forKey: job.ref)?.discard()
            let w = Int32(decoded.width), h = Int32(decoded.height)
            // Larger than the window (zoomed in) or than a texture may be: tiles.
            if w > fullLimit.width || h > fullLimit.height || w > maxTextureSide || h > maxTextureSide {
                var upload = TileUpload(decoded, job: job, arrived: arrived, tileSide: min(maxTextureSide, PictureTexture.tileSide))
                // Decoding on the spot (screenshots) uploads at once; otherwise a few tiles a frame.
                if queue == nil {
                    guard upload.upload(renderer: renderer, until: { false }) else { return cannotMakeTexture(job, upload) }
                    install(upload.texture, decoded, job: job, arrived: arrived)
                } else {
                    uploads[job.ref] = upload
                }
                return
            }
            guard let texture = PictureTexture.single(renderer: renderer, picture: decoded.pixels) else {
                return cannotMakeTexture(job, nil)
            }
            install(texture, decoded, job: job, arrived: arrived, provisional: picture.provisional)
        }
    }

    private func cannotMakeTexture(_ job: DecodeQueue.Job, _ upload: TileUpload?) {
        upload?.discard()
        // A sharper copy that cannot be made leaves the picture already shown.
        if entries[job.ref] == nil { failures[job.ref.whole] = ImageFailure(SDLError("cannot make a texture").description) }
    }

    private func install(_ texture: PictureTexture, _ decoded: DecodedPicture, job: DecodeQueue.Job, arrived: Double, provisional: Bool = false) {
        let w = texture.width, h = texture.height
        let size = Int(w) * Int(h) * 4
        let limited = w >= job.limit.width - 1 || h >= job.limit.height - 1
        var arrivedAt = arrived
        if let old = entries.removeValue(forKey: job.ref) {
            old.texture.destroy()
            bytes -= old.bytes
            arrivedAt = old.arrived  // a sharper copy replaces the old one without fading again
        }
        entries[job.ref] = Entry(texture: texture, bytes: size, arrived: arrivedAt, lastUsed: frame, limited: limited,
                                 opaque: decoded.isOpaque, width: w, height: h, provisional: provisional)
        bytes += size
    }

    /// Seconds of a frame that tile uploads may take: a quarter of a 60 Hz frame.
    static let uploadBudget = 0.004

    /// Goes on with the tiled pictures being uploaded, within the frame's upload budget; those
    /// the frame no longer draws are dropped.
    private func continueUploads() {
        guard isUploading else { return }
        let start = SDL_GetPerformanceCounter(), frequency = Double(SDL_GetPerformanceFrequency())
        let enough = { Double(SDL_GetPerformanceCounter() - start) / frequency >= Self.uploadBudget }
        defer { zoom.continueUploads(renderer: renderer, until: enough) }
        for ref in uploads.keys.sorted(by: { (rank[$0] ?? .max) < (rank[$1] ?? .max) }) {
            guard var upload = uploads.removeValue(forKey: ref) else { continue }
            guard rank[ref] != nil, !enough() else {
                if rank[ref] == nil { upload.discard() } else { uploads[ref] = upload }
                continue
            }
            guard upload.upload(renderer: renderer, until: enough) else {
                cannotMakeTexture(upload.job, upload)
                continue
            }
            if upload.isComplete {
                install(upload.texture, upload.decoded, job: upload.job, arrived: upload.arrived)
            } else {
                uploads[ref] = upload
            }
        }
    }

    // MARK: Budget

    /// Lets go of the textures the plan names until the cache fits its budget.
    private func evictIfNeeded() {
        guard bytes > budget else { return }
        let candidates = entries.filter { $0.value.lastUsed != frame }
            .map { DecodePlan.Evictable(ref: $0.key, bytes: $0.value.bytes, lastUsed: $0.value.lastUsed) }
        for ref in DecodePlan.evictions(candidates, rank: rank, held: bytes, budget: budget) {
            if let entry = entries.removeValue(forKey: ref) {
                entry.texture.destroy()
                bytes -= entry.bytes
            }
        }
    }
}
