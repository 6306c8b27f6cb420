/// Runs a scene from a script on the virtual 60 Hz clock (shared/headless.md): events stamped T
/// are delivered, with their own times, before the first frame whose time is >= T.
public struct HeadlessRunner<S: Scene> {
    public static var frameInterval: Double { 1000.0 / 60.0 }

    public var script: Script
    public var scene: S
    public var traceEveryFrame: Bool

    public init(script: Script, scene: S, traceEveryFrame: Bool) {
        self.script = script
        self.scene = scene
        self.traceEveryFrame = traceEveryFrame
    }

    /// - Parameters:
    ///   - resolveKey: turns a script key name into a key, nil for a name that is no key.
    ///   - emit: receives each trace line (without the newline).
    ///   - screenshot: renders the frame's draw list to a PNG at the path.
    public mutating func run(
        resolveKey: (String, Bool, Bool) -> Key?,
        emit: (String) throws -> Void,
        screenshot: (String, [DrawItem], Size) throws -> Void
    ) throws {
        // Resolve every key before the first frame so a bad name fails the run, not half of it.
        var keys: [Int: Key] = [:]
        for (i, step) in script.steps.enumerated() {
            if case .key(let name, let ctrl, let shift) = step.command {
                guard let key = resolveKey(name, ctrl, shift) else {
                    throw ScriptError(line: step.line, message: "unknown key name '\(name)'")
                }
                keys[i] = key
            }
        }
        let end = script.endTime
        var next = 0
        var frame = 0
        while true {
            let t = Double(frame) * Self.frameInterval
            var dump = false, stop = false
            var shots: [String] = []
            while next < script.steps.count, script.steps[next].time <= t {
                let step = script.steps[next]
                let at = step.time / 1000
                switch step.command {
                case .down(let p): scene.handle(.pointerDown(p), at: at)
                case .move(let p): scene.handle(.pointerMove(p), at: at)
                case .up(let p): scene.handle(.pointerUp(p), at: at)
                case .wheel(let dx, let dy): scene.handle(.wheel(dx: dx, dy: dy), at: at)
                case .key: if let key = keys[next] { scene.handle(.key(key), at: at) }
                case .resize(let size): scene.handle(.resize(size), at: at)
                case .screenshot(let path): shots.append(path)
                case .dump: dump = true
                case .end: stop = true
                }
                next += 1
            }
            scene.tick(at: t / 1000)
            if traceEveryFrame || dump { try emit(Self.traceLine(scene: scene, time: t, frame: frame)) }
            if !shots.isEmpty {
                let items = scene.drawList()
                for path in shots { try screenshot(path, items, scene.windowSize) }
            }
            if stop || t >= end { break }
            frame += 1
        }
    }

    public static func traceLine(scene: S, time: Double, frame: Int) -> String {
        let common: [(String, JSON)] = [
            ("t", .number(time)), ("frame", .int(frame)), ("scene", .string(scene.name)),
            ("window", .array([.number(scene.windowSize.width), .number(scene.windowSize.height)])),
            ("idle", .bool(scene.isIdle)),
        ]
        return JSON.object(common + scene.traceFields()).serialized
    }
}
