import ArgumentParser
import Foundation
import StripsCore
import StripsFiles
import StripsPictures
import StripsRecording
import StripsSDL
import StripsTuning

/// What every scene command does once its scene is built: run it live or from a script.
enum SceneRunner {
    static func loadScript(_ path: String) throws -> Script {
        // Read through a handle, not FileManager.contents: scripts may come from pipes ("-" is stdin).
        let handle = path == "-" ? FileHandle.standardInput : FileHandle(forReadingAtPath: path)
        // No output of the run may write over its own script (`--trace SCRIPT`).
        if path != "-" { ReadFiles.note(path: path) }
        guard let data = try? handle?.readToEnd() ?? Data(), handle != nil, let text = String(data: data, encoding: .utf8) else {
            throw fail("\(path): cannot read the script")
        }
        do {
            return try Script.parse(text)
        } catch {
            throw fail("\(path): \(error.description)")
        }
    }

    static func startSDL(video: Bool) throws {
        do {
            if video { try DisplayCheck.requireDisplay() }
            try SDLSystem.start(video: video)
        } catch {
            throw fail("\(error)")
        }
    }

    /// DejaVu Sans, or nil with one clear line when it is not installed: the scenes still run.
    static func fonts() -> FontBook? {
        let fonts = FontBook()
        if fonts == nil {
            FileHandleOutput.standardError("strips: no DejaVu Sans font found (apt-get install fonts-dejavu-core); text is not drawn")
        }
        return fonts
    }

    /// `textures`: picture decoding and texture memory (default: asynchronous live, synchronous
    /// headless); `host`: carries out the scene's effects (saving, reading dropped files);
    /// `onQuit`: the live scene as the window closes (what to remember); `onEnd`: the scene as
    /// the run ends, live or headless (what the host keeps or lets go).
    static func run<S: Scene>(_ scene: S, script: Script?, options: HeadlessOptions, instruments: InstrumentOptions, fonts: FontBook?,
                              textures: TextureOptions? = nil, host: (any EffectHost)? = nil, live: LivePicture? = nil,
                              onQuit: ((S) -> Void)? = nil, onEnd: ((S) -> Void)? = nil) throws {
        var scene = scene
        let initial = try instruments.initialTuning()
        if let initial { scene.handle(.tune(initial.tuning), at: 0) }
        guard let script else {
            do {
                let window = try LiveWindow(title: scene.title, size: scene.windowSize, fonts: fonts, textures: textures ?? TextureOptions(),
                                            scale: options.scale, live: live)
                let watcher = instruments.tuning.map { TuningFileWatcher(path: $0, tuning: initial?.tuning ?? .defaults) }
                let live = LiveInstrumentOptions(instruments: instruments.instruments, reloadTuning: watcher.map { w in { w.poll() } },
                                                 recordPath: instruments.record, recordScale: instruments.recordScale,
                                                 recordFormat: instruments.ctrlRFormat, notes: initial?.problems ?? [])
                window.run(&scene, host: host, instruments: live)
            } catch let error as SDLError {
                throw fail(error.description)
            }
            onQuit?(scene)
            onEnd?(scene)
            return
        }
        // Headless, Ctrl+C or a kill mid-recording leaves no hidden temporary beside the output.
        WholeFile.removeTemporariesOnInterrupt()
        let output: TraceOutput
        do {
            output = try TraceOutput(path: options.trace)
        } catch {
            throw fail("\(options.trace ?? "-"): cannot write the trace: \(error)")
        }
        // A trace that ends early (a script's error) is still written, as far as it went.
        defer { output.close() }
        var runner = HeadlessRunner(script: script, scene: scene, traceEveryFrame: options.traceEveryFrame)
        runner.stepper.instruments = instruments.instruments
        runner.stepper.measurer = fonts ?? ApproximateTextMeasurer()
        var renderer: OffscreenRenderer?
        func offscreen() throws -> OffscreenRenderer {
            if let renderer { return renderer }
            let made = try OffscreenRenderer(fonts: fonts, textures: textures ?? TextureOptions(decode: .sync), scale: options.scale ?? 1, live: live)
            made.onImageFailure = { path, reason in
                // The texture cache reports each file once (ImageCatalog); asking the catalog again
                // here silenced every failure found only when decoding.
                FileHandleOutput.standardError("strips: \(path): \(reason)")
            }
            renderer = made
            return made
        }
        let recording = HeadlessRecording(scale: instruments.recordScale)
        if let path = instruments.record {
            do {
                try recording.start(to: path)
            } catch {
                throw fail("\(error)")
            }
        }
        do {
            try runner.run(
                resolveKey: { KeyNames.resolve($0, ctrl: $1, shift: $2) },
                emit: { output.write($0) },
                screenshot: { path, frame in
                    try PixelBudget.checkScreenshot(frame.window, scale: options.scale ?? 1)
                    try offscreen().screenshot(frame, to: path)
                },
                frameDone: { frame, time in
                    // Deterministic: every frame the GIF keeps (one per 1/30 s of the script's
                    // real time) is rendered offscreen, pictures decoded before it is drawn.
                    guard let recorder = recording.recorder, recorder.wantsFrame(at: time) else { return }
                    try PixelBudget.checkRecording(frame.window, scale: options.scale ?? 1)
                    let r = try offscreen()
                    try r.render(frame)
                    r.record(into: recorder, at: time)
                },
                host: { effect, _ in
                    // Ctrl+R in a script records as in the window; the rest is the scene's host's.
                    if effect == .toggleRecording {
                        recording.toggle()
                        return []
                    }
                    return host?.run(effect) ?? []
                },
                poll: { host?.poll() ?? [] },
                shown: { host?.shown($0, picturesPending: false) },
                clock: { host?.clock($0) },
                // A recording keeps every frame it samples; a picture fading in or decoding, or a
                // camera file playing, changes frames the scene calls idle.
                quiet: { recording.recorder == nil && renderer?.needsFrames != true && host?.playsOnClock != true })
            try recording.finish()
            onEnd?(runner.scene)
        } catch let error as ScriptError {
            recording.cancel()
            throw fail("\(options.script ?? "script"): \(error.description)")
        } catch let error as SDLError {
            recording.cancel()
            throw fail(error.description)
        } catch let error as RecordingError {
            throw fail(error.description)
        } catch let error as PixelBudget.Exceeded {
            recording.cancel()
            throw fail(error.description)
        }
    }
}

/// Trace lines to `--trace PATH` (an `OutputFile`: a device or FIFO as a stream, a regular file
/// replaced whole at the end) or to standard output, buffered.
final class TraceOutput {
    private let file: OutputFile?
    private var buffer = Data()
    private var closed = false

    init(path: String?) throws(WholeFile.Failure) {
        file = try path.map { path throws(WholeFile.Failure) in try OutputFile(path: path, replacing: true) }
    }

    func write(_ line: String) {
        buffer.append(contentsOf: line.utf8)
        buffer.append(0x0A)
        if buffer.count > 1 << 16 { flush() }
    }

    func flush() {
        if let file {
            buffer.withUnsafeBytes { _ = file.write($0) }
        } else {
            FileHandle.standardOutput.write(buffer)
        }
        buffer.removeAll(keepingCapacity: true)
    }

    func close() {
        guard !closed else { return }
        closed = true
        flush()
        do {
            try file?.finish()
        } catch {
            FileHandleOutput.standardError("strips: \(file?.path ?? "-"): cannot write the trace: \(error)")
        }
    }
}
