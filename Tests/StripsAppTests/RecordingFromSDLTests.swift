import CSDL2
import Foundation
import StripsRecording
import StripsSDL
import Testing

/// An encoder that keeps the frames it is given.
private final class KeptFrames: FrameEncoder, @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [RecordedFrame] = []
    var frames: [RecordedFrame] { lock.withLock { kept } }
    func encode(_ frame: RecordedFrame) throws { lock.withLock { kept.append(frame) } }
    func finish() throws {}
    func abort() {}
}

/// The window's and the offscreen renderer's frames reach a recording as plain pixels.
@Suite struct RecordingFromSDLTests {
    @Test func anOffscreenSurfaceIsRecordedAsItsPixels() throws {
        let encoder = KeptFrames()
        let recorder = Recorder(encoder: encoder)
        let surface = try #require(SDL_CreateRGBSurfaceWithFormat(0, 10, 6, 32, SDL_PIXELFORMAT_ARGB8888.rawValue))
        defer { SDL_FreeSurface(surface) }
        // Fill with 0xFF204080: A=FF, R=20, G=40, B=80, stored B,G,R,A.
        var rect = SDL_Rect(x: 0, y: 0, w: 10, h: 6)
        SDL_FillRect(surface, &rect, 0xFF20_4080)
        #expect(recorder.append(surface: surface, at: 0) == .queued)
        #expect(recorder.append(surface: surface, at: 0.01) == .skipped)
        // Another format is not a frame.
        let rgb = try #require(SDL_CreateRGBSurfaceWithFormat(0, 4, 4, 24, SDL_PIXELFORMAT_RGB24.rawValue))
        defer { SDL_FreeSurface(rgb) }
        #expect(recorder.append(surface: rgb, at: 1) == .skipped)
        try recorder.finish()
        let frames = encoder.frames
        #expect(frames.count == 1 && frames[0].width == 10 && frames[0].height == 6)
        #expect(Array(frames[0].pixels[0..<4]) == [0x80, 0x40, 0x20, 0xFF])
    }

    @Test func aRenderersFrameIsReadWhenItIsWanted() throws {
        let encoder = KeptFrames()
        let recorder = Recorder(encoder: encoder)
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
        let frames = encoder.frames
        #expect(frames.count == 2 && frames.allSatisfy { $0.width == 12 && $0.height == 8 })
        #expect(Array(frames[0].pixels[0..<3]) == [150, 100, 200] && Array(frames[1].pixels[0..<3]) == [150, 100, 50])
    }
}
