import StripsPictures

/// A page made pixel by pixel with everything measurable: paper under a shadow that falls off to
/// the left (light from 45 % to 100 %), noise, bars of text-dark ink, and hairlines one pixel wide
/// whose ink is only 45 % darker than their paper, both deep in the shadow and in full light.
struct SyntheticPage {
    var picture: PixelBuffer
    /// Pixels at least 6 px from any ink.
    var paper: [Int] = []
    /// The hairlines' pixels, in the shadow and in the light.
    var shadowedHairline: [Int] = []
    var litHairline: [Int] = []
    var bars: [Int] = []

    /// The light reaching column `x`: 45 % at the left edge, full from the middle on.
    static func light(_ x: Int, width: Int) -> Double {
        let t = min(1, Double(x) / (Double(width) * 0.5))
        return 0.45 + 0.55 * t * t * (3 - 2 * t)
    }

    init(width: Int = 600, height: Int = 780, paper tint: (Double, Double, Double) = (236, 236, 236), format: PixelBuffer.Format = .rgb) {
        var ink = [UInt8](repeating: 0, count: width * height)   // 0 paper, 1 bar, 2 hairline
        // Lines of "letters": bars 3 px wide, 22 px tall, 5 px apart, in words of 5.
        for line in stride(from: 60, to: height - 120, by: 60) {
            for x in stride(from: 30, to: width - 30, by: 8) where (x / 8) % 6 != 5 {
                for y in line..<(line + 22) { for dx in 0..<3 { ink[y * width + x + dx] = 1 } }
            }
        }
        // Hairlines: vertical, one pixel wide, 60 px long, in the gaps between text lines' ends.
        for x in [width / 10, width / 10 + 17, width * 7 / 10, width * 7 / 10 + 17] {
            for y in (height - 100)..<(height - 40) { ink[y * width + x] = 2 }
        }
        // Near ink: within 6 px, by a box dilation done as two passes of running sums.
        var across = [Int32](repeating: 0, count: width * height)
        for y in 0..<height {
            var sum: Int32 = 0
            for x in 0..<(width + 6) {
                if x < width, ink[y * width + x] != 0 { sum += 1 }
                if x - 13 >= 0, ink[y * width + x - 13] != 0 { sum -= 1 }
                if x - 6 >= 0, x - 6 < width { across[y * width + x - 6] = sum }
            }
        }
        var near = [Bool](repeating: false, count: width * height)
        for x in 0..<width {
            var sum: Int32 = 0
            for y in 0..<(height + 6) {
                if y < height { sum += across[y * width + x] }
                if y - 13 >= 0 { sum -= across[(y - 13) * width + x] }
                if y - 6 >= 0, y - 6 < height { near[(y - 6) * width + x] = sum > 0 }
            }
        }
        var bytes = [UInt8](repeating: 255, count: width * height * format.bytesPerPixel)
        var state: UInt32 = 12345
        var shadowed: [Int] = [], lit: [Int] = [], barPixels: [Int] = [], paperPixels: [Int] = []
        for y in 0..<height {
            for x in 0..<width {
                let index = y * width + x
                let light = Self.light(x, width: width)
                let darkening: Double = ink[index] == 1 ? 0.15 : ink[index] == 2 ? 0.55 : 1
                state = state &* 1_664_525 &+ 1_013_904_223
                let noise = Double(Int(state >> 24) % 13 - 6)
                let channels: [UInt8] = [tint.0, tint.1, tint.2].map { (level: Double) -> UInt8 in
                    let value: Double = level * light * darkening + noise
                    return UInt8(max(0, min(255, value.rounded())))
                }
                switch format {
                case .grey:
                    let luma: Double = Double(channels[0]) * 0.299 + Double(channels[1]) * 0.587 + Double(channels[2]) * 0.114
                    bytes[index] = UInt8(luma.rounded())
                case .rgb: for c in 0..<3 { bytes[index * 3 + c] = channels[c] }
                case .bgra:
                    bytes[index * 4] = channels[2]; bytes[index * 4 + 1] = channels[1]; bytes[index * 4 + 2] = channels[0]; bytes[index * 4 + 3] = 255
                }
                if ink[index] == 2, x < width / 2 { shadowed.append(index) }
                if ink[index] == 2, x >= width / 2 { lit.append(index) }
                if ink[index] == 1 { barPixels.append(index) }
                if !near[index] { paperPixels.append(index) }
            }
        }
        picture = PixelBuffer(width: width, height: height, format: format, bytes: bytes)!
        shadowedHairline = shadowed
        litHairline = lit
        bars = barPixels
        paper = paperPixels
    }
}

extension SyntheticPage {
    /// The pages most tests use, made once (building one pixel by pixel is slow in a debug build).
    static let standard = SyntheticPage()
    static let tintedBGRA = SyntheticPage(paper: (240, 226, 170), format: .bgra)
}

/// Measures on pictures.
enum Measure {
    /// Luma of a pixel in any format.
    static func luma(_ picture: PixelBuffer, _ index: Int) -> Double {
        let b = picture.bytes
        switch picture.format {
        case .grey: return Double(b[index])
        case .rgb: return 0.299 * Double(b[index * 3]) + 0.587 * Double(b[index * 3 + 1]) + 0.114 * Double(b[index * 3 + 2])
        case .bgra: return 0.299 * Double(b[index * 4 + 2]) + 0.587 * Double(b[index * 4 + 1]) + 0.114 * Double(b[index * 4])
        }
    }

    /// The spread of the middle 96 % of values: p98 - p2.
    static func spread(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[sorted.count * 98 / 100] - sorted[sorted.count * 2 / 100]
    }

    static func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(max(1, values.count)) }

    /// The share of `pixels` darker than mid-grey.
    static func darkShare(_ picture: PixelBuffer, _ pixels: [Int]) -> Double {
        Double(pixels.filter { luma(picture, $0) < 128 }.count) / Double(max(1, pixels.count))
    }

    /// A box-filtered reduction by a whole factor, in luma.
    static func reducedLuma(_ picture: PixelBuffer, by factor: Int) -> [Double] {
        let w = picture.width / factor, h = picture.height / factor
        var out = [Double](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                var sum = 0.0
                for dy in 0..<factor { for dx in 0..<factor { sum += luma(picture, (y * factor + dy) * picture.width + x * factor + dx) } }
                out[y * w + x] = sum / Double(factor * factor)
            }
        }
        return out
    }
}
