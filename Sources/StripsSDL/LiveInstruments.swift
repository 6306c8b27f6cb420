import CSDL2
import Foundation
import StripsCore
import StripsRecording

/// What the live window adds to the instruments every run has (slow motion, x-ray): a tuning
/// file watched for changes, and recording (`--record FILE`, Ctrl+R).
public struct LiveInstrumentOptions {
    /// Starting state: slow motion, slow factor.
    public var instruments: Instruments
    /// Polled about once a second: the new tuning and its problems when the file changed, else nil.
    public var reloadTuning: (() -> (tuning: Tuning, problems: [String])?)?
    /// Records the whole session here (`--record FILE.gif`, `.mp4`, `.webm`).
    public var recordPath: String?
    public var recordScale: Double
    /// What Ctrl+R records (`--record-format`).
    public var recordFormat: RecordingFormat
    /// Lines to show as the window opens (the tuning file's problems, already on standard error).
    public var notes: [String]

    public init(instruments: Instruments = Instruments(), reloadTuning: (() -> (tuning: Tuning, problems: [String])?)? = nil,
                recordPath: String? = nil, recordScale: Double = 1, recordFormat: RecordingFormat = .gif, notes: [String] = []) {
        self.instruments = instruments
        self.notes = notes
        self.reloadTuning = reloadTuning
        self.recordPath = recordPath
        self.recordScale = recordScale
        self.recordFormat = recordFormat
    }
}

/// The live window's side of the instruments, on the render thread: polls the tuning file,
/// starts and stops recordings, and reads finished frames into the recorder before present.
final class LiveInstruments {
    static let pollInterval = 1.0
    private let options: LiveInstrumentOptions
    private var recorder: Recorder?
    private var lastPoll = -Double.infinity
    /// Messages from the recorder's finishing thread, shown on the next frame.
    private let mailbox = Mailbox()

    init(_ options: LiveInstrumentOptions) { self.options = options }

    /// How long the idle loop may sleep: the tuning file is looked at once a second.
    var sleepLimit: Int32? { options.reloadTuning == nil ? nil : Int32(Self.pollInterval * 1000) }

    func start<S: Scene>(_ stepper: inout FrameStepper<S>, now: Double) {
        stepper.instruments = options.instruments
        for note in options.notes { stepper.note(note, at: now) }
        if let path = options.recordPath { startRecording(to: path, stepper: &stepper, now: now) }
    }

    /// Once a second: a changed tuning file is applied at once, its problems named (standard
    /// error and a line over the scene); the old value of each bad key stays.
    func poll<S: Scene>(_ stepper: inout FrameStepper<S>, now: Double) {
        for message in mailbox.take() { stepper.note(message, at: now) }
        guard let reload = options.reloadTuning, now - lastPoll >= Self.pollInterval else { return }
        lastPoll = now
        guard let (tuning, problems) = reload() else { return }
        stepper.deliver(.tune(tuning), at: now)
        for problem in problems {
            FileHandleOutput.standardError("strips: \(problem)")
            stepper.note(problem, at: now)
        }
        if problems.isEmpty { stepper.note(tr("tuning applied"), at: now) }
    }

    /// Ctrl+R: starts a recording (GIF unless `--record-format` says otherwise) into the user's
    /// videos (or pictures) folder, or stops it.
    func toggleRecording<S: Scene>(_ stepper: inout FrameStepper<S>, now: Double) {
        if recorder != nil {
            stopRecording(&stepper, now: now)
        } else {
            let path = RecordingLocation.newFile(in: RecordingLocation.defaultFolder(), at: Date(), format: options.recordFormat)
            startRecording(to: path, stepper: &stepper, now: now)
        }
    }

    private func startRecording<S: Scene>(to path: String, stepper: inout FrameStepper<S>, now: Double) {
        do {
            recorder = try Recorder(path: path, options: .live(scale: options.recordScale))
            stepper.note(tr("recording to %s (Ctrl+R stops)", path), at: now)
        } catch {
            FileHandleOutput.standardError("strips: \(error)")
            // The recorder's reason stays in its words.
            stepper.note(tr("cannot record: %s", "\(error)"), at: now)
        }
    }

    private func stopRecording<S: Scene>(_ stepper: inout FrameStepper<S>, now: Double) {
        guard let recorder, let path = recorder.path else { return }
        self.recorder = nil
        stepper.note(tr("saving %s ...", path), at: now)
        let mailbox = self.mailbox
        recorder.finish { result in
            switch result {
            case .success(let stats): mailbox.post(trn("saved %2$s (%1$d frame)", "saved %2$s (%1$d frames)", stats.encoded, path))
            case .failure(let error):
                FileHandleOutput.standardError("strips: \(error)")
                mailbox.post(tr("recording failed: %s", "\(error)"))
            }
        }
    }

    /// After drawing, before present: hands the frame to the recorder when it wants one.
    func capture(_ renderer: OpaquePointer, at time: Double) {
        guard let recorder, recorder.wantsFrame(at: time) else { return }
        recorder.append(renderer: renderer, at: time)
    }

    /// The window closes: a recording under way is finished and put in place.
    func finish() {
        guard let recorder else { return }
        self.recorder = nil
        do {
            let stats = try recorder.finish()
            FileHandleOutput.standardError("strips: recorded \(stats.encoded) frames to \(recorder.path ?? "")")
        } catch {
            FileHandleOutput.standardError("strips: \(error)")
        }
    }

    private final class Mailbox: @unchecked Sendable {
        private let lock = NSLock()
        private var messages: [String] = []

        func post(_ message: String) { lock.withLock { messages.append(message) } }
        func take() -> [String] {
            lock.withLock {
                defer { messages.removeAll() }
                return messages
            }
        }
    }
}
