import CAVCodec

/// How hard a video encoder works on each frame.
public enum VideoEffort: Hashable, Sendable {
    /// Headless `--record`: the smallest file in reasonable time (nothing waits on it).
    case thorough
    /// The live window's Ctrl+R: a few milliseconds a frame, so the worker keeps up at 30 fps.
    case realtime
}

/// A video encoder libavcodec may offer for a container, with the settings Strips uses it with.
/// Which ones a machine has is known only at run time: Debian's libavcodec brings libx264 and
/// libvpx, but a build without them (or ffmpeg's own minimal one) may have only MPEG-4 part 2.
public struct VideoCodec: Hashable, Sendable {
    /// libavcodec's name for the encoder ("libx264").
    public let encoder: String
    /// What a person calls the format ("H.264").
    public let label: String
    let options: [VideoEffort: [String: String]]

    /// Candidates for a container, best first.
    public static func candidates(for format: RecordingFormat) -> [VideoCodec] {
        switch format {
        case .gif: return []
        case .mp4:
            return [
                // CRF 23 is x264's own default quality; "medium" is its default speed.
                VideoCodec(encoder: "libx264", label: "H.264", options: [
                    .thorough: ["preset": "medium", "crf": "23"],
                    .realtime: ["preset": "veryfast", "crf": "23"],
                ]),
                // ffmpeg's own encoder, always built in: a fixed quantiser of 4 is sharp on screens.
                VideoCodec(encoder: "mpeg4", label: "MPEG-4 part 2", options: [
                    .thorough: ["flags": "+qscale", "global_quality": "\(4 * 118)", "mbd": "rd", "trellis": "1"],
                    .realtime: ["flags": "+qscale", "global_quality": "\(4 * 118)"],
                ]),
            ]
        case .webm:
            return [
                // Constant quality (b 0): VP9 at CRF 33 is about H.264's CRF 23.
                VideoCodec(encoder: "libvpx-vp9", label: "VP9", options: [
                    .thorough: ["crf": "33", "b": "0", "deadline": "good", "cpu-used": "4"],
                    .realtime: ["crf": "33", "b": "0", "deadline": "realtime", "cpu-used": "8"],
                ]),
                // VP8's CRF needs a bitrate cap.
                VideoCodec(encoder: "libvpx", label: "VP8", options: [
                    .thorough: ["crf": "10", "b": "4M", "deadline": "good", "cpu-used": "2"],
                    .realtime: ["crf": "10", "b": "4M", "deadline": "realtime", "cpu-used": "8"],
                ]),
            ]
        }
    }

    /// The encoder's settings for pictures `width` pixels wide: the effort's options, and for x264
    /// on a CPU with AVX-512 and a width that is not a multiple of 128 pixels, its other SIMD
    /// code. x264's AVX-512 macroblock-tree code (r3095, and upstream as of 2024) hands cost on
    /// 8 macroblocks at a time and, on the last row of a picture whose rows are not a multiple of
    /// 8 macroblocks, reads the lanes past the row from the padding after its per-frame arrays,
    /// which nothing initialises: whatever the heap held there (another encoder's numbers, in a
    /// long-lived process) could pass for a motion vector and lower the quantiser of the
    /// bottom-right macroblocks, so the same frames made a different file. Its AVX2 code stops at
    /// the row's end and gives the pictures a clean heap gives (VideoRecorderTests fills the heap
    /// to show it). About 4 % slower (medium) to 8 % (veryfast) where it applies.
    public func settings(for effort: VideoEffort, width: Int) -> [String: String] {
        var settings = options[effort] ?? [:]
        let macroblocksPerRow = (width + 15) / 16
        if encoder == "libx264" && macroblocksPerRow % 8 != 0 {
            let flags = strips_x264_cpu_flags_without_avx512()
            if flags != 0 { settings["x264-params"] = "asm=\(flags)" }
        }
        return settings
    }

    /// Whether this process's libavcodec has the encoder.
    public var isAvailable: Bool { avcodec_find_encoder_by_name(encoder) != nil }

    /// The first candidate this machine's libavcodec has; nil when it has none.
    public static func best(for format: RecordingFormat) -> VideoCodec? {
        candidates(for: format).first { $0.isAvailable }
    }

    /// Why `format` cannot be written, in a line: the encoders looked for.
    static func missing(for format: RecordingFormat, candidates: [VideoCodec]? = nil) -> String {
        let names = (candidates ?? Self.candidates(for: format)).map { "\($0.label) (\($0.encoder))" }
        return "this libavcodec has no encoder for \(format.rawValue.uppercased()): none of \(names.joined(separator: ", ")) "
            + "(Debian's libavcodec59 has libx264 and libvpx; Scripts/install-deps.sh installs it)"
    }
}
