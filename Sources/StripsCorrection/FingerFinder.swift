import StripsCore
import StripsPictures

/// Fingers holding a book's pages open, painted out with the paper (issue 40; ML Kit's document
/// scanner does the same): on the page as it is drawn (flattened, laid flat), the blobs of skin
/// that reach in from its left, right or bottom edge are found, and each becomes a `PaperPatch`
/// painting it with the paper beside it, except where the text's ink shows within it (ink is
/// never painted over: a finger that covers words leaves the words it does not hide).
///
/// What skin is, here: redder than this page's paper by a clear margin and inside the usual skin
/// box of YCbCr (Chai and Ngan), bright enough not to be ink. The paper is measured on the page
/// itself, so a cream, pink or grey paper is not taken for a hand. Pure; any thread.
public enum FingerFinder {
    /// The page is looked at this many pixels on its longer side at most.
    public static let workingSide = 800
    /// Skin is at least this much redder (Cr) than the paper.
    public static let redder = 10.0
    /// A finger reaches this close to the page's edge (a share of the page's width).
    public static let edgeReach = 0.02
    /// A finger's area, a share of the page: smaller is a speck, larger is no finger (a picture).
    public static let smallest = 0.0008
    public static let largest = 0.08
    /// The mask is grown by this share of the page's width: the finger's rim and its shadow.
    public static let rim = 0.006
    /// A patch's grid has at most this many cells on a side.
    public static let cells = 128
    /// A finger's box is at most this share of the page's height and width (a strip of desk left
    /// along a whole edge is no finger).
    public static let tallest = 0.4
    public static let widest = 0.3

    /// The patches that paint out the fingers on `page` (the page as its recipe's moving steps
    /// draw it, any size); empty when there are none, or the page has no colour.
    public static func patches(of page: PixelBuffer) -> [PaperPatch] {
        guard page.format != .grey, page.width >= 32, page.height >= 32 else { return [] }
        let factor = max(1, Int((Double(max(page.width, page.height)) / Double(workingSide)).rounded(.up)))
        let small = factor > 1 ? page.boxReduced(by: factor) : page
        return Working(small).patches()
    }

    /// The page's pixels as luma and chroma, with the paper's measured on it.
    struct Working {
        let width: Int, height: Int
        var y: [Float], cb: [Float], cr: [Float]
        var rgb: [UInt8]
        let paper: (y: Float, cb: Float, cr: Float)
        let paperRGB: (UInt8, UInt8, UInt8)

        init(_ page: PixelBuffer) {
            width = page.width
            height = page.height
            let n = width * height, bpp = page.format.bytesPerPixel
            y = [Float](repeating: 0, count: n); cb = y; cr = y
            rgb = [UInt8](repeating: 0, count: n * 3)
            let (ri, gi, bi) = page.format == .bgra ? (2, 1, 0) : (0, 1, 2)
            for i in 0..<n {
                let r = page.bytes[i * bpp + ri], g = page.bytes[i * bpp + gi], b = page.bytes[i * bpp + bi]
                rgb[3 * i] = r; rgb[3 * i + 1] = g; rgb[3 * i + 2] = b
                let (fr, fg, fb) = (Float(r), Float(g), Float(b))
                y[i] = 0.299 * fr + 0.587 * fg + 0.114 * fb
                cb[i] = 128 - 0.168_736 * fr - 0.331_264 * fg + 0.5 * fb
                cr[i] = 128 + 0.5 * fr - 0.418_688 * fg - 0.081_312 * fb
            }
            // The paper: the brighter two fifths of the middle of the page (text pages are mostly
            // paper; the middle keeps the desk and the fingers out), their median colour.
            (paper, paperRGB) = Self.paper(width: width, height: height, y: y, cb: cb, cr: cr, rgb: rgb)
        }

        static func paper(width: Int, height: Int, y: [Float], cb: [Float], cr: [Float], rgb: [UInt8])
            -> ((y: Float, cb: Float, cr: Float), (UInt8, UInt8, UInt8)) {
            var sample: [Int] = []
            for row in stride(from: height / 5, to: height * 4 / 5, by: 2) {
                for column in stride(from: width / 5, to: width * 4 / 5, by: 2) { sample.append(row * width + column) }
            }
            let ys = sample.map { y[$0] }.sorted()
            let cut = ys.isEmpty ? 0 : ys[ys.count * 3 / 5]
            let bright = sample.filter { y[$0] >= cut }
            func median(_ values: [Float]) -> Float { values.isEmpty ? 0 : values.sorted()[values.count / 2] }
            return ((median(bright.map { y[$0] }), median(bright.map { cb[$0] }), median(bright.map { cr[$0] })),
                    (UInt8(median(bright.map { Float(rgb[3 * $0]) })), UInt8(median(bright.map { Float(rgb[3 * $0 + 1]) })),
                     UInt8(median(bright.map { Float(rgb[3 * $0 + 2]) }))))
        }

        /// Skin: redder than the paper, in the skin box, not ink-dark.
        func isSkin(_ i: Int) -> Bool {
            Double(cr[i] - paper.cr) >= FingerFinder.redder && cr[i] >= 133 && cr[i] <= 180 && cb[i] >= 77 && cb[i] <= 135
                && y[i] >= 50 && y[i] >= paper.y * 0.3
        }

        /// Ink: much darker than the paper and not skin.
        func isInk(_ i: Int) -> Bool { y[i] < paper.y * 0.62 && Double(cr[i] - paper.cr) < FingerFinder.redder * 0.6 }

        func patches() -> [PaperPatch] {
            let n = width * height
            var skin = [Bool](repeating: false, count: n)
            for i in 0..<n { skin[i] = isSkin(i) }
            // Specks and JPEG's chroma noise out, the finger's shading in: open, then close.
            skin = Morph.close(Morph.open(skin, width, height, 1), width, height, 2)
            let area = Double(n)
            let reach = max(2, Int(Double(width) * FingerFinder.edgeReach))
            var found: [PaperPatch] = []
            for blob in Morph.components(skin, width, height) {
                let share = Double(blob.pixels.count) / area
                guard share >= FingerFinder.smallest, share <= FingerFinder.largest,
                      Double(blob.maxY - blob.minY + 1) <= FingerFinder.tallest * Double(height),
                      Double(blob.maxX - blob.minX + 1) <= FingerFinder.widest * Double(width) else { continue }
                // From the page's side or bottom edge (fingers hold a book there), not the middle.
                let fromEdge = blob.minX <= reach || blob.maxX >= width - 1 - reach || blob.maxY >= height - 1 - reach
                guard fromEdge, let patch = patch(for: blob) else { continue }
                found.append(patch)
            }
            return found
        }

        /// The patch over one blob: the blob grown by the rim, less the ink in it and around it.
        func patch(for blob: Morph.Blob) -> PaperPatch? {
            let grow = max(1, Int((Double(width) * FingerFinder.rim).rounded()))
            let x0 = max(0, blob.minX - grow), x1 = min(width - 1, blob.maxX + grow)
            let y0 = max(0, blob.minY - grow), y1 = min(height - 1, blob.maxY + grow)
            let w = x1 - x0 + 1, h = y1 - y0 + 1
            var mask = [Bool](repeating: false, count: w * h)
            for i in blob.pixels { mask[(i / width - y0) * w + (i % width - x0)] = true }
            mask = Morph.dilate(mask, w, h, grow)
            // The ink within, and a pixel around it (its anti-aliased edge), is kept.
            var ink = [Bool](repeating: false, count: w * h)
            for row in 0..<h { for column in 0..<w { ink[row * w + column] = isInk((y0 + row) * width + x0 + column) } }
            ink = Morph.dilate(ink, w, h, 1)
            var cover = [UInt8](repeating: 0, count: w * h)
            for k in cover.indices where mask[k] && !ink[k] { cover[k] = 255 }
            // The paper on each row: beside the finger towards the page's middle, else the page's.
            let towardsRight = (blob.minX + blob.maxX) / 2 < width / 2
            let band = max(3, width / 40)
            var paperRows = [UInt8](repeating: 0, count: h * 3)
            for row in 0..<h {
                let yy = y0 + row
                var r: [UInt8] = [], g: [UInt8] = [], b: [UInt8] = []
                var x = towardsRight ? x1 + 1 : x0 - 1
                while x >= 0, x < width, r.count < band {
                    let i = yy * width + x
                    if !isSkin(i), !isInk(i), y[i] >= paper.y * 0.8 { r.append(rgb[3 * i]); g.append(rgb[3 * i + 1]); b.append(rgb[3 * i + 2]) }
                    x += towardsRight ? 1 : -1
                    if abs(x - (towardsRight ? x1 : x0)) > band * 4 { break }
                }
                let colour = r.count >= 3 ? (r.sorted()[r.count / 2], g.sorted()[g.count / 2], b.sorted()[b.count / 2]) : paperRGB
                paperRows[3 * row] = colour.0; paperRows[3 * row + 1] = colour.1; paperRows[3 * row + 2] = colour.2
            }
            let box = Rect(x: Double(x0) / Double(width), y: Double(y0) / Double(height), width: Double(w) / Double(width), height: Double(h) / Double(height))
            // A long finger's grid is averaged down to at most `cells` on a side: a recipe stays small.
            let k = max(1, Int((Double(max(w, h)) / Double(FingerFinder.cells)).rounded(.up)))
            guard k > 1 else { return PaperPatch(box: box, columns: w, rows: h, cover: cover, paper: paperRows) }
            let cw = (w + k - 1) / k, ch = (h + k - 1) / k
            var coarse = [UInt8](repeating: 0, count: cw * ch), coarsePaper = [UInt8](repeating: 0, count: ch * 3)
            for cy in 0..<ch {
                for cx in 0..<cw {
                    var sum = 0, count = 0
                    for yy in (cy * k)..<min(h, cy * k + k) { for xx in (cx * k)..<min(w, cx * k + k) { sum += Int(cover[yy * w + xx]); count += 1 } }
                    coarse[cy * cw + cx] = UInt8(sum / max(1, count))
                }
                for c in 0..<3 {
                    let rows = (cy * k)..<min(h, cy * k + k)
                    coarsePaper[3 * cy + c] = UInt8(rows.reduce(0) { $0 + Int(paperRows[3 * $1 + c]) } / rows.count)
                }
            }
            return PaperPatch(box: box, columns: cw, rows: ch, cover: coarse, paper: coarsePaper)
        }
    }

    /// Paints `patches` on `page`, which is the part `part` (in pixels of the whole page at this
    /// scale, `pageSize`) of the page: each pixel blended towards its row's paper by its cover.
    public static func paint(_ patches: [PaperPatch], on page: inout PixelBuffer, part: Rect, pageSize: Size) {
        guard !patches.isEmpty, pageSize.width > 0, pageSize.height > 0 else { return }
        let bpp = page.format.bytesPerPixel
        let (ri, gi, bi) = page.format == .bgra ? (2, 1, 0) : (0, 1, 2)
        for patch in patches {
            // The patch's pixels in the part, a pixel wider for the soft edge.
            let px0 = max(0, Int((patch.box.minX * pageSize.width - part.minX).rounded(.down)) - 1)
            let px1 = min(page.width - 1, Int((patch.box.maxX * pageSize.width - part.minX).rounded(.up)) + 1)
            let py0 = max(0, Int((patch.box.minY * pageSize.height - part.minY).rounded(.down)) - 1)
            let py1 = min(page.height - 1, Int((patch.box.maxY * pageSize.height - part.minY).rounded(.up)) + 1)
            guard px0 <= px1, py0 <= py1 else { continue }
            for row in py0...py1 {
                let v = (part.minY + Double(row) + 0.5) / pageSize.height
                let (pr, pg, pb) = patch.paperColour(v: v)
                let grey = 0.299 * Double(pr) + 0.587 * Double(pg) + 0.114 * Double(pb)
                for column in px0...px1 {
                    let c = patch.coverage(u: (part.minX + Double(column) + 0.5) / pageSize.width, v: v)
                    guard c > 0 else { continue }
                    let o = (row * page.width + column) * bpp
                    func blend(_ at: Int, _ to: Double) {
                        page.bytes[at] = UInt8((Double(page.bytes[at]) * (1 - c) + to * c).rounded().clamped(to: 0...255))
                    }
                    if page.format == .grey {
                        blend(o, grey)
                    } else {
                        blend(o + ri, Double(pr)); blend(o + gi, Double(pg)); blend(o + bi, Double(pb))
                    }
                }
            }
        }
    }
}
