import Foundation

/// Records what the app renders at 30 fps into an animated GIF, an MP4 or a WebM video (the
/// file name's extension says which).
///
/// The render thread offers every frame with its scene time; the recorder keeps one per 1/30 s,
/// copies it and hands it to a worker thread that scales, quantises or encodes, and writes it.
/// Call it from one thread (the render loop); `finish()` waits for the worker and puts the file
/// in place.
public final class Recorder: @unchecked Sendable {
    public struct Options: Hashable, Sendable {
        /// 0 < scale <= 1; 0.5 (`--record-scale 0.5`) halves each side with a 2x2 average.
        public var scale: Double
        public var framesPerSecond: Int
        /// Frames that may wait for the encoder; each is width * height * 4 bytes.
        public var queueCapacity: Int
        public var policy: RecordingPolicy
        /// libimagequant's speed, 1 (best palette) ... 10 (fastest).
        public var quantizerSpeed: Int
        /// GIF: levels (of 255) a shown pixel may be off before it is drawn again; 4 is under
        /// the palette's own dithering error and halves the frames of a settling fling.
        public var gifTolerance: Int
        /// MP4 / WebM: the encoder's speed preset (`VideoCodec`).
        public var videoEffort: VideoEffort

        public init(scale: Double = 1, framesPerSecond: Int = 30, queueCapacity: Int = 4,
                    policy: RecordingPolicy = .blocking, quantizerSpeed: Int = 4, gifTolerance: Int = 4,
                    videoEffort: VideoEffort = .thorough) {
            self.scale = scale
            self.framesPerSecond = framesPerSecond
            self.queueCapacity = queueCapacity
            self.policy = policy
            self.quantizerSpeed = quantizerSpeed
            self.gifTolerance = gifTolerance
            self.videoEffort = videoEffort
        }

        /// Headless `--record`: every frame, the best palettes (about 47 ms of CPU per changed
        /// 1024x768 frame; ~50 dB PSNR on the app's screens) or the encoder's thorough preset,
        /// byte-identical output for one script.
        public static func headless(scale: Double = 1) -> Options {
            Options(scale: scale, queueCapacity: 4, policy: .blocking, quantizerSpeed: 4, videoEffort: .thorough)
        }

        /// The live window's Ctrl+R: never stalls the render loop; libimagequant's speed 8 costs
        /// under half the CPU (about 21 ms a frame, ~47 dB PSNR, the same file size), and video
        /// encoders run their real-time presets.
        public static func live(scale: Double = 1) -> Options {
            Options(scale: scale, queueCapacity: 3, policy: .dropping, quantizerSpeed: 8, videoEffort: .realtime)
        }
    }

    public enum Outcome: Hashable, Sendable {
        /// Not a new 1/30 s slot: the frame is not needed.
        case skipped
        case queued
        /// The encoder was behind (`.dropping`): the previous frame is shown longer.
        case dropped
        /// The recording has failed or finished; `finish()` tells why.
        case failed
    }

    public let path: String?
    private var pacer: FramePacer
    private let worker: FrameWorker
    private var closed = false

    /// Starts a recording at `path` (which must not exist; its folder must), a GIF, MP4 or WebM
    /// by its extension. Throws a one-line error, also when this machine's libavcodec cannot
    /// write the video asked for.
    public convenience init(path: String, options: Options = Options()) throws {
        let encoder: any FrameEncoder
        switch RecordingFormat(path: path) {
        case .gif:
            encoder = try GIFFileEncoder(path: path, scale: options.scale, framesPerSecond: options.framesPerSecond,
                                         speed: options.quantizerSpeed, tolerance: options.gifTolerance)
        case .mp4, .webm:
            encoder = try VideoFileEncoder(path: path, scale: options.scale, framesPerSecond: options.framesPerSecond,
                                           effort: options.videoEffort)
        case nil:
            throw RecordingError("\(path): a recording is \(RecordingFormat.names)")
        }
        self.init(encoder: encoder, options: options, path: path)
    }

    /// Records into any encoder (tests watch the queue with a stand-in).
    public init(encoder: any FrameEncoder, options: Options = Options(), path: String? = nil) {
        self.path = path
        pacer = FramePacer(framesPerSecond: min(100, max(1, options.framesPerSecond)))
        worker = FrameWorker(encoder: encoder, capacity: max(1, options.queueCapacity), policy: options.policy)
    }

    deinit { if !closed { _ = worker.close(cancel: true) } }

    /// Whether a frame at `time` would be kept: the live loop skips reading its frame otherwise.
    public func wantsFrame(at time: Double) -> Bool { !closed && pacer.slot(at: time) != nil }

    /// Offers ARGB8888 pixels (B, G, R, A bytes) rendered for scene time `time` (seconds).
    @discardableResult
    public func append(pixels: UnsafeRawPointer, width: Int, height: Int, pitch: Int, at time: Double) -> Outcome {
        guard !closed else { return .failed }
        guard width > 0, height > 0, pitch >= width * 4 else { return .skipped }
        guard let slot = pacer.take(at: time) else { return .skipped }
        return worker.offer { RecordedFrame(copying: pixels, width: width, height: height, pitch: pitch, slot: slot) }
    }

    /// Offers a frame of `width` x `height` ARGB8888 pixels rendered for scene time `time`, read
    /// only when it is kept: `read` fills rows of `width * 4` bytes (B, G, R, A; no padding) and
    /// says whether it could. The live window reads its renderer's back buffer this way (StripsSDL),
    /// so a frame the recording does not want costs no read.
    @discardableResult
    public func append(width: Int, height: Int, at time: Double, reading read: (UnsafeMutableRawBufferPointer) -> Bool) -> Outcome {
        guard !closed else { return .failed }
        guard width > 0, height > 0 else { return .skipped }
        guard let slot = pacer.take(at: time) else { return .skipped }
        return worker.offer {
            var ok = false
            let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
                ok = read(UnsafeMutableRawBufferPointer(buffer))
                count = ok ? buffer.count : 0
            }
            return ok ? RecordedFrame(width: width, height: height, slot: slot, pixels: pixels) : nil
        }
    }

    public var statistics: RecordingStatistics { worker.statistics }

    /// Encodes what is queued, closes the file and puts it in place. Throws one line on failure,
    /// and then nothing is left on disk.
    @discardableResult
    public func finish() throws -> RecordingStatistics {
        guard !closed else { throw RecordingError("\(path ?? "recording"): already finished") }
        closed = true
        if let error = worker.close(cancel: false) { throw error }
        return worker.statistics
    }

    /// The same as `finish()` without holding up the caller: the live window stops recording on
    /// Ctrl+R and keeps drawing while the last frames are written. `done` runs on the worker's
    /// side, not the render thread.
    public func finish(then done: @escaping @Sendable (Result<RecordingStatistics, RecordingError>) -> Void) {
        guard !closed else {
            done(.failure(RecordingError("\(path ?? "recording"): already finished")))
            return
        }
        closed = true
        let worker = self.worker
        let thread = Thread {
            if let error = worker.close(cancel: false) { done(.failure(error)) } else { done(.success(worker.statistics)) }
        }
        thread.name = "strips-recorder-finish"
        thread.start()
    }

    /// Stops without writing anything.
    public func cancel() {
        guard !closed else { return }
        closed = true
        _ = worker.close(cancel: true)
    }
}

