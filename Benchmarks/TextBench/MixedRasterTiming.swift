import Foundation
import StripsCore
import StripsLooks
import StripsPictures
import StripsSampleScans

/// `colour-time [COUNT]`: what a colour letter page costs to make and store, in one run: the colour
/// and grey looks (with their picture finding and border cleaning), then storing the look as mixed
/// raster content against storing it as one JPEG (quality 85, what issue 22 saved), with each one's
/// bytes. Medians of three, in milliseconds of this process's clock.
enum MixedRasterTiming {
    static func run(count: Int) throws {
        print("| page | look | look ms | one JPEG ms | KB | mixed raster ms | KB | ratio of times |")
        print("|---|---|---|---|---|---|---|---|")
        for seed in 0..<count {
            guard let scan = ColourScanner.scan(seed: seed) else { throw CocoaError(.featureUnsupported) }
            for look in [Look.colour, .grey] {
                var picture = scan.picture
                let lookTime = median { picture = Looks.apply(look, to: scan.picture, pixelsPerInch: scan.dpi) }
                var jpeg = 0, layered = 0
                let jpegTime = median { jpeg = PageImageEncoder.encode(picture, look: look)?.bytes.count ?? 0 }
                let layeredTime = median { layered = MixedRaster.encode(picture, look: look, pixelsPerInch: scan.dpi)?.byteCount ?? 0 }
                print(String(format: "| %d | %@ | %.0f | %.0f | %.0f | %.0f | %.0f | %.1f |", seed + 1, look.name, lookTime, jpegTime,
                             Double(jpeg) / 1000, layeredTime, Double(layered) / 1000, layeredTime / max(jpegTime, 0.001)))
            }
        }
    }

    static func median(_ body: () -> Void) -> Double {
        let clock = ContinuousClock()
        let times = (0..<3).map { _ in
            let elapsed = clock.measure(body)
            return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        }
        return times.sorted()[1]
    }
}
