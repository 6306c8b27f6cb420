import Foundation
import StripsCore
import StripsPhotosFeatures
import StripsLooks
import StripsPictures

/// Carries out the camera effects (docs/CAMERA.md). In the window the camera runs on its own
/// threads (`CameraCapture`) and its news waits here for `poll`; in a script a video file plays on
/// the scene's clock (`CameraPlayback`), from the moment the camera opened, so each poll delivers
/// the frame whose time has come and a run is the same every time. A take encodes the frame looked
/// at as a JPEG and hands it to `keep` (the recovery folder, as scans are kept), answering with
/// the page. Every fault is one line, on standard error and in the news.
public final class CameraHost: @unchecked Sendable {
    public struct Options: Sendable {
        /// `--camera`: nil for the first device found (the portal's camera in a sandbox).
        public var source: CameraSource?
        /// Which clock the camera runs on: its own (a device capturing on its threads: the window),
        /// or the scene's (a file played frame by frame as the script's time comes: a script).
        public var live = false
        /// Where a take is encoded and kept: inline, answered with the request; on a worker (the
        /// window), through `poll`, with a wake (as the capture's news).
        public var executor: any HostExecutor = InlineExecutor()
        /// Writes a taken page's JPEG (named `Camera N`, its size) where pages are kept for
        /// recovery; the file's path, or why it could not be kept.
        public var keep: @Sendable (_ jpeg: [UInt8], _ name: String, _ width: Int, _ height: Int) -> Result<String, CameraFault>
        /// One line on standard error.
        public var say: @Sendable (String) -> Void = { line in FileHandle.standardError.write(Data(("strips: " + line + "\n").utf8)) }
        public var jpegQuality = 92
        /// Where the session bus is, for the portal's camera.
        public var environment = ProcessInfo.processInfo.environment
        /// How the camera is opened: ffmpeg's; a test's stand-in.
        public var open: CameraOpener = CameraOpeners.ffmpeg

        public init(source: CameraSource?, live: Bool,
                    keep: @escaping @Sendable (_ jpeg: [UInt8], _ name: String, _ width: Int, _ height: Int) -> Result<String, CameraFault>) {
            self.source = source
            self.live = live
            self.keep = keep
        }
    }

    public let picture: LivePicture
    private let options: Options
    private let lock = NSLock()
    // Guarded by `lock`.
    private var pending: [HostEvent] = []
    private var capture: CameraCapture?
    /// Which capture's news counts: a stopped one's late news is dropped.
    private var generation = 0
    private var playback: CameraPlayback?
    private var openedAt = 0.0
    private var now = 0.0
    private let takes: any HostLane
    /// Takes being kept: the session waits for them before it ends.
    private let keeping = DispatchGroup()

    public init(options: Options, picture: LivePicture = LivePicture()) {
        self.options = options
        self.picture = picture
        takes = options.executor.lane("strips-camera-takes")
    }

    /// The scene's clock (a script's host is told it before every poll and effect).
    public func clock(_ sceneTime: Double) {
        lock.lock()
        now = sceneTime
        lock.unlock()
    }

    public func run(_ request: CameraRequest) -> [HostEvent] {
        switch request {
        case .open: return open()
        case .close:
            close()
            return []
        case .take(let take): return self.take(take)
        }
    }

    /// The camera is open (a file playing on a script's clock, a device capturing), or a take's
    /// news waits: each frame may bring something.
    public var playsOnClock: Bool {
        lock.lock()
        defer { lock.unlock() }
        return playback != nil || capture != nil || !pending.isEmpty
    }

    /// News since the last poll; in a script, the frame due now.
    public func poll() -> [HostEvent] {
        lock.lock()
        var events = pending
        pending.removeAll()
        let playback = self.playback, elapsed = now - openedAt
        lock.unlock()
        events += takes.drain()
        if let playback {
            let news = playback.advance(to: elapsed)
            for case .stopped(let message) in news { options.say(message.english) }
            events += news.map { .camera($0) }
        }
        return events
    }

    /// The session ends: the camera stops and lets the device go.
    public func finish() {
        lock.lock()
        let capture = self.capture
        self.capture = nil
        playback = nil
        lock.unlock()
        capture?.stop()
        capture?.waitUntilFinished(timeout: 3)
        keeping.wait()
    }

    // MARK: Effects

    private func open() -> [HostEvent] {
        close()
        if options.live {
            lock.lock()
            generation += 1
            let mine = generation
            let previous = capture
            capture = CameraCapture(source: options.source, picture: picture, after: previous, environment: options.environment, open: options.open,
                                    shown: options.executor.wake) { [weak self] news in
                self?.heard(news, generation: mine)
            }
            lock.unlock()
            return []
        }
        let source: CameraSource
        switch options.source.map({ Result<CameraSource, CameraFault>.success($0) }) ?? CameraSource.standard() {
        case .success(let found): source = found
        case .failure(let fault): return failed(fault)
        }
        do {
            let playback = try CameraPlayback(source, picture: picture, environment: options.environment, open: options.open)
            lock.lock()
            self.playback = playback
            openedAt = now
            lock.unlock()
            return [.camera(.opened(playback.info))]
        } catch {
            return failed(error)
        }
    }

    private func close() {
        lock.lock()
        generation += 1
        let capture = self.capture
        playback = nil
        lock.unlock()
        // Kept until the next open, which waits (on its own thread) for the device to be let go.
        capture?.stop()
        picture.clear()
    }

    private func failed(_ fault: CameraFault) -> [HostEvent] {
        options.say(fault.line)
        return [.camera(.failed(fault.message))]
    }

    /// A capture thread's news: faults said, then kept for the next poll.
    private func heard(_ news: CameraNews, generation: Int) {
        lock.lock()
        guard generation == self.generation else { return lock.unlock() }
        pending.append(.camera(news))
        lock.unlock()
        switch news {
        case .failed(let message), .stopped(let message): options.say(message.english)
        case .opened, .looked, .taken: break
        }
        options.executor.wake()
    }

    private func take(_ take: CameraTake) -> [HostEvent] {
        lock.lock()
        let frame = capture?.frame(take.frame) ?? playback?.frame(take.frame)
        lock.unlock()
        guard let frame else { return failed(CameraFault(HostMessage(trLater("camera: there is no frame to take yet")))) }
        keeping.enter()
        return takes.submit { [self] in
            defer { keeping.leave() }
            return keep(take, frame)
        }
    }

    /// The frame at its own size as a JPEG, kept; the page, or the line why not.
    private func keep(_ take: CameraTake, _ frame: any TakenFrame) -> [HostEvent] {
        let name = "Camera \(take.number)"
        guard let pixels = frame.pixels(), let jpeg = PageImageEncoder.jpeg(pixels, quality: options.jpegQuality)?.bytes else {
            return failed(CameraFault(HostMessage(trLater("camera: %s could not be encoded as JPEG"), name)))
        }
        switch options.keep(jpeg, name, pixels.width, pixels.height) {
        case .failure(let fault):
            return failed(fault)
        case .success(let path):
            let size = Size(width: Double(pixels.width), height: Double(pixels.height))
            // The corners found are the page's crop from the start: `c` opens the border editor on
            // them; a curved page (a book's) is laid flat from the start too, and an open book
            // under the camera gives its two pages, left then right.
            let crop = take.quad.flatMap { $0.isConvex ? $0 : nil }
            let page = Page(id: name, source: .camera(path: path, number: take.number), pixelSize: size, corrections: Corrections(crop: crop))
            switch TakeCurve.look(at: pixels, crop: crop) {
            case .page(let found):
                var laid = page
                laid.corrections = found.applied(to: page.corrections)
                return [.camera(.taken(laid))]
            case .spread(let left, let right):
                return [(left, "left"), (right, "right")].map { half, side in
                    var one = page
                    one.id = "\(name) \(side)"
                    one.corrections = half.applied(to: page.corrections)
                    return .camera(.taken(one))
                }
            }
        }
    }
}

extension CameraHost: FeatureHost {}
