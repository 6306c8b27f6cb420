import Foundation
import StripsCore
import StripsCorrection
import StripsDocumentPhotos
import StripsPictures
import StripsRender

/// Detector and flatten times on one core for a 12 MP phone photo, beside decoding the same JPEG
/// (whole, and at 1/8 as the detector's small copy can come straight from the decoder), measured
/// in the same run. Medians of `runs`.
enum Benchmark {
    static func run(runs: Int, seed: UInt64, pages: [PageArt]) {
        let photo = DocumentPhotoSet.photo(4, seed: seed, pages: pages, size: (4000, 3000))
        let jpeg = photo.jpeg
        say("12 MP photo: \(photo.picture.width)x\(photo.picture.height), \(photo.className), \(photo.pageName), page covers \(fmt(photo.coverage * 100, 0))%, JPEG \(jpeg.count / 1024) KiB; median of \(runs) runs, one thread")
        func median(_ body: () -> Void) -> Double {
            body()  // warm-up
            let times = (0..<max(1, runs)).map { _ in milliseconds(body) }.sorted()
            return times[times.count / 2]
        }
        var full: PixelBuffer?, eighth: PixelBuffer?
        let decodeFull = median { full = JPEG.decode(jpeg) }
        let decodeEighth = median { eighth = JPEG.decode(jpeg, scale: 8) }
        guard let full, let eighth else { fail("cannot decode the benchmark photo") }
        var found: Quad?
        let detectFull = median { found = BorderDetector.detect(in: full) }
        var foundSmall: Quad?
        let detectSmall = median { foundSmall = BorderDetector.detect(in: eighth) }
        let size = Size(width: 4000, height: 3000)
        let diagonal = 5000.0
        let quad = found ?? photo.corners
        let smallQuad = foundSmall.map { $0.scaled(from: Size(width: Double(eighth.width), height: Double(eighth.height)), to: size) }
        // A page flattened to 12 MP at its own aspect, and the page at the photo's own density.
        let pageSize = flattenedSize(quad: quad, pictureSize: size)
        let scale = (12_000_000 / (pageSize.width * pageSize.height)).squareRoot()
        let twelve = Size(width: (pageSize.width * scale).rounded(), height: (pageSize.height * scale).rounded())
        var flat: PixelBuffer?
        let flatten12 = median { flat = Flattener.flatten(full, quad: quad, size: twelve) }
        let flattenOwn = median { _ = Flattener.flatten(full, quad: quad, size: pageSize) }
        let sizeMs = median { for _ in 0..<1000 { _ = flattenedSize(quad: quad, pictureSize: size) } } / 1000
        guard let flat else { fail("cannot flatten") }
        var angle: Double?
        let skew = median { angle = Straightener.levellingAngle(of: flat) }
        let turn = median { _ = Straightener.rotated(flat, degrees: 1.3) }
        let flatten12Two = median { _ = Flattener.flatten(full, quad: quad, size: twelve, threads: 2) }
        let turnTwo = median { _ = Straightener.rotated(flat, degrees: 1.3, threads: 2) }
        // The recipe renderer: flatten and turn in one resampling, what saving and the window draw.
        let recipe = PixelRecipe(crop: quad, straighten: 1.3)
        let save = median { _ = PageRenderer().page(full, recipe: recipe, sourceSize: size) }
        let saveTwo = median { _ = PageRenderer(threads: 2).page(full, recipe: recipe, sourceSize: size) }
        // The preview: the source decoded at the page's drawn density (the DCT's largest scale-down
        // that still gives the size the plan asks for) and the page fitted into a 1600 x 1200
        // window, one decode worker.
        let plan = RecipePlan(recipe: recipe, sourceSize: size, limit: PixelLimit(width: 1600, height: 1200), region: nil)
        let wanted = Double(plan?.sourceLimit.width ?? 4000)
        let dct = [8, 4, 2, 1].first { 4000 / Double($0) >= wanted } ?? 1
        var quarter: PixelBuffer?
        let decodeQuarter = median { quarter = JPEG.decode(jpeg, scale: dct) }
        var preview: PixelBuffer?
        let previewMs = median {
            preview = quarter.flatMap { PageRenderer().page($0, recipe: recipe, sourceSize: size, limit: PixelLimit(width: 1600, height: 1200))?.pixels }
        }

        func row(_ name: String, _ ms: Double, _ note: String = "") -> String {
            "\(name.padding(toLength: 52, withPad: " ", startingAt: 0)) \(String(format: "%9.2f", ms))  \(String(format: "x%5.2f", ms / decodeFull))  \(note)"
        }
        say("")
        say("step".padding(toLength: 52, withPad: " ", startingAt: 0) + "        ms  vs decode  note")
        say(row("baseline: decode the 12 MP JPEG (libjpeg-turbo)", decodeFull))
        say(row("baseline: decode it at 1/8 (\(eighth.width)x\(eighth.height))", decodeEighth))
        say(row("detect on the 12 MP picture (makes its small copy)", detectFull, found.map { "corner error \(fmt($0.maxCornerDistance(to: photo.corners) / diagonal * 100, 2))% of the diagonal" } ?? "nothing found"))
        say(row("detect on the 1/8 decode", detectSmall, smallQuad.map { "corner error \(fmt($0.maxCornerDistance(to: photo.corners) / diagonal * 100, 2))%" } ?? "nothing found"))
        say(row("  1/8 decode + detect: from the JPEG", decodeEighth + detectSmall))
        say(row("  full decode + detect: from the JPEG", decodeFull + detectFull))
        say(row("flattenedSize (one call)", sizeMs, "\(Int(pageSize.width))x\(Int(pageSize.height))"))
        say(row("flatten to a 12 MP page (\(Int(twelve.width))x\(Int(twelve.height)), bicubic)", flatten12, String(format: "%.1f ns per output pixel", flatten12 * 1e6 / (twelve.width * twelve.height))))
        say(row("flatten at the photo's density (\(Int(pageSize.width))x\(Int(pageSize.height)))", flattenOwn))
        say(row("skew of the 12 MP page (leptonica)", skew, angle.map { "levelling angle \(fmt($0, 2)) degrees" } ?? "no lines"))
        say(row("turn the 12 MP page by 1.3 degrees (bicubic)", turn))
        say(row("flatten to a 12 MP page, two threads", flatten12Two))
        say(row("turn the 12 MP page, two threads", turnTwo))
        say(row("save: flatten + turn 1.3 deg in one pass (\(Int(pageSize.width))x\(Int(pageSize.height)))", save, "PageRenderer, what saving runs"))
        say(row("  the same, two threads", saveTwo))
        say(row("preview: 1/\(dct) decode (\(quarter?.width ?? 0)x\(quarter?.height ?? 0))", decodeQuarter, plan.map { "the plan asks for \($0.sourceLimit.width)x\($0.sourceLimit.height)" } ?? ""))
        say(row("preview: flatten + turn it into 1600x1200", previewMs, preview.map { "\($0.width)x\($0.height)" } ?? "failed"))
        say(row("  decode + preview render", decodeQuarter + previewMs))
    }
}
