import CAVCodec
import CFreedMemory
import Foundation
import Testing
@testable import StripsRecording
import StripsTestSupport

/// MP4 and WebM recordings, read back through libavformat and libavcodec.
@Suite struct VideoRecorderTests {
    @Test(arguments: [RecordingFormat.mp4, .webm])
    func framesComeBackAtTheirSlotsWithTheirPixels(format: RecordingFormat) throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/out.\(format.fileExtension)"
        // Repeats and a jump back: the video has a picture per slot whatever they show.
        let script = [0, 1, 2, 2, 2, 3, 4, 5, 5, 1, 6, 7]
        let stats = try recordSlots(script, to: path, width: 160, height: 120)
        #expect(stats.encoded == script.count)
        let video = try readVideo(path)
        let codec = try #require(VideoCodec.best(for: format))
        #expect(video.container.contains(format == .mp4 ? "mp4" : "webm"))
        #expect(video.codec == ["libx264": "h264", "mpeg4": "mpeg4", "libvpx-vp9": "vp9", "libvpx": "vp8"][codec.encoder])
        #expect(video.width == 160 && video.height == 120 && video.pixelFormat == AV_PIX_FMT_YUV420P)
        #expect(video.frames.count == script.count)
        for (k, time) in video.times.enumerated() { #expect(abs(time - Double(k) / 30) < 0.002, "frame \(k) at \(time)") }
        #expect(abs(video.duration - Double(script.count) / 30) < 0.002)
        for (k, picture) in video.frames.enumerated() {
            let recorded = syntheticFrame(width: 160, height: 120, index: script[k], colourful: true)
            // yuv420p and the codec's quantiser: a few levels on average.
            let error = meanError(picture: picture, frame: recorded)
            #expect(error < 4, "frame \(k): mean error \(error)")
            // And it is this frame, not another: in the rows of the white square, it is nearest
            // to the picture recorded for its slot.
            let rows = 30..<38
            let own = meanError(picture: picture, frame: recorded, rows: rows, width: 160)
            for other in Set(script) where other != script[k] {
                let wrong = meanError(picture: picture, frame: syntheticFrame(width: 160, height: 120, index: other, colourful: true),
                                      rows: rows, width: 160)
                #expect(wrong > own + 3, "frame \(k) looks like picture \(other)")
            }
        }
    }

    /// A still stretch is the last picture again at every slot: constant 30 fps, the right length.
    @Test func aStillStretchRepeatsThePictureAtEverySlot() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/still.mp4"
        let recorder = try Recorder(path: path)
        for (time, index) in [(0.0, 0), (10.0 / 30, 1)] {
            syntheticFrame(width: 64, height: 48, index: index).withUnsafeBytes {
                _ = recorder.append(pixels: $0.baseAddress!, width: 64, height: 48, pitch: 256, at: time)
            }
        }
        try recorder.finish()
        let video = try readVideo(path)
        #expect(video.frames.count == 11 && abs(video.duration - 11.0 / 30) < 0.002)
        let first = syntheticFrame(width: 64, height: 48, index: 0), last = syntheticFrame(width: 64, height: 48, index: 1)
        for k in 0..<10 { #expect(meanError(picture: video.frames[k], frame: first) < 4, "frame \(k)") }
        #expect(meanError(picture: video.frames[10], frame: last) < 4)
    }

    /// yuv420p needs even sides: an odd one loses its last column or row, not resampled.
    @Test func oddSidesAreCutToEvenAndScaleHalves() throws {
        let folder = try TemporaryFolder()
        try recordSlots([0, 1], to: folder.path + "/odd.mp4", width: 65, height: 49)
        let odd = try readVideo(folder.path + "/odd.mp4")
        #expect(odd.width == 64 && odd.height == 48)
        var cut = [UInt8]()
        let full = syntheticFrame(width: 65, height: 49, index: 0, colourful: true)
        for y in 0..<48 { cut += full[(y * 65 * 4)..<(y * 65 * 4 + 64 * 4)] }
        #expect(meanError(picture: odd.frames[0], frame: cut) < 4)

        try recordSlots([0, 1], to: folder.path + "/half.webm", width: 160, height: 120, options: .init(scale: 0.5))
        let half = try readVideo(folder.path + "/half.webm")
        #expect(half.width == 80 && half.height == 60 && half.frames.count == 2)
    }

    /// The smallest picture yuv420p has: a 1x1 window is padded to 2x2, not refused.
    @Test(arguments: [RecordingFormat.mp4, .webm]) func aOnePixelFrameIsATwoByTwoVideo(format: RecordingFormat) throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/tiny.\(format.fileExtension)"
        try recordSlots([0, 1], to: path, width: 1, height: 1)
        let video = try readVideo(path)
        #expect(video.width == 2 && video.height == 2 && video.frames.count == 2)
    }

    @Test func sameFramesGiveByteIdenticalFiles() throws {
        let folder = try TemporaryFolder()
        for name in ["a", "b"] { try recordSlots([0, 1, 2, 3, 3, 4], to: folder.path + "/\(name).mp4", width: 96, height: 64) }
        let a = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/a.mp4"))
        let b = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/b.mp4"))
        #expect(a.count > 500)
        #expect(a == b, "\(Self.keptForStudy(a, b))")
    }

    /// What once made the test above fail about one full run in ten, made certain: the heap
    /// x264 takes its frames from holds words that read as a short motion vector up and to the
    /// left (as another encoder's numbers can, in a long-lived process). x264's AVX-512 code read
    /// such padding past the last row of 6 macroblocks and lowered the bottom-right quantisers;
    /// the file must not depend on what the heap held. 96 pixels: 6 macroblocks a row.
    @Test func whatTheHeapHeldDoesNotChangeTheFile() throws {
        let folder = try TemporaryFolder()
        let script = [0, 1, 2, 3, 3, 4]
        // Both encoded on this thread, so the second takes its memory from the heap filled here.
        try encodeOnThisThread(script, to: folder.path + "/clean.mp4", width: 96, height: 64)
        #expect(strips_leave_freed_memory_holding(0xFFF0, 8 << 20) > 0)
        try encodeOnThisThread(script, to: folder.path + "/after.mp4", width: 96, height: 64)
        let clean = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/clean.mp4"))
        let after = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/after.mp4"))
        #expect(clean == after, "\(Self.keptForStudy(clean, after))")
    }

    /// x264 leaves its AVX-512 code out only where the rows are not a multiple of 8 macroblocks.
    @Test func x264KeepsItsFastestCodeWhereItIsExact() throws {
        let codec = try #require(VideoCodec.candidates(for: .mp4).first { $0.encoder == "libx264" && $0.isAvailable })
        let flags = strips_x264_cpu_flags_without_avx512()
        for effort in [VideoEffort.thorough, .realtime] {
            #expect(codec.settings(for: effort, width: 1280)["x264-params"] == nil)
            #expect(codec.settings(for: effort, width: 96)["x264-params"] == (flags == 0 ? nil : "asm=\(flags)"))
            #expect(codec.settings(for: effort, width: 96)["crf"] == "23")
        }
    }

    /// When two recordings of the same frames differ, the pair is kept and the failure says
    /// where, and whether the pictures differ or only the bytes that carry them.
    static func keptForStudy(_ a: Data, _ b: Data) -> String {
        guard a != b else { return "" }
        let kept = NSTemporaryDirectory() + "strips-mp4-mismatch-\(getpid())"
        try? FileManager.default.createDirectory(atPath: kept, withIntermediateDirectories: true)
        try? a.write(to: URL(fileURLWithPath: kept + "/a.mp4"))
        try? b.write(to: URL(fileURLWithPath: kept + "/b.mp4"))
        let first = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
        let differing = zip(a, b).filter { $0 != $1 }.count
        var pictures = "not decoded"
        if let va = try? readVideo(kept + "/a.mp4"), let vb = try? readVideo(kept + "/b.mp4") {
            let frames = zip(va.frames, vb.frames).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
            pictures = "\(va.frames.count) and \(vb.frames.count) frames, pictures differing: \(frames)"
        }
        return "\(a.count) and \(b.count) bytes, \(differing) differing, the first at byte \(first); \(pictures); both kept in \(kept)"
    }

    @Test func theLiveEffortWritesTheSameKindOfFile() throws {
        let folder = try TemporaryFolder()
        #expect(Recorder.Options.live().videoEffort == .realtime && Recorder.Options.headless().videoEffort == .thorough)
        for format in [RecordingFormat.mp4, .webm] {
            let path = folder.path + "/live.\(format.fileExtension)"
            // Blocking, unlike the window, so no frame is dropped.
            try recordSlots([0, 1, 2, 3], to: path, width: 96, height: 64, options: .init(videoEffort: .realtime))
            let video = try readVideo(path)
            #expect(video.frames.count == 4 && video.width == 96, "\(format): \(video.frames.count) frames, \(video.width) wide")
        }
    }
}

@Suite struct VideoFileSafetyTests {
    @Test func anExistingFileIsNeverReplacedAndAMissingFolderIsOneLine() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/mine.mp4"
        try Data("precious".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: RecordingError("\(path): file exists, not replacing it")) { try Recorder(path: path) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "precious")
        let nowhere = folder.path + "/nope/out.webm"
        #expect(throws: RecordingError("\(nowhere): folder \(folder.path)/nope does not exist")) { try Recorder(path: nowhere) }
        #expect(folder.contents == ["mine.mp4"])
    }

    @Test func cancelledAndEmptyRecordingsLeaveNothing() throws {
        let folder = try TemporaryFolder()
        let cancelled = try Recorder(path: folder.path + "/cancelled.mp4")
        syntheticFrame(width: 8, height: 8, index: 0).withUnsafeBytes {
            _ = cancelled.append(pixels: $0.baseAddress!, width: 8, height: 8, pitch: 32, at: 0)
        }
        cancelled.cancel()
        let empty = try Recorder(path: folder.path + "/empty.webm")
        #expect(throws: RecordingError("\(folder.path)/empty.webm: no frames were recorded")) { try empty.finish() }
        #expect(folder.contents.isEmpty)
    }

    @Test func anUnknownExtensionIsOneLine() throws {
        let folder = try TemporaryFolder()
        #expect(throws: RecordingError("\(folder.path)/x.avi: a recording is FILE.gif, FILE.mp4 or FILE.webm")) {
            try Recorder(path: folder.path + "/x.avi")
        }
        #expect(RecordingFormat(path: "a/b.MP4") == .mp4 && RecordingFormat(path: "clip.webm") == .webm)
        #expect(RecordingFormat(path: "dir.mp4/file") == nil && RecordingFormat(path: "gif") == nil)
        #expect(folder.contents.isEmpty)
    }

    /// Without the first choice the next one writes the file (MPEG-4 part 2 for MP4, VP8 for
    /// WebM, in both efforts); without any, the recording does not start and says what it looked for.
    @Test(arguments: [RecordingFormat.mp4, .webm]) func theFallbacksWriteAndNoEncoderIsOneLine(format: RecordingFormat) throws {
        let folder = try TemporaryFolder()
        let absent = VideoCodec(encoder: "strips-no-such-encoder", label: "Nothing", options: [:])
        let fallback = try #require(VideoCodec.candidates(for: format).last)
        for effort in [VideoEffort.thorough, .realtime] {
            let path = folder.path + "/fallback-\(effort).\(format.fileExtension)"
            let encoder = try VideoFileEncoder(path: path, scale: 1, framesPerSecond: 30, effort: effort, candidates: [absent, fallback])
            #expect(encoder.codec == fallback)
            let recorder = Recorder(encoder: encoder, path: path)
            for (slot, index) in [0, 1, 1, 2].enumerated() {
                syntheticFrame(width: 96, height: 64, index: index, colourful: true).withUnsafeBytes {
                    _ = recorder.append(pixels: $0.baseAddress!, width: 96, height: 64, pitch: 384, at: Double(slot) / 30)
                }
            }
            try recorder.finish()
            let video = try readVideo(path)
            #expect(video.codec == (format == .mp4 ? "mpeg4" : "vp8") && video.frames.count == 4)
            #expect(meanError(picture: video.frames[3], frame: syntheticFrame(width: 96, height: 64, index: 2, colourful: true)) < 5)
        }
        let nothing = folder.path + "/nothing.\(format.fileExtension)"
        #expect(throws: RecordingError("\(nothing): this libavcodec has no encoder for \(format.rawValue.uppercased()): none of "
                                       + "Nothing (strips-no-such-encoder) (Debian's libavcodec59 has libx264 and libvpx; "
                                       + "Scripts/install-deps.sh installs it)")) {
            try VideoFileEncoder(path: nothing, scale: 1, framesPerSecond: 30, effort: .thorough, candidates: [absent])
        }
        #expect(!FileManager.default.fileExists(atPath: nothing))
    }

    /// Debian's libavcodec (what install-deps.sh installs) has an encoder for both containers;
    /// the line for a machine without names what was looked for.
    @Test func theEncodersAreFoundAtRunTime() throws {
        #expect(VideoCodec.best(for: .mp4) != nil && VideoCodec.best(for: .webm) != nil)
        #expect(VideoCodec.best(for: .gif) == nil)
        #expect(VideoCodec.candidates(for: .mp4).last?.encoder == "mpeg4")  // ffmpeg's own, always there
        #expect(VideoCodec.missing(for: .webm).contains("VP9 (libvpx-vp9), VP8 (libvpx)"))
    }
}

@Suite struct VideoGeometryTests {
    @Test func sidesAreEvenAndAtLeastTwo() {
        let same = VideoGeometry(frameWidth: 1024, frameHeight: 768, scale: 1)
        #expect((same.width, same.height, same.sourceWidth, same.sourceHeight) == (1024, 768, 1024, 768))
        let odd = VideoGeometry(frameWidth: 721, frameHeight: 541, scale: 1)
        #expect((odd.width, odd.height, odd.sourceWidth, odd.sourceHeight) == (720, 540, 720, 540))
        let half = VideoGeometry(frameWidth: 721, frameHeight: 541, scale: 0.5)
        // 360.5 rounds to 361, then evened to 360; 270.5 to 271, then 270; the whole frame is scaled.
        #expect((half.width, half.height, half.sourceWidth, half.sourceHeight) == (360, 270, 721, 541))
        let tiny = VideoGeometry(frameWidth: 1, frameHeight: 3, scale: 0.1)
        #expect((tiny.width, tiny.height, tiny.canvasWidth, tiny.canvasHeight) == (2, 2, 2, 3))
    }
}
