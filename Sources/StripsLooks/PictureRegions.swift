import CLeptonica
import StripsCore

/// Where a page holds pictures: photographs, coloured drawings, dark panels. Not paper, so the
/// paper's light is not measured there, and not ink, so their tones are not stretched: evening the
/// paper to white moves a picture's colours only by what the paper's tint implies.
///
/// Found on the page reduced to the look's map scale (about 25 pixels an inch), so a thumbnail,
/// the preview and the saved page find the same pictures. There the text is wiped off by the
/// closing that estimates the paper (0.2 inch: wider than letters, narrower than pictures); what
/// stays is paper (even under a shadow, which changes slowly), and pictures. A picture shows itself
/// by edges packed close together over at least 0.3 inch (a photograph's detail, a drawing's fills)
/// or by strong colour over an area at least 0.4 inch across in both directions: the seeds. From the seeds a picture
/// grows over what is not paper around them (a smooth sky is darker than the paper beside the
/// photograph, judged against the paper's light with the seeds left out), and pictures being
/// rectangles on a page, each is its bounding box. A box smaller than 0.6 inch either way is not a
/// picture (a bold word, a logo's mark), nor a strip along the page's edge (a desk or a shadow left
/// by flattening, which border cleaning takes).
struct PictureRegions {
    /// The pictures' boxes in the full picture's pixels.
    var boxes: [Box]
    /// 1 bpp at the full size, 1 = picture.
    var mask: Pix
    /// The map's pixels in the full picture's: how far a box's edge may be from the picture's.
    var reduction: Int

    struct Box: Hashable {
        var x: Int, y: Int, width: Int, height: Int
    }

    /// Sobel magnitude (leptonica's: the sum of both gradients over 8) that counts as an edge: a
    /// step of about 12 levels between map pixels. A scanner lid's shadow falls off by 1 to 3 levels
    /// a map pixel, paper noise averaged over a map pixel by less.
    static let edgeLevel: Int32 = 6
    /// Not paper: darker than 88 % of the paper's light there.
    static let paperShare = 0.88
    /// The smallest picture, either way, in inches.
    static let smallest = 0.6
    /// The share of a picture's box that must be unlike paper.
    static let minimumCover = 0.5
    /// How near the page's edge (inches) a seed may be for the edge to close its picture's frame.
    static let pageReach = 0.75
    /// The share of the page pictures may cover before the whole page is taken for one.
    static let mostlyPicture = 0.6
    /// The share of the page past which a box is taken for a picture without judging its paper.
    static let mostOfThePage = 0.6
    /// A region touching the page's edge no deeper than this (inches) is border, not picture.
    static let borderDepth = 0.5

    /// The pictures of `pix` (8 bpp grey or 32 bpp colour); `colour` is `ColourMask`'s mask, when
    /// the page has one. Nil when there are none, or the picture is too small to tell.
    static func find(_ pix: Pix, order: Pix.ChannelOrder, colour: Pix?, scale: LookScale) -> PictureRegions? {
        let reduction = scale.reduction
        let (width, height) = (pix.width / reduction, pix.height / reduction)
        let mapInch = scale.pixelsPerInch / Double(reduction)
        let closing = scale.closingSize
        // A seed is at least 0.3 inch across: a highlighted line's two edges, joined, are thinner.
        let seedSize = max(closing + 2, Int((0.3 * mapInch).rounded()) | 1)
        // Too coarse to tell a picture from a line of text (a thumbnail): none.
        guard mapInch >= 10, width >= 3 * closing, height >= 3 * closing else { return nil }
        // Reduced first (area-averaged, so paper noise averages out), then made grey.
        let scaleFactor = 1 / Float(reduction)
        guard let reducedAny = reduction > 1 ? Pix(taking: pixScaleAreaMap(pix.pointer, scaleFactor, scaleFactor)) : pix,
              let reducedLuma = reducedAny.depth == 8 ? reducedAny : Pix(taking: pixConvertRGBToGray(reducedAny.pointer, order == .rgb ? 0.299 : 0.114, 0.587,
                                                                                                    order == .rgb ? 0.114 : 0.299)),
              let reduced = reducedLuma.fitted(width: width, height: height, depth: 8),
              let closed = Pix(taking: pixCloseGray(reduced.pointer, Int32(closing), Int32(closing))),
              let sobel = Pix(taking: pixSobelEdgeFilter(closed.pointer, Int32(L_ALL_EDGES))),
              let flat = Pix(taking: pixThresholdToBinary(sobel.pointer, edgeLevel)),
              let edges = Pix(taking: pixInvert(nil, flat.pointer)),
              let joined = Pix(taking: pixCloseSafeBrick(nil, edges.pointer, Int32(closing), Int32(closing))),
              let seeds = Pix(taking: pixOpenBrick(nil, joined.pointer, Int32(seedSize), Int32(seedSize))) else { return nil }
        // Strong colour over an area, as the look's colour mask finds it, is a picture's seed too
        // (a stamp's ring or a coloured word is thinner than the opening).
        let colourReduced = colour.flatMap { reduction > 1 ? Pix(taking: pixScaleByIntSampling($0.pointer, Int32(reduction))) : $0 }?
            .fitted(width: width, height: height, depth: 1)
        if let colourReduced, let solid = Pix(taking: pixOpenBrick(nil, colourReduced.pointer, Int32(2 * closing), Int32(2 * closing))) {
            pixOr(seeds.pointer, seeds.pointer, solid.pointer)
        }
        var empty: Int32 = 1
        pixZero(seeds.pointer, &empty)
        guard empty == 0 else { return nil }

        // Not paper: darker than `paperShare` of the paper's light, judged with the seeds (and what
        // is coloured) left out of the paper, which is filled in from around them.
        guard let seedMask = Pix(taking: pixDilateBrick(nil, seeds.pointer, 3, 3)) else { return nil }
        if let colourReduced { pixOr(seedMask.pointer, seedMask.pointer, colourReduced.pointer) }
        // Seeds over (nearly) the whole page leave no paper to measure: then what they cover is all.
        guard let notPaper = Self.notPaper(closed, leavingOut: seedMask) ?? Pix(taking: pixCopy(nil, seedMask.pointer)),
              let reach = Pix(taking: pixOr(nil, notPaper.pointer, seeds.pointer)) else { return nil }
        // A picture spreads over what is not paper around its seeds, and over what an unbroken line
        // of edges encloses (a photograph's frame around a pale sky that is nearly paper; printed
        // to the page's edge, the page's edge closes its frame). (What a highlighted line's edges
        // enclose is thinner than a seed: opened away.)
        if let framed = Self.closedAtThePage(edges, seeds: seeds, within: Int((PictureRegions.pageReach * mapInch).rounded()), edges: scale.pageEdges),
           let enclosed = Pix(taking: pixFillClosedBorders(framed.pointer, 4)),
           let wide = Pix(taking: pixOpenBrick(nil, enclosed.pointer, Int32(seedSize), Int32(seedSize))) {
            pixOr(reach.pointer, reach.pointer, wide.pointer)
        }
        guard let grown = Pix(taking: pixSeedfillBinary(nil, seeds.pointer, reach.pointer, 4)),
              let found = pixConnCompBB(grown.pointer, 8) else { return nil }
        // What is not paper judged again with all that left out: within a picture's box most is
        // not paper; within a stamp's ring, a framed note, the enclosed part is paper.
        // (With no paper left to measure, the pictures are the page.)
        guard let grownMask = Pix(taking: pixDilateBrick(nil, grown.pointer, 3, 3)) else { return nil }
        let inside = Self.notPaper(closed, leavingOut: grownMask)
        var boxa: UnsafeMutablePointer<BOXA>? = found
        defer { boxaDestroy(&boxa) }

        let smallest = Int((smallest * mapInch).rounded(.up)), border = Int((borderDepth * mapInch).rounded())
        var boxes: [(x: Int, y: Int, w: Int, h: Int)] = []
        for i in 0..<boxaGetCount(found) {
            var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
            guard boxaGetBoxGeometry(found, i, &x, &y, &w, &h) == 0 else { continue }
            let box = (x: Int(x), y: Int(y), w: Int(w), h: Int(h))
            guard box.w >= smallest, box.h >= smallest else { continue }
            // A strip along an edge: what flattening left of the desk, or a shadow.
            let edges = scale.pageEdges
            let alongTopOrBottom = ((edges.contains(.top) && box.y == 0) || (edges.contains(.bottom) && box.y + box.h >= height)) && box.h <= border
            let alongSide = ((edges.contains(.left) && box.x == 0) || (edges.contains(.right) && box.x + box.w >= width)) && box.w <= border
            if alongTopOrBottom || alongSide { continue }
            // Mostly not paper once text and lines are wiped off: a stamp's ring and letters, a
            // framed text box, are mostly paper.
            // A box over most of the page leaves too little paper around it to judge against:
            // a photograph filling the page.
            if let inside, Double(box.w * box.h) < mostOfThePage * Double(width * height) {
                var count: Int32 = 0
                guard let area = boxCreate(x, y, w, h) else { continue }
                var owned: UnsafeMutablePointer<BOX>? = area
                pixCountPixelsInRect(inside.pointer, area, &count, nil)
                boxDestroy(&owned)
            guard Double(count) >= minimumCover * Double(box.w * box.h) else { continue }
            }
            boxes.append(box)
        }
        guard !boxes.isEmpty, let mask = Pix(taking: pixCreate(Int32(pix.width), Int32(pix.height), 1)) else { return nil }
        let full = boxes.map { box in
            // The last map pixel of a row or column also stands for the few pixels past the map.
            let right = box.x + box.w >= width ? pix.width : min(pix.width, (box.x + box.w) * reduction)
            let bottom = box.y + box.h >= height ? pix.height : min(pix.height, (box.y + box.h) * reduction)
            return refined(Box(x: box.x * reduction, y: box.y * reduction, width: right - box.x * reduction, height: bottom - box.y * reduction),
                           in: pix, order: order, reduction: reduction)
        }
        for box in full {
            pixRasterop(mask.pointer, Int32(box.x), Int32(box.y), Int32(box.width), Int32(box.height), PIX_SET, nil, 0, 0)
        }
        var count: Int32 = 0
        pixCountPixels(mask.pointer, &count, nil)
        // Mostly picture (a photograph of a page on a desk, a poster): the little paper left is no
        // measure of the light, so the page is one picture, kept as it is.
        if Double(count) >= mostlyPicture * Double(pix.width * pix.height) {
            pixSetAll(mask.pointer)
            return PictureRegions(boxes: [Box(x: 0, y: 0, width: pix.width, height: pix.height)], mask: mask, reduction: reduction)
        }
        return PictureRegions(boxes: full, mask: mask, reduction: reduction)
    }

    /// `edges` with the page's own edge drawn in where a seed comes within `within` of it, along
    /// the seed's length: the side a photograph printed to the edge lacks.
    private static func closedAtThePage(_ edges: Pix, seeds: Pix, within: Int, edges sides: PageEdges) -> Pix? {
        guard let framed = Pix(taking: pixCopy(nil, edges.pointer)), let found = pixConnCompBB(seeds.pointer, 8) else { return nil }
        var boxa: UnsafeMutablePointer<BOXA>? = found
        defer { boxaDestroy(&boxa) }
        let (width, height) = (Int32(edges.width), Int32(edges.height))
        for i in 0..<boxaGetCount(found) {
            var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
            guard boxaGetBoxGeometry(found, i, &x, &y, &w, &h) == 0 else { continue }
            let (x0, x1) = (max(0, x - 2), min(width, x + w + 2)), (y0, y1) = (max(0, y - 2), min(height, y + h + 2))
            if sides.contains(.top), y <= within { pixRasterop(framed.pointer, x0, 0, x1 - x0, 1, PIX_SET, nil, 0, 0) }
            if sides.contains(.bottom), height - (y + h) <= within { pixRasterop(framed.pointer, x0, height - 1, x1 - x0, 1, PIX_SET, nil, 0, 0) }
            if sides.contains(.left), x <= within { pixRasterop(framed.pointer, 0, y0, 1, y1 - y0, PIX_SET, nil, 0, 0) }
            if sides.contains(.right), width - (x + w) <= within { pixRasterop(framed.pointer, width - 1, y0, 1, y1 - y0, PIX_SET, nil, 0, 0) }
        }
        return framed
    }

    /// 1 where the closed reduced page is darker than `paperShare` of the paper's light there, the
    /// light measured with `mask` left out (filled in from around it); nil when leptonica finds no
    /// paper to measure.
    private static func notPaper(_ closed: Pix, leavingOut mask: Pix) -> Pix? {
        var map: UnsafeMutablePointer<CLeptonica.Pix>?
        guard pixGetBackgroundGrayMapMorph(closed.pointer, mask.pointer, 1, 3, &map) == 0, let background = Pix(taking: map),
              let inverse = Pix(taking: pixGetInvBackgroundMap(background.pointer, Looks.paperLevel, 1, 1)),
              let evened = Pix(taking: pixApplyInvBackgroundGrayMap(closed.pointer, inverse.pointer, 1, 1)) else { return nil }
        return Pix(taking: pixThresholdToBinary(evened.pointer, Int32(paperShare * Double(Looks.paperLevel))))
    }

    /// A box found on the map, its sides moved to the picture's own edges in the full picture: the
    /// map's box is whole map pixels, and the edges that found it lie on both sides of the picture's
    /// rim, so a side may stand two or three map pixels off. Each side goes where the mean across the
    /// box (of a column for the left and right sides, of a row for the top and bottom) steps down
    /// the most from paper, within three map pixels outward or nine inward; a side with no clear
    /// step stays.
    static func refined(_ box: Box, in pix: Pix, order: Pix.ChannelOrder, reduction: Int) -> Box {
        let reach = 3 * reduction
        let x0 = max(0, box.x - reach), y0 = max(0, box.y - reach)
        let x1 = min(pix.width, box.x + box.width + reach), y1 = min(pix.height, box.y + box.height + reach)
        guard box.width > 2 * reach, box.height > 2 * reach else { return box }
        guard reduction > 1, let area = pix.clipped(Box(x: x0, y: y0, width: x1 - x0, height: y1 - y0)),
              let grey = area.depth == 8 ? area : Pix(taking: pixConvertRGBToGray(area.pointer, order == .rgb ? 0.299 : 0.114, 0.587,
                                                                                   order == .rgb ? 0.114 : 0.299)) else { return box }
        // Means across the box's middle (a caption or a neighbour's text beside a corner stays out).
        func means(columns: Bool) -> [Float] {
            let inner = columns ? Box(x: 0, y: box.y - y0 + box.height / 8, width: x1 - x0, height: max(1, box.height * 3 / 4))
                : Box(x: box.x - x0 + box.width / 8, y: 0, width: max(1, box.width * 3 / 4), height: y1 - y0)
            guard let region = boxCreate(Int32(inner.x), Int32(inner.y), Int32(inner.width), Int32(inner.height)) else { return [] }
            var owned: UnsafeMutablePointer<BOX>? = region
            defer { boxDestroy(&owned) }
            guard let numbers = columns ? pixAverageByColumn(grey.pointer, region, Int32(L_WHITE_IS_MAX)) : pixAverageByRow(grey.pointer, region, Int32(L_WHITE_IS_MAX))
            else { return [] }
            var owned2: UnsafeMutablePointer<NUMA>? = numbers
            defer { numaDestroy(&owned2) }
            return (0..<numaGetCount(numbers)).map { i in var v: Float = 0; numaGetFValue(numbers, i, &v); return v }
        }
        /// Where the picture begins across a side at `edge` (a position in `values`' frame, the
        /// first pixel inside; `outward` the direction away from the box): the largest step within
        /// reach from paper (the brightest level there) to something darker, as the first pixel
        /// past the step, or `edge` when there is none.
        func step(_ values: [Float], near edge: Int, outward: Int) -> Int {
            // Inward further: what grew the box past the picture (text close beside it) may have.
            let (low, high) = outward < 0 ? (max(1, edge - reach), min(values.count - 1, edge + 3 * reach))
                : (max(1, edge - 3 * reach), min(values.count - 1, edge + reach))
            guard low <= high, let brightest = values[(low - 1)...high].max() else { return edge }
            var best = edge, strongest: Float = 4
            for i in low...high {
                let (before, after) = (values[i - 1], values[i])
                let (outside, inside) = outward < 0 ? (before, after) : (after, before)
                let change = outside - inside
                if change > strongest, outside >= 0.92 * brightest { strongest = change; best = i }
            }
            return best
        }
        let columns = means(columns: true), rows = means(columns: false)
        guard columns.count == x1 - x0, rows.count == y1 - y0 else { return box }
        // A side on the page's edge has nothing outside it to step from.
        let left = box.x == 0 ? box.x : x0 + step(columns, near: box.x - x0, outward: -1)
        let right = box.x + box.width >= pix.width ? box.x + box.width : x0 + step(columns, near: box.x + box.width - x0, outward: 1)
        let top = box.y == 0 ? box.y : y0 + step(rows, near: box.y - y0, outward: -1)
        let bottom = box.y + box.height >= pix.height ? box.y + box.height : y0 + step(rows, near: box.y + box.height - y0, outward: 1)
        guard right - left > reach, bottom - top > reach else { return box }
        return Box(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// Each picture's part of `evened` (its box and a margin), in `gentle`'s tones: taken
    /// before the page's tones are stretched, laid back over them by `lay`.
    func parts(of evened: Pix, gentle: (Pix) -> Pix?) -> [(area: Box, box: Box, pixels: Pix)] {
        boxes.compactMap { box in
            let margin = max(2, reduction / 3)
            let x0 = max(0, box.x - margin), y0 = max(0, box.y - margin)
            let x1 = min(evened.width, box.x + box.width + margin), y1 = min(evened.height, box.y + box.height + margin)
            let area = Box(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
            guard area.width > 0, area.height > 0, let part = evened.clipped(area), let soft = gentle(part) else { return nil }
            return (area, box, soft)
        }
    }

    /// Lays the parts over `toned`, each ramping over a few pixels outside its box (a hard switch
    /// would show where a side could not be moved onto the picture's edge).
    func lay(_ parts: [(area: Box, box: Box, pixels: Pix)], over toned: Pix) {
        let ramp = max(2, reduction / 3)
        for (area, box, soft) in parts {
            guard let under = toned.clipped(area),
                  let weight = Self.ramp(width: area.width, height: area.height,
                                         inside: Box(x: box.x - area.x, y: box.y - area.y, width: box.width, height: box.height), over: ramp),
                  let blended = Pix(taking: pixBlendWithGrayMask(under.pointer, soft.pointer, weight.pointer, 0, 0)) else { continue }
            pixRasterop(toned.pointer, Int32(area.x), Int32(area.y), Int32(area.width), Int32(area.height), PIX_SRC, blended.pointer, 0, 0)
        }
    }

    /// 8 bpp, 255 on `inside`, falling to 0 linearly over `over` pixels outside it.
    private static func ramp(width: Int, height: Int, inside: Box, over: Int) -> Pix? {
        guard let weight = Pix(taking: pixCreate(Int32(width), Int32(height), 8)) else { return nil }
        let half = max(1, over / 2)
        // Grown by half the ramp, then box-filtered over the ramp's width: full at the box's edge.
        pixRasterop(weight.pointer, Int32(inside.x - half), Int32(inside.y - half), Int32(inside.width + 2 * half), Int32(inside.height + 2 * half),
                    PIX_SET, nil, 0, 0)
        guard over > 1, width > 2 * half + 1, height > 2 * half + 1 else { return weight }
        return Pix(taking: pixBlockconv(weight.pointer, Int32(half), Int32(half)))
    }
}

extension Pix {
    /// A copy of the part of this picture inside `box` (which lies within it).
    func clipped(_ box: PictureRegions.Box) -> Pix? {
        guard let area = boxCreate(Int32(box.x), Int32(box.y), Int32(box.width), Int32(box.height)) else { return nil }
        var owned: UnsafeMutablePointer<BOX>? = area
        defer { boxDestroy(&owned) }
        return Pix(taking: pixClipRectangle(pointer, area, nil))
    }

    /// This picture cut or padded (with 0) to exactly `width` x `height`, top-left kept: leptonica's
    /// scalings round sizes their own way, and maps must line up with their pictures.
    func fitted(width: Int, height: Int, depth: Int) -> Pix? {
        guard self.depth == depth else { return nil }
        if self.width == width, self.height == height { return self }
        guard let fitted = Pix(taking: pixCreate(Int32(width), Int32(height), Int32(depth))) else { return nil }
        pixRasterop(fitted.pointer, 0, 0, Int32(min(width, self.width)), Int32(min(height, self.height)), PIX_SRC, pointer, 0, 0)
        return fitted
    }
}
