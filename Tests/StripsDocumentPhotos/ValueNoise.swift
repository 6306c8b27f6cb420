import Foundation
import StripsCore

/// Smooth value noise on a lattice (cubic fade), summed over octaves: wood's wobble, cloth's
/// unevenness, light falling off. Values about -1...1.
struct ValueNoise: Sendable {
    let seed: UInt64

    private func lattice(_ x: Int, _ y: Int) -> Double {
        var h = UInt64(bitPattern: Int64(x)) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(bitPattern: Int64(y)) &* 0xC2B2_AE3D_27D4_EB4F ^ seed
        h = (h ^ (h >> 29)) &* 0xBF58_476D_1CE4_E5B9
        h ^= h >> 32
        return Double(h & 0xFFFF) / 32767.5 - 1
    }

    func value(_ x: Double, _ y: Double) -> Double {
        let fx = x.rounded(.down), fy = y.rounded(.down)
        let (ix, iy) = (Int(fx), Int(fy))
        let (tx, ty) = (x - fx, y - fy)
        let sx = tx * tx * (3 - 2 * tx), sy = ty * ty * (3 - 2 * ty)
        let a = lattice(ix, iy), b = lattice(ix + 1, iy), c = lattice(ix, iy + 1), d = lattice(ix + 1, iy + 1)
        return (a + (b - a) * sx) + ((c + (d - c) * sx) - (a + (b - a) * sx)) * sy
    }

    func fractal(_ x: Double, _ y: Double, octaves: Int = 3) -> Double {
        var sum = 0.0, amplitude = 0.5, frequency = 1.0
        for _ in 0..<octaves {
            sum += amplitude * value(x * frequency, y * frequency)
            amplitude *= 0.5
            frequency *= 2
        }
        return sum
    }
}
