import Foundation
import StripsCore
import StripsPictures

/// What the page lies on. Each fills a photo-sized picture with a texture synthesised from
/// seeded noise: wood (grain, rings, plank seams), fabric (a weave, uneven dye), a light table
/// (white on near-white), plain laminate.
public enum Desk: String, CaseIterable, Sendable {
    case wood, fabric, lightTable = "light-table", laminate

    func render(width: Int, height: Int, random: inout SeededRandom) -> [Float] {
        var rgb = [Float](repeating: 0, count: width * height * 3)
        let noise = ValueNoise(seed: random.next())
        let scale = Double(max(width, height)) / 2000  // textures keep their size in the scene
        switch self {
        case .wood:
            let tones: [(Double, Double, Double)] = [(196, 152, 104), (120, 80, 50), (160, 96, 60), (210, 180, 140), (90, 62, 45)]
            let base = tones[Int(random.next() % UInt64(tones.count))]
            let angle = random.uniform(0...Double.pi)
            let (ca, sa) = (cos(angle), sin(angle))
            let ringPeriod = random.uniform(18...45) * scale
            let plank = random.chance(0.6) ? random.uniform(250...600) * scale : 0
            let seamWidth = random.uniform(2...5) * scale
            fill(&rgb, width, height) { x, y in
                let u = x * ca + y * sa, v = -x * sa + y * ca
                let wobble = noise.fractal(u / (400 * scale), v / (60 * scale)) * 40 * scale
                let ring = sin((v + wobble) / ringPeriod * 2 * .pi)
                let fibre = noise.value(u / (3 * scale), v / (0.7 * scale + 0.3))
                var k = 1 + 0.12 * ring * ring * ring + 0.05 * fibre + 0.08 * noise.fractal(u / (700 * scale), v / (300 * scale))
                if plank > 0 {
                    let m = (v + 10_000 * plank).truncatingRemainder(dividingBy: plank)
                    if m < seamWidth { k *= 0.55 }
                }
                return (base.0 * k, base.1 * k, base.2 * k)
            }
        case .fabric:
            let tones: [(Double, Double, Double)] = [(60, 80, 130), (110, 110, 115), (50, 110, 70), (150, 40, 50), (190, 180, 160)]
            let base = tones[Int(random.next() % UInt64(tones.count))]
            let angle = random.uniform(0...Double.pi)
            let (ca, sa) = (cos(angle), sin(angle))
            let period = random.uniform(3...8) * scale
            fill(&rgb, width, height) { x, y in
                let u = x * ca + y * sa, v = -x * sa + y * ca
                let warp = sin(u / period * .pi), weft = sin(v / period * .pi)
                let over = (Int((u / period).rounded(.down)) + Int((v / period).rounded(.down))) & 1 == 0
                let thread = over ? abs(warp) : abs(weft)
                let k = 0.85 + 0.2 * thread + 0.1 * noise.fractal(x / (150 * scale), y / (150 * scale))
                    + 0.06 * noise.value(x / (1.5 * scale), y / (1.5 * scale))
                return (base.0 * k, base.1 * k, base.2 * k)
            }
        case .lightTable:
            let level = random.uniform(222...242)
            let tint = (random.uniform(-4...4), random.uniform(-4...4), random.uniform(-6...4))
            fill(&rgb, width, height) { x, y in
                let k = level + 6 * noise.fractal(x / (900 * scale), y / (900 * scale))
                return (k + tint.0, k + tint.1, k + tint.2)
            }
        case .laminate:
            let tones: [(Double, Double, Double)] = [(70, 70, 72), (40, 42, 48), (150, 150, 145), (110, 90, 70)]
            let base = tones[Int(random.next() % UInt64(tones.count))]
            fill(&rgb, width, height) { x, y in
                let k = 1 + 0.04 * noise.fractal(x / (300 * scale), y / (300 * scale)) + 0.02 * noise.value(x / (2 * scale), y / (2 * scale))
                return (base.0 * k, base.1 * k, base.2 * k)
            }
        }
        return rgb
    }

    private func fill(_ rgb: inout [Float], _ width: Int, _ height: Int,
                      _ colour: (Double, Double) -> (Double, Double, Double)) {
        rgb.withUnsafeMutableBufferPointer { p in
            for y in 0..<height {
                for x in 0..<width {
                    let c = colour(Double(x), Double(y))
                    let o = (y * width + x) * 3
                    p[o] = Float(c.0); p[o + 1] = Float(c.1); p[o + 2] = Float(c.2)
                }
            }
        }
    }
}
