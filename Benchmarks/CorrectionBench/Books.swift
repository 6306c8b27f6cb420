import Foundation
import StripsBatch
import StripsCore
import StripsCorrection
import StripsDocumentPhotos
import StripsPictures
import StripsRender
import StripsSampleScans

/// Curved pages (issue 40): sample scans with known words bent as a book's page and photographed,
/// then each photo as `--borders auto` makes it, without and with the curve laid flat: the curve
/// finder's and the renderer's times on one core, the text lines' straightness before and after,
/// and the pictures and the truth written for Scripts/bench-dewarp.sh to read with Tesseract.
enum Books {
    /// The bends tried: a right-hand and a left-hand page, shallow and deep.
    static let bends: [BookPagePhoto.Bend] = [
        BookPagePhoto.Bend(rise: 0.12, droop: 0.02, gutterLeft: true, offset: (0.05, -0.03)),
        BookPagePhoto.Bend(rise: 0.16, droop: 0.03, gutterLeft: false, offset: (-0.04, 0.02)),
        BookPagePhoto.Bend(rise: 0.08, droop: 0.01, gutterLeft: true, offset: (0.0, 0.05)),
    ]

    /// The photo of style `index` bent by bend `index % bends.count`, `width` x `height`.
    static func photo(_ index: Int, width: Int, height: Int) -> (photo: PixelBuffer, scan: SampleScan)? {
        let style = SampleScanStyle.standardSet[index % SampleScanStyle.standardSet.count]
        var flat = style
        flat.turn = 0; flat.shadow = 0
        guard let scan = SampleScanner.scan(flat) else { return nil }
        let photo = BookPagePhoto.photograph(scan.picture, bend: bends[index % bends.count], width: width, height: height, seed: UInt64(index + 1))
        return (photo, scan)
    }

    static func run(folder: String, count: Int, runs: Int, width: Int, height: Int) {
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch { fail("cannot create \(folder)") }
        say("\(count) bent pages, \(width)x\(height) photos; times are medians of \(runs) runs, one thread")
        for index in 0..<count {
            guard let (photo, scan) = photo(index, width: width, height: height), let jpeg = JPEG.encode(photo, quality: 90) else { fail("cannot make page \(index)") }
            let name = String(format: "book-%02d", index)
            write(jpeg, folder + "/\(name).jpg")
            write(Array(scan.text.utf8), folder + "/\(name).txt")
            guard let decoded = JPEG.decode(jpeg) else { fail("cannot decode \(name)") }
            measure(decoded, name: name, folder: folder, runs: runs, jpeg: jpeg)
        }
    }

    /// One photo through the border finder's steps: the quad, the flat page, the curve, the page
    /// laid flat; times, straightness, and the pictures as PNG.
    static func measure(_ photo: PixelBuffer, name: String, folder: String, runs: Int, whole: Bool = false, jpeg: [UInt8]? = nil) {
        // The thread's processor time (one core's work, not the machine's queue), median of runs.
        func median(_ body: () -> Void) -> Double {
            body()
            let times = (0..<max(1, runs)).map { _ in threadMilliseconds(body) }.sorted()
            return times[times.count / 2]
        }
        // The baseline in the same run: decoding the photo's JPEG (libjpeg-turbo, one thread).
        let decodeMs = jpeg.map { bytes in median { _ = JPEG.decode(bytes) } }
        let size = Size(width: Double(photo.width), height: Double(photo.height))
        let eighth = photo.boxReduced(by: max(1, photo.width / 640))
        // As Shift+C finds it: the detector's quad, kept only when it keeps the text (TextGuard on
        // a decode of about 1100 pixels), else the whole photo.
        let detected = whole ? nil : BorderDetector.detect(in: eighth)?.scaled(from: Size(width: Double(eighth.width), height: Double(eighth.height)), to: size)
        let guardPicture = photo.boxReduced(by: max(1, Int((Double(max(photo.width, photo.height)) / 1100).rounded(.up))))
        let quad = detected.flatMap { TextGuard(guardPicture).keeps($0, in: size) ? $0 : nil }
        let flatRecipe = PixelRecipe(crop: quad)
        let renderer = PageRenderer()
        let side = Int32(2000)
        var small: PixelBuffer?
        // A whole photo's page at 2000 px is, in the host (`BorderFinder.flattened`, a recipe with
        // nothing to draw), the photo decoded at that size: measured so where the JPEG is known.
        let limit = PixelLimit(width: side, height: side)
        let smallMs = median {
            if whole, let jpeg, case .success(let decoded) = JPEGDecoder.decode(jpeg, orientation: .up, limit: limit, region: nil, fast: false) {
                small = decoded.pixels
            }
            else { small = renderer.page(photo, recipe: flatRecipe, sourceSize: size, limit: limit)?.pixels }
        }
        guard let small else { say("\(name): no page"); return }
        var curve: PageCurve?
        let findMs = median { curve = PageCurveFinder.curve(of: small) }
        let model = PageCurveFinder.model(of: small)
        // The line sheet alone, for comparison with leptonica's model where both find one.
        var sheet: PageCurve?
        let sheetMs = median { sheet = PageCurveFinder.sheet(of: small) }
        var flat: PixelBuffer?
        let flatMs = median { flat = renderer.page(photo, recipe: flatRecipe, sourceSize: size)?.pixels }
        var curved = flatRecipe
        curved.dewarp = curve
        var laid: PixelBuffer?
        let laidMs = median { laid = renderer.page(photo, recipe: curved, sourceSize: size)?.pixels }
        guard let flat, let laid else { say("\(name): cannot render"); return }
        let before = TextLineStraightness.measure(flat), after = TextLineStraightness.measure(laid)
        func lines(_ m: TextLineStraightness.Measure?) -> String {
            m.map { "\($0.lines) lines, median \(fmt($0.median)) px, worst \(fmt($0.worst)) px" } ?? "no lines"
        }
        func describe(_ curve: PageCurve?, _ kind: String) -> String {
            curve.map { "\(kind) \($0.lines) lines, bend \(fmt($0.bend * 1000)) per mille, reach \(fmt($0.reach.vertical * 1000)) / \(fmt($0.reach.horizontal * 1000)) per mille" } ?? "no \(kind)"
        }
        let chosen = curve == nil ? "left flat" : curve == model ? "laid flat by leptonica's model" : "laid flat by the line sheet"
        say("\(name): quad \(quad != nil ? "found" : detected != nil ? "found, cuts text: whole photo" : "not found"), page \(flat.width)x\(flat.height) (\(small.width)x\(small.height) for the curve); \(describe(model, "model")); \(describe(sheet, "sheet")); \(chosen)")
        // A whole photo is laid flat by itself only when sure (`SureCurve`: its lines measured
        // before and after on the 2000-pixel page; the host adds the text guard's letters).
        // The host's way (`SureCurve.find`): the curve and the judgement from one look at the lines,
        // the lines carried through the curve; and, to check it, the judgement measured again on
        // the page drawn through the curve at 2000 px (`SureCurve.judge`, not counted).
        var found: (curve: PageCurve, judgement: SureCurve.Judgement)?
        let judgeMs = whole ? median { found = SureCurve.find(small) } : 0
        let drawn = whole ? curve.map { SureCurve.judge(small, curve: $0) } : nil
        // And the text guard's look at what the page laid flat shows (the guard itself is built
        // for every page Shift+C sees, to choose its crop).
        var leftOut = 0
        var guardMs = 0.0
        if whole, let curve {
            let text = TextGuard(guardPicture, pictureSize: size)
            guardMs = median { leftOut = text.lettersLeftOutOfWords(inside: SureCurve.shown(by: curve, in: size).contains) }
        }
        let cost: Double = whole ? smallMs + judgeMs + guardMs + laidMs : smallMs + findMs + laidMs - flatMs
        func judged(_ j: SureCurve.Judgement?) -> String {
            guard let j else { return "no curve" }
            return "\(j.straightens ? "straightens" : "not sure"): \(lines(j.before)) -> \(lines(j.after))"
        }
        var times = "  ms of one core (thread CPU time): "
        times += whole ? "page at 2000 px decoded \(fmt(smallMs)), " : "flat page at 2000 px \(fmt(smallMs)), "
        times += "curve \(fmt(findMs)), "
        if whole { times += "curve and sure check \(fmt(judgeMs)), letters left out \(fmt(guardMs)) (\(leftOut)), " }
        times += "full page flat \(fmt(flatMs)), full page laid flat \(fmt(laidMs)); dewarping costs \(fmt(cost))"
        if let decodeMs { times += ", \(fmt(cost / decodeMs, 2)) x decoding the photo (\(fmt(decodeMs)) ms)" }
        say(times)
        if whole, let geometry = RecipeGeometry(recipe: curved, sourceSize: size),
           let onePass = Flattener.warp(photo, width: laid.width, height: laid.height, outputToSource: { geometry.source(of: $0) }) {
            // The page as it was drawn before the two-pass draw (sixteen taps, the map point by
            // point), for Scripts/bench-dewarp-photos.sh to read too.
            say("  drawn in one pass of sixteen taps (as before): straightness \(lines(TextLineStraightness.measure(onePass)))")
            _ = PNGWriter().write(onePass, to: folder + "/\(name)-dewarped-one-pass.png", replacing: true)
        }
        if whole {
            say("  sure check on the lines carried: \(judged(found?.judgement)); measured on the drawn page: \(judged(drawn))")
            if found?.curve != curve { say("  (the curve of find differs from the finder's)") }
        }
        say("  straightness before: \(lines(before)); after: \(lines(after))")
        var sheetRecipe = flatRecipe
        sheetRecipe.dewarp = sheet
        if let sheet, let bySheet = renderer.page(photo, recipe: sheetRecipe, sourceSize: size)?.pixels {
            say("  line sheet alone (\(fmt(sheetMs)) ms, bend \(fmt(sheet.bend * 1000)) per mille): straightness \(lines(TextLineStraightness.measure(bySheet)))")
            _ = PNGWriter().write(bySheet, to: folder + "/\(name)-sheet.png", replacing: true)
        }
        _ = PNGWriter().write(flat, to: folder + "/\(name)-flat.png", replacing: true)
        _ = PNGWriter().write(laid, to: folder + "/\(name)-dewarped.png", replacing: true)
    }

    /// One step, once, on the photo in `file` (a bent page as `books` writes it): decoding it, or
    /// decoding it and drawing its page flat, or laid flat (the curve found at 2000 px, then the
    /// full page drawn through it). Callgrind counts each; laid less flat is what dewarping adds.
    static func step(_ name: String, file: String) {
        guard let data = FileManager.default.contents(atPath: file), let photo = JPEG.decode([UInt8](data)) else { fail("cannot read \(file)") }
        guard name != "decode" else { return }
        let size = Size(width: Double(photo.width), height: Double(photo.height))
        let eighth = photo.boxReduced(by: max(1, photo.width / 640))
        let quad = BorderDetector.detect(in: eighth)?.scaled(from: Size(width: Double(eighth.width), height: Double(eighth.height)), to: size)
        var recipe = PixelRecipe(crop: quad)
        let renderer = PageRenderer()
        switch name {
        case "flat": break
        case "laid":
            guard let small = renderer.page(photo, recipe: recipe, sourceSize: size, limit: PixelLimit(width: 2000, height: 2000))?.pixels,
                  let curve = PageCurveFinder.curve(of: small) else { fail("\(file): no curve") }
            recipe.dewarp = curve
        default: fail("unknown step \(name) (decode, flat, laid)")
        }
        guard let page = renderer.page(photo, recipe: recipe, sourceSize: size)?.pixels else { fail("cannot draw \(file)") }
        say("\(name): \(page.width)x\(page.height)")
    }

    static func write(_ bytes: [UInt8], _ path: String) {
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { fail("cannot write \(path)") }
    }

    /// An open book photographed whole (two sample scans as its pages): the spread found, its
    /// gutter, and each page as `--borders auto` makes it, written as PNG.
    static func spread(folder: String, width: Int, height: Int, first: Int = 0) {
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch { fail("cannot create \(folder)") }
        let set = SampleScanStyle.standardSet
        var styles = [set[first % set.count], set[(first + 3) % set.count]]
        for k in styles.indices { styles[k].turn = 0; styles[k].shadow = 0 }
        guard let left = SampleScanner.scan(styles[0], dpi: 150), let right = SampleScanner.scan(styles[1], dpi: 150) else { fail("cannot make the pages") }
        let bend = BookPagePhoto.Bend(rise: 0.06, droop: 0.015, offset: (0.02, -0.02))
        let photo = BookPagePhoto.spread(left: left.picture, right: right.picture, bend: bend, width: width, height: height, seed: UInt64(5 + first))
        _ = PNGWriter().write(photo, to: folder + "/spread.png", replacing: true)
        let size = Size(width: Double(width), height: Double(height))
        let small = photo.boxReduced(by: max(1, width / 640))
        let quad = BorderDetector.detect(in: small)?.scaled(from: Size(width: Double(small.width), height: Double(small.height)), to: size)
        guard let flat = PageRenderer().page(photo, recipe: PixelRecipe(crop: quad), sourceSize: size, limit: PixelLimit(width: 2000, height: 2000))?.pixels
        else { fail("cannot flatten") }
        _ = PNGWriter().write(flat, to: folder + "/spread-flat.png", replacing: true)
        say("quad \(quad.map { "\($0.corners)" } ?? "not found"); flat \(flat.width)x\(flat.height); gutter \(SpreadFinder.gutter(of: flat).map { fmt($0, 3) } ?? "not found")")
    }
}
