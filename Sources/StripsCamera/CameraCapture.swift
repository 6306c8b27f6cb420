import Foundation
import StripsCore
import StripsPhotosFeatures
import StripsPictures

/// The camera live, for the window: a capture thread reads and decodes frames (a video file at
/// its own rate), shows each in the `LivePicture` and keeps the last few for takes; a detection
/// thread looks at the newest frame whenever it is free (older ones are dropped, never queued),
/// so the outline is as fresh as the detector allows and neither thread ever holds up the window.
/// News goes to `report` from those threads.
public final class CameraCapture: @unchecked Sendable {
    private let source: CameraSource?
    private let environment: [String: String]
    private let open: CameraOpener
    private let picture: LivePicture
    private let report: @Sendable (CameraNews) -> Void
    private let shown: @Sendable () -> Void
    private let frames = RecentFrames()
    private let changed = NSCondition()
    // Guarded by `changed`.
    private var stopping = false
    private var newest: (index: Int, pixels: FramePixels)?
    private var captureDone = false
    private var detectionDone = false

    /// Starts at once; `after`: a capture of the same camera being stopped, which must let the
    /// device go first (waited for on the capture thread, never the caller's). `shown` is called
    /// after each new frame is put in the picture (the window draws a frame for it: it need not
    /// draw at its own rate for a camera's).
    public init(source: CameraSource?, picture: LivePicture, after previous: CameraCapture? = nil,
                environment: [String: String] = ProcessInfo.processInfo.environment, open: @escaping CameraOpener = CameraOpeners.ffmpeg,
                shown: @escaping @Sendable () -> Void = {}, report: @escaping @Sendable (CameraNews) -> Void) {
        self.source = source
        self.environment = environment
        self.open = open
        self.picture = picture
        self.report = report
        self.shown = shown
        let capture = Thread { [self] in
            Self.behindTheWindow()
            previous?.waitUntilFinished(timeout: 3)
            capturing()
        }
        capture.name = "strips-camera-capture"
        capture.qualityOfService = .userInitiated
        capture.start()
        let detection = Thread { [self] in
            Self.behindTheWindow()
            detecting()
        }
        detection.name = "strips-camera-detection"
        detection.qualityOfService = .userInitiated
        detection.start()
    }

    /// Nice 10, as the picture decoders: the render loop and the display server get the cores
    /// first, the camera the rest (on Linux a nice value is the calling thread's).
    private static func behindTheWindow() {
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
    }

    /// Stops both threads (at their next frame); returns at once.
    public func stop() {
        changed.lock()
        stopping = true
        changed.broadcast()
        changed.unlock()
    }

    /// Blocks until both threads have ended (the device is closed), or `timeout` seconds pass.
    @discardableResult
    public func waitUntilFinished(timeout: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        changed.lock()
        defer { changed.unlock() }
        while !(captureDone && detectionDone) {
            if !changed.wait(until: deadline) { return false }
        }
        return true
    }

    /// Frame `index` for a take, else the newest kept.
    public func frame(_ index: Int) -> (any TakenFrame)? { frames.frame(index) }

    private var isStopping: Bool {
        changed.lock()
        defer { changed.unlock() }
        return stopping
    }

    private func capturing() {
        defer {
            changed.lock()
            captureDone = true
            stopping = true
            changed.broadcast()
            changed.unlock()
        }
        let resolved: CameraSource
        switch source.map({ Result<CameraSource, CameraFault>.success($0) }) ?? CameraSource.standard() {
        case .success(let found): resolved = found
        case .failure(let fault): return report(.failed(fault.message))
        }
        let input: any CameraFrames
        do {
            input = try open(resolved, environment)
        } catch {
            return report(.failed(error.message))
        }
        report(.opened(CameraInfo(source: resolved.name, size: Size(width: Double(input.width), height: Double(input.height)),
                                  rate: input.rate, label: input.label)))
        let start = Date()
        var index = 0
        while !isStopping {
            let time: Double
            do {
                time = try input.next()
            } catch {
                if !isStopping { report(.stopped(error.message)) }
                return
            }
            if !resolved.isLive {
                // A file plays at its own rate, as a camera would send it; frames it is too late
                // for are decoded but not shown.
                let due = start.addingTimeInterval(time).timeIntervalSinceNow
                if due > 0 { Thread.sleep(forTimeInterval: min(due, 1)) } else if due < -0.1 { index += 1; continue }
            }
            guard let pixels = input.convert(shownWithin: picture.wanted) else { index += 1; continue }
            picture.show(pixels.shown)
            shown()
            if let kept = input.keep(as: index) { frames.add(kept) }
            changed.lock()
            newest = (index, pixels)
            changed.broadcast()
            changed.unlock()
            index += 1
        }
    }

    private func detecting() {
        defer {
            changed.lock()
            detectionDone = true
            changed.broadcast()
            changed.unlock()
        }
        while true {
            changed.lock()
            while newest == nil && !stopping { changed.wait() }
            let next = newest
            newest = nil
            let stop = stopping
            changed.unlock()
            if stop { return }
            guard let next else { continue }
            report(.looked(PageLooker.look(frame: next.index, next.pixels)))
        }
    }
}
