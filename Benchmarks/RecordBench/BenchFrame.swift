import Foundation
import StripsCore
import StripsPictures

/// One frame to record: ARGB8888 bytes (B, G, R, A), rows packed.
struct BenchFrame {
    var width: Int
    var height: Int
    var pixels: [UInt8]

    /// A PNG (or any picture the app reads) as the renderer's pixels.
    static func load(_ path: String) -> BenchFrame? {
        guard case .success(let picture) = PictureDecoder.decodeStored(path) else { return nil }
        let bgra = picture.bgra()
        return BenchFrame(width: bgra.width, height: bgra.height, pixels: bgra.bytes)
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
