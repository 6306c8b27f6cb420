import CGIF
import Foundation
import Testing
@testable import StripsRecording
import StripsTestSupport

@Suite struct GIFRecorderTests {
    @Test func twentyFramesAt60HzBecomeTenAt30fps() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/out.gif"
        let stats = try recordSynthetic(to: path)
        #expect(stats.queued == 10 && stats.encoded == 10 && stats.dropped == 0)
        let gif = try readGIF(path)
        #expect(gif.width == 64 && gif.height == 48)
        #expect(gif.delays == [3, 3, 4, 3, 3, 4, 3, 3, 4, 3])
        #expect(gif.delays.reduce(0, +) == 33)  // ten 1/30 s frames, to the centisecond
        #expect(gif.loops)
        for (k, picture) in gif.pictures.enumerated() {
            let source = syntheticFrame(width: 64, height: 48, index: k * 2)
            #expect(meanError(picture: picture, frame: source) < 3, "frame \(k)")
        }
        // Only the moving square's neighbourhood is stored after the first frame.
        #expect(gif.rects[0] == (0, 0, 64, 48))
        #expect(gif.rects[1].width < 16 && gif.rects[1].height == 8)
        #expect(folder.contents == ["out.gif"])  // no temporary file left beside it
    }

    @Test func halfScaleHalvesEachSideAndAveragesBlocks() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/half.gif"
        try recordSynthetic(to: path, options: .init(scale: 0.5))
        let gif = try readGIF(path)
        #expect(gif.width == 32 && gif.height == 24 && gif.pictures.count == 10)
        let full = syntheticFrame(width: 64, height: 48, index: 0)
        let scaler = FrameScaler(sourceWidth: 64, sourceHeight: 48, scale: 0.5)
        let expected = scaler.rgba(from: RecordedFrame(width: 64, height: 48, slot: 0, pixels: full))
        // The 2x2 average of pixel (0,0)'s block, then compared as BGRA like a source frame.
        var bgra = expected
        for p in stride(from: 0, to: bgra.count, by: 4) { bgra.swapAt(p, p + 2) }
        #expect(meanError(picture: gif.pictures[0], frame: bgra) < 3)
        #expect(Array(expected[0..<3]) == [2, 40, 253])  // (0+4)/2 red, 40 green, (255+251)/2 blue, rounded
    }

    @Test func sameFramesGiveByteIdenticalFiles() throws {
        let folder = try TemporaryFolder()
        try recordSynthetic(to: folder.path + "/a.gif", count: 12)
        try recordSynthetic(to: folder.path + "/b.gif", count: 12)
        let a = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/a.gif"))
        let b = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/b.gif"))
        #expect(a.count > 500 && a == b)
    }

    /// A still stretch is one GIF frame shown longer, as every GIF encoder writes it: 20 frames
    /// at 60 Hz of one picture are 10 slots of 1/30 s, one frame of 33 cs.
    @Test func aStillStretchIsOneFrameShownLonger() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/still.gif"
        let recorder = try Recorder(path: path)
        let frame = syntheticFrame(width: 16, height: 16, index: 0)
        for i in 0..<20 {
            frame.withUnsafeBytes { _ = recorder.append(pixels: $0.baseAddress!, width: 16, height: 16, pitch: 64, at: Double(i) / 60) }
        }
        let stats = try recorder.finish()
        #expect(stats.encoded == 10)
        let gif = try readGIF(path)
        #expect(gif.pictures.count == 1 && gif.delays == [33])
    }

    /// The frames are the distinct consecutive pictures, their delays add up to the recording's
    /// length in 30 fps slots, and what a viewer composites shows every recorded slot within the
    /// palettes' error: unchanged pixels inside a frame's rectangle are see-through and the
    /// picture under them is the right one. Frames of few colours come back exactly (tolerance 0)
    /// or within the tolerance; frames of more colours than a palette holds, within the palette's error.
    @Test(arguments: [(false, 0), (false, 4), (true, 4)])
    func theDecodedGIFShowsEveryRecordedFrame(colourful: Bool, tolerance: Int) throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/shown.gif"
        // Picture per 30 fps slot: repeats, a jump back to an earlier picture, a still end.
        let script = [0, 0, 0, 1, 2, 2, 5, 5, 5, 5, 5, 6, 7, 7, 2, 3, 3]
        let (width, height) = (64, 48)
        let recorder = try Recorder(path: path, options: .init(gifTolerance: tolerance))
        for (slot, index) in script.enumerated() {
            syntheticFrame(width: width, height: height, index: index, colourful: colourful).withUnsafeBytes {
                _ = recorder.append(pixels: $0.baseAddress!, width: width, height: height, pitch: width * 4, at: Double(slot) / 30)
            }
        }
        try recorder.finish()
        let gif = try readGIF(path)
        let distinct = script.indices.filter { $0 == 0 || script[$0] != script[$0 - 1] }.count
        #expect(gif.pictures.count == distinct && distinct == 8)
        #expect(gif.delays.reduce(0, +) == script.count * 100 / 30)
        #expect(gif.disposals.allSatisfy { $0 == Int(DISPOSE_DO_NOT) })
        // Every frame after the first has see-through pixels: the square's overlap with where it was.
        #expect(gif.seeThrough[0] == 0 && gif.seeThrough.dropFirst().allSatisfy { $0 > 0 })
        #expect(gif.transparents[0] == -1 && gif.transparents.dropFirst().allSatisfy { $0 >= 0 })
        for (slot, index) in script.enumerated() {
            let shown = try #require(gif.picture(atSlot: slot))
            let recorded = syntheticFrame(width: width, height: height, index: index, colourful: colourful)
            #expect(meanError(picture: shown, frame: recorded) < 3, "slot \(slot)")
            // The palette's own error: none for few colours; dithering's, a few levels on average
            // and never a stale square (a wrong composite is off by 100 or more).
            #expect(meanError(picture: shown, frame: recorded) < (colourful ? 3 : 0.001 + Double(tolerance)), "slot \(slot)")
            #expect(maxError(picture: shown, frame: recorded) <= (colourful ? 24 : tolerance), "slot \(slot)")
        }
    }

    /// libimagequant gives see-through input pixels one palette entry and no drawn pixel lands on it.
    @Test func seeThroughPixelsAndOnlyThoseGetTheTransparentEntry() throws {
        let (width, height) = (40, 30)
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        for p in 0..<(width * height) where (p / width + p % width) % 3 != 0 {
            rgba.replaceSubrange(p * 4 ..< p * 4 + 4, with: [UInt8(p % width * 6), UInt8(p / width * 8), 200, 255])
        }
        let image = try PaletteQuantizer(speed: 4).quantize(rgba: rgba, width: width, height: height)
        let transparent = try #require(image.transparent)
        for p in 0..<(width * height) {
            #expect((image.indices[p] == transparent) == (rgba[p * 4 + 3] == 0), "pixel \(p)")
        }
        let opaque = try PaletteQuantizer(speed: 4).quantize(rgba: syntheticRGBA(width: width, height: height), width: width, height: height)
        #expect(opaque.transparent == nil)
    }

    @Test func aStillnessLongerThanAGIFDelayGoesOnInInvisibleFrames() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/long.gif"
        let recorder = try Recorder(path: path)
        for (i, time) in [0.0, 1000.0].enumerated() {
            syntheticFrame(width: 16, height: 16, index: i).withUnsafeBytes {
                _ = recorder.append(pixels: $0.baseAddress!, width: 16, height: 16, pitch: 64, at: time)
            }
        }
        try recorder.finish()
        let gif = try readGIF(path)
        // 1000 s is 100000 cs: the most one frame can say, then an invisible frame for the rest.
        #expect(gif.delays == [65535, 34465, 3])
        #expect(gif.rects[1] == (0, 0, 1, 1))
        #expect(gif.pictures[1] == gif.pictures[0])
        #expect(gif.pictures[2] != gif.pictures[0])
    }

    @Test func rowsWithPaddingAreReadWithoutIt() throws {
        let folder = try TemporaryFolder()
        // Rows with padding after them (pitch > width * 4): the padding is never read as pixels.
        let padded = try Recorder(path: folder.path + "/padded.gif")
        var rows = [UInt8](repeating: 0xAB, count: 32 * 3)
        for y in 0..<3 { for x in 0..<5 { rows.replaceSubrange(y * 32 + x * 4 ..< y * 32 + x * 4 + 4, with: [0x10, 0x20, 0x30, 0xFF]) } }
        rows.withUnsafeBytes { _ = padded.append(pixels: $0.baseAddress!, width: 5, height: 3, pitch: 32, at: 0) }
        try padded.finish()
        let small = try readGIF(folder.path + "/padded.gif")
        #expect(small.width == 5 && small.height == 3)
        #expect(small.pictures[0] == Array(repeating: [UInt8(0x30), 0x20, 0x10], count: 15).flatMap { $0 })
    }

    @Test func aFrameReadOnlyWhenKeptIsReadOnce() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/lazy.gif"
        let recorder = try Recorder(path: path)
        var reads = 0
        for (i, red) in [UInt8(200), 50].enumerated() {
            let outcome = recorder.append(width: 12, height: 8, at: Double(i) / 30) { buffer in
                reads += 1
                for p in stride(from: 0, to: buffer.count, by: 4) { buffer[p] = 150; buffer[p + 1] = 100; buffer[p + 2] = red; buffer[p + 3] = 255 }
                return true
            }
            #expect(outcome == .queued)
        }
        // The same slot again: not kept, not read.
        #expect(recorder.append(width: 12, height: 8, at: 1.5 / 30) { _ in reads += 1; return true } == .skipped)
        // A read that fails is no frame.
        #expect(recorder.append(width: 12, height: 8, at: 2 / 30) { _ in reads += 1; return false } == .skipped)
        try recorder.finish()
        #expect(reads == 3)
        let gif = try readGIF(path)
        #expect(gif.width == 12 && gif.height == 8 && gif.pictures.count == 2)
        #expect(Array(gif.pictures[0][0..<3]) == [200, 100, 150])
        #expect(Array(gif.pictures[1][0..<3]) == [50, 100, 150])
    }

    @Test func aWindowResizedMidRecordingKeepsTheFirstSize() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/resize.gif"
        let recorder = try Recorder(path: path)
        for (i, side) in [8, 12, 4].enumerated() {
            let pixels = syntheticFrame(width: side, height: side, index: i)
            pixels.withUnsafeBytes { _ = recorder.append(pixels: $0.baseAddress!, width: side, height: side, pitch: side * 4, at: Double(i) / 30) }
        }
        try recorder.finish()
        let gif = try readGIF(path)
        #expect(gif.width == 8 && gif.height == 8 && gif.pictures.count == 3)
    }
}

@Suite struct RecordingFileSafetyTests {
    @Test func anExistingFileIsNeverReplaced() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/mine.gif"
        try Data("precious".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: RecordingError("\(path): file exists, not replacing it")) { try Recorder(path: path) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "precious")
        #expect(folder.contents == ["mine.gif"])
    }

    /// Every format's recorder: the file is published only if nothing took its name meanwhile.
    @Test(arguments: ["gif", "mp4", "webm"])
    func aFileThatAppearsDuringRecordingIsKeptAndTheRecordingFails(format: String) throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/race.\(format)"
        let recorder = try Recorder(path: path)
        syntheticFrame(width: 8, height: 8, index: 0).withUnsafeBytes {
            _ = recorder.append(pixels: $0.baseAddress!, width: 8, height: 8, pitch: 32, at: 0)
        }
        try Data("other".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: RecordingError("\(path): file exists, not replacing it")) { try recorder.finish() }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "other")
        #expect(folder.contents == ["race.\(format)"])
    }

    @Test func aMissingFolderIsOneLine() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/nope/out.gif"
        #expect(throws: RecordingError("\(path): folder \(folder.path)/nope does not exist")) { try Recorder(path: path) }
    }

    @Test func cancelAndEmptyRecordingsLeaveNothing() throws {
        let folder = try TemporaryFolder()
        let cancelled = try Recorder(path: folder.path + "/cancelled.gif")
        syntheticFrame(width: 8, height: 8, index: 0).withUnsafeBytes {
            _ = cancelled.append(pixels: $0.baseAddress!, width: 8, height: 8, pitch: 32, at: 0)
        }
        cancelled.cancel()
        let empty = try Recorder(path: folder.path + "/empty.gif")
        #expect(throws: RecordingError("\(folder.path)/empty.gif: no frames were recorded")) { try empty.finish() }
        #expect(folder.contents.isEmpty)
    }

    @Test func aBadScaleIsRefused() throws {
        let folder = try TemporaryFolder()
        #expect(throws: RecordingError("scale 2.0 is outside 0 < scale <= 1")) {
            try Recorder(path: folder.path + "/x.gif", options: .init(scale: 2))
        }
        #expect(throws: RecordingError("120 frames per second is outside 1 ... 100 (GIF delays are centiseconds)")) {
            try Recorder(path: folder.path + "/x.gif", options: .init(framesPerSecond: 120))
        }
        #expect(folder.contents.isEmpty)
    }
}

@Suite struct GIFRecorderBackgroundFinishTests {
    @Test func finishingInTheBackgroundReportsTheFile() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/bg.gif"
        let recorder = try Recorder(path: path, options: .init(policy: .dropping))
        for i in 0..<4 {
            syntheticFrame(width: 16, height: 16, index: i).withUnsafeBytes {
                _ = recorder.append(pixels: $0.baseAddress!, width: 16, height: 16, pitch: 64, at: Double(i) / 30)
            }
        }
        let result = await withCheckedContinuation { continuation in recorder.finish { continuation.resume(returning: $0) } }
        let stats = try result.get()
        #expect(stats.queued + stats.dropped == 4 && stats.encoded == stats.queued)
        #expect(try readGIF(path).pictures.count == stats.encoded)
        #expect(recorder.append(pixels: [UInt8](repeating: 0, count: 64), width: 4, height: 4, pitch: 16, at: 9) == .failed)
    }
}
