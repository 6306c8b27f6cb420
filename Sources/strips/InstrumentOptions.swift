import ArgumentParser
import Foundation
import StripsCore
import StripsFiles
import StripsRecording
import StripsSDL
import StripsTuning

/// Options every scene shares for the designer's instruments: a tuning file, slow motion and
/// recording (GIF, MP4, WebM), live or headless.
struct InstrumentOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(tr("Load the design numbers from this TOML file (see 'strips tuning'); the window applies the file again whenever it changes. A bad key or value is named and the old value kept.")))
    var tuning: String?

    // Unconditional: `--slow -1` is a value to refuse in words, not a missing one.
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(tr("Start in slow motion: scene time runs FACTOR times slower (S toggles it; default factor 10).")))
    var slow: Double?

    @Option(name: .long, help: ArgumentHelp(tr("Record the session at 30 fps to this new file: FILE.gif (animated GIF), FILE.mp4 (H.264 video) or FILE.webm (VP9 video); headless, every frame of the script.")))
    var record: String?

    @Option(name: .long, help: ArgumentHelp(tr("Scale of the recording, 0 < SCALE <= 1 (0.5 halves each side).")))
    var recordScale = 1.0

    @Option(name: .long, help: ArgumentHelp(tr("What Ctrl+R records in the window: gif, mp4 or webm (default: the kind --record names, else gif).")))
    var recordFormat: String?

    func validate() throws {
        if let slow, !(slow >= 1 && slow <= 1000) { throw ValidationError("--slow must be between 1 and 1000") }
        guard recordScale > 0 && recordScale <= 1 else { throw ValidationError("--record-scale must be > 0 and <= 1") }
        if let recordFormat, RecordingFormat(rawValue: recordFormat.lowercased()) == nil {
            throw ValidationError("--record-format must be gif, mp4 or webm")
        }
        if let record {
            guard RecordingFormat(path: record) != nil else { throw ValidationError("--record needs \(RecordingFormat.names)") }
            guard !FileManager.default.fileExists(atPath: record) else {
                throw ValidationError("--record \(record): the file exists (recordings never replace a file)")
            }
        }
    }

    /// The tuning at start: the file applied to the defaults, each problem on standard error
    /// and returned as "FILE: problem"; nil without --tuning. A file that cannot be read at all is
    /// an error.
    func initialTuning() throws -> (tuning: Tuning, problems: [String])? {
        guard let path = tuning else { return nil }
        // No output of the run may write over the tuning file it reads.
        ReadFiles.note(path: path)
        let (tuning, problems) = Tuning.defaults.applying(file: path)
        if problems.count == 1, TuningFileWatcher.isUnreadable(problems[0]) { throw fail("\(path): \(problems[0])") }
        let named = problems.map { "\(path): \($0)" }
        for problem in named { FileHandleOutput.standardError("strips: \(problem)") }
        return (tuning, named)
    }

    /// What Ctrl+R records: --record-format, else the kind --record names, else GIF (plays
    /// anywhere a picture does; MP4 is a tenth of the size where a video is welcome).
    var ctrlRFormat: RecordingFormat {
        recordFormat.flatMap { RecordingFormat(rawValue: $0.lowercased()) } ?? record.flatMap(RecordingFormat.init(path:)) ?? .gif
    }

    /// Slow motion and its factor, as the run starts.
    var instruments: Instruments {
        var instruments = Instruments()
        if let slow {
            instruments.slowFactor = slow
            instruments.setSlow(slow > 1, at: 0)
        }
        return instruments
    }
}
