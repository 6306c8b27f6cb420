import CGIF
import CSDL2
import Foundation
import Testing
@testable import StripsRecording

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

    /// A still stretch keeps one GIF frame per 30 fps slot (invisible 1x1 frames over the picture),
    /// so a GIF's frame count and delays tell the recording's length.
    @Test func identicalFramesKeepAFramePerSlot() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/still.gif"
        let recorder = try GIFRecorder(path: path)
        let frame = syntheticFrame(width: 16, height: 16, index: 0)
        for i in 0..<20 {
            frame.withUnsafeBytes { _ = recorder.append(pixels: $0.baseAddress!, width: 16, height: 16, pitch: 64, at: Double(i) / 60) }
        }
        try recorder.finish()
        let gif = try readGIF(path)
        #expect(gif.pictures.count == 10 && gif.delays == [3, 3, 4, 3, 3, 4, 3, 3, 4, 3])
        #expect(gif.pictures.allSatisfy { $0 == gif.pictures[0] })
    }

    @Test func aStillnessLongerThanAGIFDelayGoesOnInInvisibleFrames() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/long.gif"
        let recorder = try GIFRecorder(path: path)
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

    @Test func readsPaddedRowsAndSDLSurfaces() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/surface.gif"
        let recorder = try GIFRecorder(path: path)
        let surface = try #require(SDL_CreateRGBSurfaceWithFormat(0, 10, 6, 32, SDL_PIXELFORMAT_ARGB8888.rawValue))
        defer { SDL_FreeSurface(surface) }
        // Fill with 0xFF204080: A=FF, R=20, G=40, B=80, stored B,G,R,A.
        var rect = SDL_Rect(x: 0, y: 0, w: 10, h: 6)
        SDL_FillRect(surface, &rect, 0xFF20_4080)
        #expect(recorder.append(surface: surface, at: 0) == .queued)
        #expect(recorder.append(surface: surface, at: 0.01) == .skipped)
        try recorder.finish()
        let gif = try readGIF(path)
        #expect(gif.width == 10 && gif.height == 6)
        #expect(Array(gif.pictures[0][0..<3]) == [0x20, 0x40, 0x80])

        // Rows with padding after them (pitch > width * 4): the padding is never read as pixels.
        let padded = try GIFRecorder(path: folder.path + "/padded.gif")
        var rows = [UInt8](repeating: 0xAB, count: 32 * 3)
        for y in 0..<3 { for x in 0..<5 { rows.replaceSubrange(y * 32 + x * 4 ..< y * 32 + x * 4 + 4, with: [0x10, 0x20, 0x30, 0xFF]) } }
        rows.withUnsafeBytes { _ = padded.append(pixels: $0.baseAddress!, width: 5, height: 3, pitch: 32, at: 0) }
        try padded.finish()
        let small = try readGIF(folder.path + "/padded.gif")
        #expect(small.width == 5 && small.height == 3)
        #expect(small.pictures[0] == Array(repeating: [UInt8(0x30), 0x20, 0x10], count: 15).flatMap { $0 })
    }

    @Test func readsARenderersFrame() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/renderer.gif"
        let recorder = try GIFRecorder(path: path)
        // SDL's software renderer into a surface stands in for the window's renderer.
        let target = try #require(SDL_CreateRGBSurfaceWithFormat(0, 12, 8, 32, SDL_PIXELFORMAT_ARGB8888.rawValue))
        defer { SDL_FreeSurface(target) }
        let renderer = try #require(SDL_CreateSoftwareRenderer(target))
        defer { SDL_DestroyRenderer(renderer) }
        for (i, red) in [UInt8(200), 50].enumerated() {
            SDL_SetRenderDrawColor(renderer, red, 100, 150, 255)
            SDL_RenderClear(renderer)
            #expect(recorder.append(renderer: renderer, at: Double(i) / 30) == .queued)
        }
        #expect(recorder.append(renderer: renderer, at: 1.5 / 30) == .skipped)
        try recorder.finish()
        let gif = try readGIF(path)
        #expect(gif.width == 12 && gif.height == 8 && gif.pictures.count == 2)
        #expect(Array(gif.pictures[0][0..<3]) == [200, 100, 150])
        #expect(Array(gif.pictures[1][0..<3]) == [50, 100, 150])
    }

    @Test func aWindowResizedMidRecordingKeepsTheFirstSize() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/resize.gif"
        let recorder = try GIFRecorder(path: path)
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
        #expect(throws: RecordingError("\(path): file exists, not replacing it")) { try GIFRecorder(path: path) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "precious")
        #expect(folder.contents == ["mine.gif"])
    }

    @Test func aFileThatAppearsDuringRecordingIsKeptAndTheRecordingFails() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/race.gif"
        let recorder = try GIFRecorder(path: path)
        syntheticFrame(width: 8, height: 8, index: 0).withUnsafeBytes {
            _ = recorder.append(pixels: $0.baseAddress!, width: 8, height: 8, pitch: 32, at: 0)
        }
        try Data("other".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: RecordingError("\(path): file exists, not replacing it")) { try recorder.finish() }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "other")
        #expect(folder.contents == ["race.gif"])
    }

    @Test func aMissingFolderIsOneLine() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/nope/out.gif"
        #expect(throws: RecordingError("\(path): folder \(folder.path)/nope does not exist")) { try GIFRecorder(path: path) }
    }

    @Test func cancelAndEmptyRecordingsLeaveNothing() throws {
        let folder = try TemporaryFolder()
        let cancelled = try GIFRecorder(path: folder.path + "/cancelled.gif")
        syntheticFrame(width: 8, height: 8, index: 0).withUnsafeBytes {
            _ = cancelled.append(pixels: $0.baseAddress!, width: 8, height: 8, pitch: 32, at: 0)
        }
        cancelled.cancel()
        let empty = try GIFRecorder(path: folder.path + "/empty.gif")
        #expect(throws: RecordingError("\(folder.path)/empty.gif: no frames were recorded")) { try empty.finish() }
        #expect(folder.contents.isEmpty)
    }

    @Test func aBadScaleIsRefused() throws {
        let folder = try TemporaryFolder()
        #expect(throws: RecordingError("scale 2.0 is outside 0 < scale <= 1")) {
            try GIFRecorder(path: folder.path + "/x.gif", options: .init(scale: 2))
        }
        #expect(throws: RecordingError("120 frames per second is outside 1 ... 100 (GIF delays are centiseconds)")) {
            try GIFRecorder(path: folder.path + "/x.gif", options: .init(framesPerSecond: 120))
        }
        #expect(folder.contents.isEmpty)
    }
}

@Suite struct GIFRecorderBackgroundFinishTests {
    @Test func finishingInTheBackgroundReportsTheFile() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/bg.gif"
        let recorder = try GIFRecorder(path: path, options: .init(policy: .dropping))
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
