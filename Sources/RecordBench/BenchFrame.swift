import CSDL2
import Foundation
import StripsCore

/// One frame to record: ARGB8888 bytes (B, G, R, A), rows packed.
struct BenchFrame {
    var width: Int
    var height: Int
    var pixels: [UInt8]

    /// A PNG (or any picture SDL_image reads) as the renderer's pixels.
    static func load(_ path: String) -> BenchFrame? {
        guard let loaded = IMG_Load(path) else { return nil }
        defer { SDL_FreeSurface(loaded) }
        guard let argb = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else { return nil }
        defer { SDL_FreeSurface(argb) }
        let s = argb.pointee
        guard let base = s.pixels else { return nil }
        var pixels = [UInt8](repeating: 0, count: Int(s.w) * Int(s.h) * 4)
        for y in 0..<Int(s.h) {
            pixels.withUnsafeMutableBytes { out in
                out.baseAddress.map { ($0 + y * Int(s.w) * 4).copyMemory(from: base + y * Int(s.pitch), byteCount: Int(s.w) * 4) }
            }
        }
        return BenchFrame(width: Int(s.w), height: Int(s.h), pixels: pixels)
    }

    /// 1024x768 of gradients and noise that move everywhere every frame: the worst case.
    static func synthetic(_ k: Int) -> BenchFrame {
        let (w, h) = (1024, 768)
        var pixels = [UInt8](repeating: 255, count: w * h * 4)
        var random = SeededRandom(seed: UInt64(k))
        for y in 0..<h {
            for x in 0..<w {
                let o = (y * w + x) * 4
                pixels[o] = UInt8((x + k * 7) & 255)
                pixels[o + 1] = UInt8((y + k * 3) & 255)
                pixels[o + 2] = UInt8((x ^ y) & 255) &+ UInt8(random.next() >> 60)
            }
        }
        return BenchFrame(width: w, height: h, pixels: pixels)
    }
}
