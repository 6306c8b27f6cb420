/// Runs a scene from a script on the virtual 60 Hz clock (docs/headless.md): events stamped T
/// are delivered, with their own times, before the first frame whose time is >= T.
public struct HeadlessRunner<S: Scene> {
    public var script: Script
    public var stepper: FrameStepper<S>
    public var traceEveryFrame: Bool

    public init(script: Script, scene: S, traceEveryFrame: Bool) {
        self.script = script
        stepper = FrameStepper(scene: scene)
        self.traceEveryFrame = traceEveryFrame
    }

    public var scene: S { stepper.scene }

    /// The contract's 60 Hz frame interval in milliseconds.
    public static var frameMilliseconds: Double { 1000.0 / 60.0 }

    /// - Parameters:
    ///   - resolveKey: turns a script key name into a key, nil for a name that is no key.
    ///   - emit: receives each trace line (without the newline).
    ///   - screenshot: renders the frame to a PNG at the path.
    ///   - frameDone: sees every frame with its real time in seconds (recording).
    ///   - host: carries out an effect the scene returned, at once (so runs stay deterministic),
    ///     with the real time in seconds; its answers are delivered at that same time, before
    ///     the next frame.
    ///   - poll: answers the host has for the scene on its own (a live host's work finished since),
    ///     asked before every frame, the first included, and delivered at that frame's time.
    ///   - shown: sees every frame once it is traced and drawn (the host's `shown`).
    ///   - clock: told the scene's clock (seconds) before every poll and every effect the host
    ///     runs (the host's `clock`: a video file played as the camera keeps the script's time).
    ///   - quiet: true when nothing outside the scene changes with time (no recording, no
    ///     picture fading in, the host playing nothing on the clock): with the scene idle too, the
    ///     frames up to the next event are skipped (see `frameAfterIdle`).
    public mutating func run(
        resolveKey: (String, Bool, Bool) -> Key?,
        emit: (String) throws -> Void,
        screenshot: (String, Frame) throws -> Void,
        frameDone: (Frame, Double) throws -> Void = { _, _ in },
        host: (Effect, Double) -> [HostEvent] = { _, _ in [] },
        poll: () -> [HostEvent] = { [] },
        shown: (Frame) -> Void = { _ in },
        clock: (Double) -> Void = { _ in },
        quiet: () -> Bool = { true }
    ) throws {
        if traceEveryFrame, script.endTime > Self.maxTracedTime {
            let line = script.steps.first { $0.command == .end }?.line ?? script.steps.last?.line ?? 0
            throw ScriptError(line: line, message: "--trace-every-frame traces at most \(Int(Self.maxTracedTime)) ms "
                + "(\(Int(Self.maxTracedTime / Self.frameMilliseconds)) frames); this script runs to \(Self.milliseconds(script.endTime)) ms")
        }
        // Resolve every key before the first frame so a bad name fails the run, not half of it.
        var keys: [Int: Key] = [:]
        for (i, step) in script.steps.enumerated() {
            if case .key(let name, let ctrl, let shift, let alt) = step.command {
                guard var key = resolveKey(name, ctrl, shift) else {
                    throw ScriptError(line: step.line, message: "unknown key name \(ScriptError.quoted(name))")
                }
                key.alt = alt
                keys[i] = key
            }
        }
        let end = script.endTime
        var next = 0
        var number = 0
        while true {
            // Milliseconds, as the script counts them: frame n is at n * (1000/60) ms, computed in
            // exactly this way so that an event stamped on a frame's time lands on that frame.
            let t = Double(number) * Self.frameMilliseconds
            var dump = false, stop = false
            var shots: [(path: String, line: Int)] = []
            func deliverNow(_ event: InputEvent, at: Double) {
                var effects = stepper.deliver(event, at: at)
                // The host answers at once; its answers may ask for more.
                while !effects.isEmpty {
                    let effect = effects.removeFirst()
                    clock(stepper.sceneTime(at: at))
                    for answer in host(effect, at) { effects += stepper.deliver(.host(answer), at: at) }
                }
            }
            clock(stepper.sceneTime(at: t / 1000))
            for answer in poll() { deliverNow(.host(answer), at: t / 1000) }
            while next < script.steps.count, script.steps[next].time <= t {
                let step = script.steps[next]
                let at = step.time / 1000
                func deliver(_ event: InputEvent) { deliverNow(event, at: at) }
                switch step.command {
                case .down(let p, let modifiers): deliver(.pointerDown(p, modifiers))
                case .move(let p): deliver(.pointerMove(p))
                case .up(let p): deliver(.pointerUp(p))
                case .rightDown(let p, let modifiers): deliver(.secondaryDown(p, modifiers))
                case .rightUp(let p): deliver(.secondaryUp(p))
                case .wheel(let dx, let dy): deliver(.wheel(dx: dx, dy: dy))
                case .ctrlWheel(let dx, let dy): deliver(.ctrlWheel(dx: dx, dy: dy))
                case .pinch(let center, let scale): deliver(.pinch(center: center, scale: scale))
                case .key: if let key = keys[next] { deliver(.key(key)) }
                case .text(let typed): deliver(.text(typed))
                case .drop(let path): deliver(.drop([path]))
                case .resize(let size): deliver(.resize(size))
                case .screenshot(let path): shots.append((path, step.line))
                case .dump: dump = true
                case .end: stop = true
                }
                next += 1
            }
            let frame = stepper.step(at: t / 1000) { host($0, t / 1000) }
            if traceEveryFrame || dump { try emit(frame.traceLine(t: t, number: number)) }
            for shot in shots {
                // A screenshot that cannot be made names its script line, as a bad line does.
                do { try screenshot(shot.path, frame) } catch let error as ScriptError { throw error } catch {
                    throw ScriptError(line: shot.line, message: "\(error)")
                }
            }
            try frameDone(frame, t / 1000)
            shown(frame)
            if stop || t >= end { break }
            number += 1
            // Nothing moves and nothing is due: the frames before the next event (or the end)
            // would all be this one, so they are not stepped. A frame is still stepped wherever
            // something is delivered, dumped or shot, so those lines are the ones every frame gives.
            if !traceEveryFrame, frame.isIdle, stepper.effectsInLastStep == 0, !stepper.scene.needsFrames, !stepper.notesShowing(at: t / 1000), quiet() {
                number = max(number, Self.frameAfterIdle(until: min(next < script.steps.count ? script.steps[next].time : end, end)))
            }
        }
    }

    /// `--trace-every-frame` writes a line a frame: ten minutes of script (36,000 lines, about
    /// 70 MB) at most; a day would be 5 million lines.
    public static var maxTracedTime: Double { 600_000 }

    /// The first frame at or after `time` (ms): the one an event stamped `time` is delivered before.
    static func frameAfterIdle(until time: Double) -> Int {
        var n = Int((time / frameMilliseconds).rounded(.down))
        while Double(n) * frameMilliseconds < time { n += 1 }
        while n > 0, Double(n - 1) * frameMilliseconds >= time { n -= 1 }
        return n
    }

    private static func milliseconds(_ time: Double) -> String {
        time == time.rounded() ? String(Int(time)) : String(time)
    }
}

extension Frame {
    /// One JSON Lines trace line: the common fields, then the scene's. `t` is in milliseconds.
    public func traceLine(t: Double, number: Int) -> String {
        let common: [(String, JSON)] = [
            ("t", .number(t)), ("frame", .int(number)), ("scene", .string(scene)),
            ("window", .array([.number(window.width), .number(window.height)])),
            ("idle", .bool(isIdle)),
        ]
        return JSON.object(common + content.traceFields()).serialized
    }
}
