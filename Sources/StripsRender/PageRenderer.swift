import StripsCore
import StripsCorrection
import StripsLooks
import StripsPictures

/// A page's recipe drawn: the source's pixels (decoded at any scale, whole or a part) go through
/// the recipe's steps in order. Those that move pixels (the crop's quad flattened, the straighten
/// turn) are one bicubic resampling (`RecipeGeometry` composes their maps), at the decode's own
/// density; then each of the others on the page's pixels (the look: `Looks.apply`, at the page's
/// resolution at this scale). The preview, thumbnails, zoomed parts,
/// `strips thumbnail` and saving all come through here, so every one of them is the same page.
/// A value; safe on any thread.
public struct PageRenderer: RecipeRenderer {
    /// Rows split across this many threads (saving a full-size page uses every core; decode
    /// workers, one per core already, use one).
    public var threads: Int

    public init(threads: Int = 1) {
        self.threads = max(1, threads)
    }

    public func render(_ picture: DecodedPicture, recipe: PixelRecipe, sourceSize: Size, limit: PixelLimit, region: Rect?) -> DecodedPicture? {
        guard let page = page(picture.pixels, part: picture.region, recipe: recipe, sourceSize: sourceSize, limit: limit, region: region) else {
            return nil
        }
        // Textures take the decode's format: a grey or black-and-white look comes back in it too.
        let pixels = page.pixels.format == picture.pixels.format ? page.pixels : page.pixels.converted(to: picture.pixels.format)
        return DecodedPicture(pixels, region: page.region)
    }

    /// The corrected page (or the part `region` of it, 0...1) from `source`, which is `part` (0...1,
    /// nil: all) of the upright source picture of `sourceSize` at some scale. The page is fitted
    /// into `limit` and never denser than the source pixels given. A look's grey and black and
    /// white come back as `.grey`, a colour look in the source's format.
    public func page(_ source: PixelBuffer, part: Rect? = nil, recipe: PixelRecipe, sourceSize: Size,
                     limit: PixelLimit = PixelLimit(width: .max, height: .max), region: Rect? = nil) -> (pixels: PixelBuffer, region: Rect?)? {
        guard !source.isEmpty, let geometry = RecipeGeometry(recipe: recipe, sourceSize: sourceSize) else { return nil }
        let part = part ?? Rect(x: 0, y: 0, width: 1, height: 1)
        // Source pixels per full-size source pixel.
        let dx = Double(source.width) / (part.width * sourceSize.width), dy = Double(source.height) / (part.height * sourceSize.height)
        let density = min(dx, dy)
        guard density.isFinite, density > 0 else { return nil }
        let pageSize = geometry.pageSize
        let dense = PixelLimit(width: Int32(min(Double(Int32.max), (pageSize.width * density).rounded())),
                               height: Int32(min(Double(Int32.max), (pageSize.height * density).rounded())))
        let fitted = PixelLimit(width: max(1, min(limit.width, dense.width)), height: max(1, min(limit.height, dense.height)))
        let plan = RegionPlan(size: (Int(pageSize.width), Int(pageSize.height)), limit: fitted, region: region)
        let sx = Double(plan.whole.width) / pageSize.width, sy = Double(plan.whole.height) / pageSize.height
        let outputDensity = min(sx, sy)
        let made = RecipePlan.outputPart(plan, margin: recipe.outputMargin)
            ?? Rect(x: 0, y: 0, width: Double(plan.whole.width), height: Double(plan.whole.height))
        let (width, height) = (Int(made.width.rounded()), Int(made.height.rounded()))

        // A decode much denser than the output is box-averaged first, so a small page of a large
        // picture does not alias.
        var pixels = source
        var (kx, ky) = (dx, dy)
        let shrink = Int((density / max(outputDensity, 1e-9) / 2).rounded(.down))
        if shrink >= 2, source.width / shrink >= 4, source.height / shrink >= 4 {
            pixels = source.boxReduced(by: shrink)
            kx = dx * Double(pixels.width) / Double(source.width)
            ky = dy * Double(pixels.height) / Double(source.height)
        }
        // Output pixel -> full-size page -> full-size source -> the pixels in hand.
        guard let outputToPage = Homography(matrix: [1 / sx, 0, made.minX / sx, 0, 1 / sy, made.minY / sy, 0, 0, 1]),
              let sourceToPixels = Homography(matrix: [kx, 0, -part.minX * sourceSize.width * kx,
                                                       0, ky, -part.minY * sourceSize.height * ky, 0, 0, 1]),
              let outputToSource = sourceToPixels.after(geometry.pageToSource)?.after(outputToPage) else { return nil }

        var page: PixelBuffer
        if let curve = geometry.curve, geometry.straighten == 0, let toPixels = sourceToPixels.after(geometry.flatten),
           let split = Self.split(curve, pageSize: pageSize, outputToPage: outputToPage, pageToPixels: toPixels) {
            // A whole page laid flat (no crop, no turn: a book's page filling the photo): the map
            // in leptonica's two steps, drawn in two passes of four taps.
            guard let warped = Flattener.warp(pixels, width: width, height: height, column: split.column, row: split.row, threads: threads)
            else { return nil }
            page = warped
        } else if geometry.curve != nil {
            // A curved page: the curve is no homography, so the whole map is asked point by point.
            var bounds: (outputToPage: Homography, size: Size, fill: [UInt8])?
            if geometry.straighten != 0, let toFlat = geometry.unturn.after(outputToPage) {
                bounds = (toFlat, pageSize, Self.paperColour(pixels, quad: recipe.crop ?? Quad(whole: sourceSize), toPixels: sourceToPixels))
            }
            guard let warped = Flattener.warp(pixels, width: width, height: height, outputToSource: { point in
                sourceToPixels.apply(geometry.source(of: outputToPage.apply(point)))
            }, page: bounds, threads: threads) else { return nil }
            page = warped
        } else if geometry.straighten == 0, let (x, y) = Self.wholeShift(outputToSource) {
            // An upright rectangle at the source's own scale: the pixels themselves, not resampled.
            page = Self.cut(pixels, x: x, y: y, width: width, height: height)
        } else {
            var bounds: (outputToPage: Homography, size: Size, fill: [UInt8])?
            if geometry.straighten != 0, let toFlat = geometry.unturn.after(outputToPage) {
                bounds = (toFlat, pageSize, Self.paperColour(pixels, quad: recipe.crop ?? Quad(whole: sourceSize), toPixels: sourceToPixels))
            }
            guard let warped = Flattener.warp(pixels, width: width, height: height, outputToSource: outputToSource, page: bounds,
                                              threads: threads) else { return nil }
            page = warped
        }
        // The recipe's steps in order: those that move pixels are in the resampling above.
        for step in recipe.steps {
            switch step {
            case .crop, .dewarp, .straighten: continue
            case .fingers(let patches):
                FingerFinder.paint(patches, on: &page, part: made, pageSize: Size(width: Double(plan.whole.width), height: Double(plan.whole.height)))
            case .look(let look):
                // A part of the page has the page's edges only where it reaches them.
                var edges: PageEdges = []
                if made.minY < 0.5 { edges.insert(.top) }
                if made.minX < 0.5 { edges.insert(.left) }
                if made.maxY > Double(plan.whole.height) - 0.5 { edges.insert(.bottom) }
                if made.maxX > Double(plan.whole.width) - 0.5 { edges.insert(.right) }
                page = Looks.apply(look, to: page, pixelsPerInch: geometry.pagePixelsPerInch * outputDensity, pageEdges: edges)
            }
        }
        guard plan.region != nil else { return (page, nil) }
        // The part asked for, out of the part made (grown for the look).
        let cut = page.cropped(x: plan.x - Int(made.minX.rounded()), y: plan.y - Int(made.minY.rounded()), width: plan.width, height: plan.height)
        return (cut, plan.region)
    }

    /// A curved page's map split in leptonica's order, when the page is drawn from its picture
    /// by scaling alone (`pageToPixels` and `outputToPage` axis-aligned: no crop's perspective, no
    /// turn): the picture's column for each output point (the sideways shift), and for a picture
    /// column at an output row, the picture's row (the vertical shift at that column, which
    /// `PageCurve` takes after the sideways one). Nil when the map does not split so.
    static func split(_ curve: PageCurve, pageSize: Size, outputToPage: Homography, pageToPixels: Homography)
        -> (column: (Point) -> Double, row: (Double, Double) -> Double)? {
        func axisAligned(_ map: Homography) -> [Double]? {
            let m = map.m
            guard m[8] != 0, m[0] != 0, m[4] != 0, [m[1], m[3], m[6], m[7]].allSatisfy({ abs($0) <= 1e-12 * abs(m[8]) }) else { return nil }
            return m.map { $0 / m[8] }
        }
        guard let o = axisAligned(outputToPage), let m = axisAligned(pageToPixels),
              let downward = PageCurve(columns: curve.columns, rows: curve.rows, vertical: curve.vertical, lines: curve.lines) else { return nil }
        let (w, h) = (pageSize.width, pageSize.height)
        // As `RecipeGeometry.source(of:)`: the flattened page's point held to the page.
        let column = { (point: Point) -> Double in
            let x = curve.source(of: outputToPage.apply(point), in: pageSize).x
            return m[0] * min(max(x, 0), w) + m[2]
        }
        let row = { (pictureX: Double, outputY: Double) -> Double in
            let x = (pictureX - m[2]) / m[0], y = o[4] * outputY + o[5]
            return m[4] * min(max(downward.source(of: Point(x: x, y: y), in: pageSize).y, 0), h) + m[5]
        }
        return (column, row)
    }

    /// The integer offset when `map` only moves pixels by whole numbers (a rectangle crop drawn at
    /// the decode's own scale); nil otherwise.
    static func wholeShift(_ map: Homography) -> (Int, Int)? {
        let m = map.m, eps = 1e-6
        guard abs(m[0] - 1) < eps, abs(m[4] - 1) < eps, abs(m[1]) < eps, abs(m[3]) < eps, abs(m[6]) < 1e-12, abs(m[7]) < 1e-12,
              abs(m[2] - m[2].rounded()) < 1e-4, abs(m[5] - m[5].rounded()) < 1e-4 else { return nil }
        return (Int(m[2].rounded()), Int(m[5].rounded()))
    }

    /// `width` x `height` pixels of `picture` from (`x`, `y`), the part outside it the nearest edge's.
    static func cut(_ picture: PixelBuffer, x: Int, y: Int, width: Int, height: Int) -> PixelBuffer {
        if x >= 0, y >= 0, x + width <= picture.width, y + height <= picture.height {
            return picture.cropped(x: x, y: y, width: width, height: height)
        }
        let bpp = picture.format.bytesPerPixel
        var out = PixelBuffer(width: width, height: height, format: picture.format)
        for row in 0..<height {
            let sy = min(max(y + row, 0), picture.height - 1)
            for column in 0..<width {
                let sx = min(max(x + column, 0), picture.width - 1)
                let s = (sy * picture.width + sx) * bpp, d = (row * width + column) * bpp
                for c in 0..<bpp { out.bytes[d + c] = picture.bytes[s + c] }
            }
        }
        return out
    }

    /// The paper's colour just inside `crop` (in the upright source of `sourceSize`), from
    /// `source`, a decode of the whole upright source at any scale: red, green, blue. What a
    /// saved page's turned-in corners are filled with, as they are when drawn.
    public static func paperColour(of source: PixelBuffer, crop: Quad, sourceSize: Size) -> (UInt8, UInt8, UInt8) {
        guard !source.isEmpty, sourceSize.width > 0, sourceSize.height > 0,
              let toPixels = Homography(matrix: [Double(source.width) / sourceSize.width, 0, 0, 0, Double(source.height) / sourceSize.height, 0, 0, 0, 1])
        else { return (255, 255, 255) }
        let c = paperColour(source, quad: crop, toPixels: toPixels)
        switch source.format {
        case .grey: return (c[0], c[0], c[0])
        case .rgb: return (c[0], c[1], c[2])
        case .bgra: return (c[2], c[1], c[0])
        }
    }

    /// The paper's colour just inside the page's edges (32 samples along each side, a fiftieth of
    /// the way in): what the corners a straighten turn uncovers are filled with, so a tinted page
    /// does not get white corners. Taken from the source, so every scale finds nearly the same.
    static func paperColour(_ pixels: PixelBuffer, quad: Quad, toPixels: Homography) -> [UInt8] {
        let bpp = pixels.format.bytesPerPixel
        let c = quad.corners
        let centre = Point(x: c.map(\.x).reduce(0, +) / 4, y: c.map(\.y).reduce(0, +) / 4)
        var sums = [Int](repeating: 0, count: bpp), count = 0
        for k in 0..<4 {
            let a = c[k], b = c[(k + 1) % 4]
            for i in 0..<32 {
                let t = (Double(i) + 0.5) / 32
                let onEdge = Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
                let inside = Point(x: onEdge.x + (centre.x - onEdge.x) * 0.02, y: onEdge.y + (centre.y - onEdge.y) * 0.02)
                let p = toPixels.apply(inside)
                guard p.x.isFinite, p.y.isFinite else { continue }
                let x = min(max(Int(p.x), 0), pixels.width - 1), y = min(max(Int(p.y), 0), pixels.height - 1)
                let o = (y * pixels.width + x) * bpp
                for ch in 0..<bpp { sums[ch] += Int(pixels.bytes[o + ch]) }
                count += 1
            }
        }
        guard count > 0 else { return [UInt8](repeating: 255, count: bpp) }
        var colour = sums.map { UInt8(($0 + count / 2) / count) }
        if pixels.format == .bgra { colour[3] = 255 }
        return colour
    }
}

extension PixelBuffer {
    /// The same picture in another format (grey spread to every channel, colour to luma by
    /// Rec. 601; alpha opaque).
    func converted(to target: Format) -> PixelBuffer {
        if format == target { return self }
        if target == .bgra { return bgra() }
        let (inBpp, outBpp) = (format.bytesPerPixel, target.bytesPerPixel)
        var out = PixelBuffer(width: width, height: height, format: target)
        let count = width * height
        bytes.withUnsafeBufferPointer { s in
            out.bytes.withUnsafeMutableBufferPointer { d in
                for i in 0..<count {
                    let o = i * inBpp
                    let (r, g, b): (UInt8, UInt8, UInt8)
                    switch format {
                    case .grey: (r, g, b) = (s[o], s[o], s[o])
                    case .rgb: (r, g, b) = (s[o], s[o + 1], s[o + 2])
                    case .bgra: (r, g, b) = (s[o + 2], s[o + 1], s[o])
                    }
                    let t = i * outBpp
                    switch target {
                    case .grey:
                        let luma: Int = 299 * Int(r) + 587 * Int(g) + 114 * Int(b) + 500
                        d[t] = UInt8(luma / 1000)
                    case .rgb: (d[t], d[t + 1], d[t + 2]) = (r, g, b)
                    case .bgra: (d[t], d[t + 1], d[t + 2], d[t + 3]) = (b, g, r, 255)
                    }
                }
            }
        }
        return out
    }
}
