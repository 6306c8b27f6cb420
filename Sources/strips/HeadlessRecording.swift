import Foundation
import StripsRecording
import StripsSDL

/// A headless run's GIF recording: `--record FILE` from the first frame, and Ctrl+R in the script
/// starting one into the user's videos folder (as the window does) or stopping the one under way.
final class HeadlessRecording {
    private let scale: Double
    private(set) var recorder: Recorder?
    /// Started by Ctrl+R: where it went is said on standard error (`--record` names its own file).
    private var announced = false

    init(scale: Double) { self.scale = scale }

    func start(to path: String) throws {
        recorder = try Recorder(path: path, options: .headless(scale: scale))
    }

    /// Ctrl+R: stops the recording under way (putting its file in place), else starts one.
    func toggle() {
        do {
            if recorder != nil {
                try finish()
            } else {
                let path = RecordingLocation.newFile(in: RecordingLocation.defaultFolder(), at: Date())
                try start(to: path)
                announced = true
                FileHandleOutput.standardError("strips: recording to \(path)")
            }
        } catch {
            FileHandleOutput.standardError("strips: \(error)")
        }
    }

    func finish() throws {
        guard let recorder else { return }
        self.recorder = nil
        let stats = try recorder.finish()
        if announced, let path = recorder.path { FileHandleOutput.standardError("strips: recorded \(stats.encoded) frames to \(path)") }
        announced = false
    }

    func cancel() {
        recorder?.cancel()
        recorder = nil
    }
}
