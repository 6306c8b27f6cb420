import CSDL2
import Foundation
import StripsCore
import StripsPictures

/// The real window: SDL events in, the scene's draw list out, on a vsync-paced loop that sleeps
/// in SDL_WaitEvent whenever the scene has nothing moving.
public final class LiveWindow {
    private let window: OpaquePointer
    private let renderer: OpaquePointer
    private let canvas: Canvas
    private let hasVSync: Bool
    private var fingerID: SDL_FingerID?
    private var pinch = PinchRecogniser()
    /// Files of a drag and drop under way, delivered together when it completes.
    private var droppedPaths: [String] = []
    private var dropInProgress = false
    private var pendingDropComplete = false
    /// F (the instruments' `showsFrameStats`) shows the frame statistics overlay; shown once, the
    /// statistics are printed on exit.
    private var stats = FrameStats()
    private var statsShown = false, presentStart = 0.0
    /// Tuning file reloads and recording (Ctrl+R); set for the length of `run`.
    private var instruments = LiveInstruments(LiveInstrumentOptions())

    /// Window units (SDL's window coordinates and events) per point: the scale on X11, where an
    /// SDL 2 window is in pixels; 1 where SDL scales itself (Wayland, macOS with high DPI).
    private var unitsPerPoint = 1.0
    /// Device pixels per point the window draws at.
    public private(set) var scale = 1.0

    /// `textures`: how pictures are decoded (on worker threads by default) and the memory they may use.
    /// `scale`: device pixels per point (`--scale`); nil for the desktop's (`DesktopScale`).
    /// `live`: the host's live picture (the camera's), if it has one.
    public init(title: String, size: Size, fonts: FontBook?, textures: TextureOptions = TextureOptions(), scale forced: Double? = nil,
                live: LivePicture? = nil) throws {
        try SDLSystem.start(video: true)
        let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_HIDDEN.rawValue
        let center = Int32(SDL_WINDOWPOS_CENTERED_MASK)
        guard let window = SDL_CreateWindow(title, center, center, Int32(max(1, size.width)), Int32(max(1, size.height)), flags) else {
            throw SDLError("cannot open a window")
        }
        SDL_SetWindowMinimumSize(window, 1, 1)
        if let icon = WindowIcon.surface() {
            SDL_SetWindowIcon(window, icon)
            SDL_FreeSurface(icon)
        }
        var renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue)
        if renderer == nil { renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) }
        guard let renderer else {
            SDL_DestroyWindow(window)
            throw SDLError("cannot make a renderer")
        }
        // Pixels per window unit as SDL made the window: above 1 where SDL scales itself.
        var pw: Int32 = 0, ph: Int32 = 0, uw: Int32 = 0, uh: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &pw, &ph)
        SDL_GetWindowSize(window, &uw, &uh)
        let native = uw > 0 && pw > 0 ? Double(pw) / Double(uw) : 1
        let scale = (forced ?? (native > 1.01 ? native : DesktopScale.detect())).clamped(to: 0.25...8)
        unitsPerPoint = scale / native
        self.scale = scale
        let fitted = Self.fitted(size, unitsPerPoint: unitsPerPoint)
        SDL_SetWindowSize(window, Int32(max(1, (fitted.width * unitsPerPoint).rounded())), Int32(max(1, (fitted.height * unitsPerPoint).rounded())))
        SDL_SetWindowPosition(window, center, center)
        SDL_ShowWindow(window)
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(renderer, &info)
        hasVSync = info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0
        self.window = window
        self.renderer = renderer
        // A finished decode wakes the loop from its sleep with an event of our own.
        let wakeType = SDL_RegisterEvents(1)
        canvas = Canvas(renderer: renderer, fonts: fonts, options: textures, wake: {
            guard wakeType != UInt32.max else { return }
            var event = SDL_Event()
            event.type = wakeType
            SDL_PushEvent(&event)
        }, live: live)
        canvas.textures.onFailure = { path, reason in
            FileHandleOutput.standardError("strips: \(path): \(reason)")
        }
        SDL_EventState(UInt32(SDL_DROPFILE.rawValue), SDL_ENABLE)
    }

    deinit {
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
    }

    /// A remembered size (points) from a larger screen is shrunk to fit this one.
    private static func fitted(_ size: Size, unitsPerPoint: Double) -> Size {
        var bounds = SDL_Rect()
        guard SDL_GetDisplayUsableBounds(0, &bounds) == 0, bounds.w > 0, bounds.h > 0 else { return size }
        return Size(width: min(size.width, Double(bounds.w) / unitsPerPoint), height: min(size.height, Double(bounds.h) / unitsPerPoint))
    }

    public var pointSize: Size {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        return Size(width: Double(w) / unitsPerPoint, height: Double(h) / unitsPerPoint)
    }

    /// A window position from SDL, in points.
    private func point(_ x: Int32, _ y: Int32) -> Point { Point(x: Double(x) / unitsPerPoint, y: Double(y) / unitsPerPoint) }

    /// Seconds on SDL's clock, the same one the events are stamped with.
    private static func now() -> Double { Double(SDL_GetTicks64()) / 1000 }

    /// Runs until the scene asks to quit or the window is closed. The effects the scene returns
    /// go to `host` (recording, an instrument, is the window's own); its answers are delivered
    /// on the scene's clock as they arrive, polled before every frame.
    /// `stopWhen` ends the loop once it holds (tests drive the real loop with it); while it is
    /// set, the loop never sleeps for more than 50 ms, so it is asked again.
    /// `instruments`: slow motion at the start, the tuning file to watch, `--record`.
    public func run<S: Scene>(_ scene: inout S, host: (any EffectHost)? = nil,
                              instruments options: LiveInstrumentOptions = LiveInstrumentOptions(),
                              stopWhen: ((S) -> Bool)? = nil) {
        var stepper = FrameStepper(scene: scene)
        stepper.measurer = canvas.fonts ?? ApproximateTextMeasurer()
        instruments = LiveInstruments(options)
        self.host = host
        instruments.start(&stepper, now: Self.now())
        defer {
            scene = stepper.scene
            instruments.finish()
            self.host = nil
        }
        send(.resize(pointSize), to: &stepper, at: Self.now())
        var title = ""
        var running = true
        var frameEnd = Self.preciseNow()
        var last = DrawList(items: [])
        defer { if statsShown { FileHandleOutput.standardError(stats.summary) } }
        while running {
            if let stopWhen, stopWhen(stepper.scene) { break }
            var slept = false
            // Sleep until something happens when nothing moves; otherwise drain and draw.
            // Pictures still decoding (nothing fading): sleep until one is done, or briefly.
            var event = SDL_Event()
            if stepper.scene.isIdle && !last.isFading && !canvas.textures.isUploading && !stepper.scene.needsFrames
                && !stepper.notesShowing(at: Self.now()) {
                slept = true
                let limit = instruments.sleepLimit
                let waited = stopWhen != nil ? SDL_WaitEventTimeout(&event, 50)
                    : last.isWaiting || canvas.textures.isDecoding ? SDL_WaitEventTimeout(&event, 100)
                    : limit.map { SDL_WaitEventTimeout(&event, $0) } ?? SDL_WaitEvent(&event)
                if waited == 1 { running = deliver(event, to: &stepper) }
            }
            while running, SDL_PollEvent(&event) == 1 { running = deliver(event, to: &stepper) }
            if !running || stepper.scene.wantsToQuit { break }
            if !droppedPaths.isEmpty, pendingDropComplete {
                let paths = droppedPaths
                droppedPaths.removeAll()
                pendingDropComplete = false
                send(.drop(paths), to: &stepper, at: Self.now())
            }
            instruments.poll(&stepper, now: Self.now())
            for answer in host?.poll() ?? [] { send(.host(answer), to: &stepper, at: Self.now()) }
            let workStart = Self.preciseNow()
            let frame = stepper.step(at: Self.now()) { [host] in host?.run($0) ?? [] }
            if frame.title != title {
                title = frame.title
                SDL_SetWindowTitle(window, title)
            }
            var overlay: [DrawItem] = []
            statsShown = statsShown || stepper.instruments.showsFrameStats
            if stepper.instruments.showsFrameStats {
                let textures = (count: canvas.textures.textureCount, bytes: canvas.textures.bytes)
                overlay = stats.overlay(at: frame.time, textures: textures, measurer: canvas.fonts ?? ApproximateTextMeasurer())
            }
            last = render(frame, overlay: overlay)
            host?.shown(frame, picturesPending: last.isWaiting || canvas.textures.isDecoding)
            let work = presentStart - workStart
            pace(&frameEnd, restart: slept)
            stats.record(end: Self.preciseNow(), work: work, afterPause: slept)
        }
    }

    /// Waits for the next 60 Hz beat on the high-resolution clock. Software renderers (and
    /// some drivers that claim vsync, such as Mesa's under Xvfb) do not block in present, so the
    /// loop keeps its own beat; each beat is the last one plus a frame, so sleeping never drifts.
    /// `previousEnd` is when the last frame ended (its beat when it was on time).
    private func pace(_ previousEnd: inout Double, restart: Bool) {
        let interval = 1.0 / 60
        let now = Self.preciseNow()
        // After a pause there is no beat to keep; when present really waited for the display,
        // it keeps the beat and sleeping on top would halve the frame rate.
        if restart || (hasVSync && now - previousEnd >= interval * 0.75) {
            previousEnd = now
            return
        }
        let beat = previousEnd + interval
        guard beat > now else {
            previousEnd = now  // late: the next beat counts from here
            return
        }
        let remaining = beat - now
        if remaining > 0.002 { SDL_Delay(UInt32((remaining - 0.001) * 1000)) }
        while Self.preciseNow() < beat { SDL_Delay(0) }
        previousEnd = beat
    }

    /// Seconds on the high-resolution counter, for frame statistics.
    private static func preciseNow() -> Double { Double(SDL_GetPerformanceCounter()) / Double(SDL_GetPerformanceFrequency()) }

    private func render(_ frame: Frame, overlay: [DrawItem]) -> DrawList {
        var pw: Int32 = 0, ph: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &pw, &ph)
        let points = pointSize
        canvas.scale = points.width > 0 ? Double(pw) / points.width : 1
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
        SDL_RenderClear(renderer)
        let list = canvas.draw(frame, overlay: overlay)
        instruments.capture(renderer, at: Self.preciseNow())
        presentStart = Self.preciseNow()
        SDL_RenderPresent(renderer)
        // Scanned rows this frame showed: how long since they left the scanner.
        let arrivals = canvas.textures.arriving.takeArrivals()
        if !arrivals.isEmpty {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let nanoseconds = UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
            for (arrival, first) in arrivals where nanoseconds >= arrival {
                stats.recordScanRows(milliseconds: Double(nanoseconds - arrival) / 1e6, first: first)
            }
        }
        return list
    }

    /// The host for the length of `run`.
    private var host: (any EffectHost)?

    /// Delivers `event` and carries out what it asks for: recording here, the rest by the host,
    /// whose answers at once go back in the same way.
    private func send<S: Scene>(_ event: InputEvent, to stepper: inout FrameStepper<S>, at time: Double) {
        var effects = stepper.deliver(event, at: time)
        while !effects.isEmpty {
            let effect = effects.removeFirst()
            if effect == .toggleRecording {
                instruments.toggleRecording(&stepper, now: Self.now())
                continue
            }
            for answer in host?.run(effect) ?? [] { effects += stepper.deliver(.host(answer), at: Self.now()) }
        }
    }

    /// Returns false when the app should stop.
    private func deliver<S: Scene>(_ event: SDL_Event, to stepper: inout FrameStepper<S>) -> Bool {
        let time = Double(event.common.timestamp) / 1000
        let size = pointSize
        let type = SDL_EventType(event.type)
        let phase: PinchRecogniser.Phase? = type == SDL_FINGERDOWN ? .down : type == SDL_FINGERUP ? .up : type == SDL_FINGERMOTION ? .move : nil
        if let phase, let step = pinch.finger(UInt64(bitPattern: event.tfinger.fingerId), phase, at: fingerPoint(event.tfinger, size)) {
            send(step, to: &stepper, at: time)
        }
        switch SDL_EventType(event.type) {
        case SDL_QUIT:
            return !stepper.scene.closeRequested(at: stepper.sceneTime(at: time))
        case SDL_WINDOWEVENT:
            let kind = SDL_WindowEventID(UInt32(event.window.event))
            if kind == SDL_WINDOWEVENT_SIZE_CHANGED || kind == SDL_WINDOWEVENT_RESIZED {
                send(.resize(size), to: &stepper, at: time)
            } else if kind == SDL_WINDOWEVENT_LEAVE, SDL_GetMouseState(nil, nil) == 0 {
                // The pointer left the window: nothing is under it (a tooltip goes).
                send(.pointerMove(Point(x: -1, y: -1)), to: &stepper, at: time)
            }
        case SDL_MOUSEBUTTONDOWN where event.button.button == UInt8(SDL_BUTTON_LEFT):
            send(.pointerDown(point(event.button.x, event.button.y), KeyNames.modifiers()), to: &stepper, at: time)
        case SDL_MOUSEBUTTONUP where event.button.button == UInt8(SDL_BUTTON_LEFT):
            send(.pointerUp(point(event.button.x, event.button.y)), to: &stepper, at: time)
        case SDL_MOUSEBUTTONDOWN where event.button.button == UInt8(SDL_BUTTON_RIGHT):
            send(.secondaryDown(point(event.button.x, event.button.y), KeyNames.modifiers()), to: &stepper, at: time)
        case SDL_MOUSEBUTTONUP where event.button.button == UInt8(SDL_BUTTON_RIGHT):
            send(.secondaryUp(point(event.button.x, event.button.y)), to: &stepper, at: time)
        case SDL_MOUSEMOTION:
            send(.pointerMove(point(event.motion.x, event.motion.y)), to: &stepper, at: time)
        case SDL_MOUSEWHEEL:
            var dx = Double(event.wheel.preciseX), dy = Double(event.wheel.preciseY)
            if event.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue {
                dx = -dx
                dy = -dy
            }
            let ctrl = KeyNames.modifiers().contains(.ctrl)
            send(ctrl ? .ctrlWheel(dx: dx, dy: dy) : .wheel(dx: dx, dy: dy), to: &stepper, at: time)
        case SDL_FINGERDOWN where fingerID == nil:
            fingerID = event.tfinger.fingerId
            send(.pointerDown(fingerPoint(event.tfinger, size)), to: &stepper, at: time)
        case SDL_FINGERMOTION where fingerID == event.tfinger.fingerId:
            send(.pointerMove(fingerPoint(event.tfinger, size)), to: &stepper, at: time)
        case SDL_FINGERUP where fingerID == event.tfinger.fingerId:
            fingerID = nil
            send(.pointerUp(fingerPoint(event.tfinger, size)), to: &stepper, at: time)
        case SDL_KEYDOWN:
            // Repeats too: the scene decides what a held key does (navigation pages on).
            send(.key(KeyNames.key(from: event.key)), to: &stepper, at: time)
        case SDL_TEXTINPUT:
            let typed = withUnsafeBytes(of: event.text.text) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if !typed.isEmpty { send(.text(typed), to: &stepper, at: time) }
        case SDL_DROPFILE:
            if let file = event.drop.file {
                droppedPaths.append(String(cString: file))
                SDL_free(file)
            }
            // Without a DROPBEGIN (older SDL), each file is a drop of its own.
            if !dropInProgress { pendingDropComplete = true }
        case SDL_DROPBEGIN:
            dropInProgress = true
        case SDL_DROPCOMPLETE:
            dropInProgress = false
            pendingDropComplete = true
        default:
            break
        }
        return !stepper.scene.wantsToQuit
    }

    /// Fingers report 0...1 of the window; scenes work in points.
    private func fingerPoint(_ finger: SDL_TouchFingerEvent, _ size: Size) -> Point {
        Point(x: Double(finger.x) * size.width, y: Double(finger.y) * size.height)
    }
}
