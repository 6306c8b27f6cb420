import CLeptonica

/// What lies along a page's edge and is not the page: the desk and the page's own shadow that a
/// flattened phone photo keeps in a sliver along an edge, a scanner lid's dark rim. Thresholded,
/// it is a dashed black line along the edge, where a phone scanner shows clean paper. Like
/// unpaper's border scan, it is found from the edge in: what is darker than paper and touches the
/// edge is noise when all of it lies close to the page's edges (within 0.35 inch) and it runs along
/// them at least twice as far as it reaches in, and is long (a strip, an L round a corner) or one of
/// several along the same edge (a dashed line), or when it is a speck (under 0.04 inch); anything
/// else touching the edge (a word the crop cut through, a photograph printed to the edge) is
/// content and stays. Sizes are inches of the page,
/// so a thumbnail and the saved page lose the same strips.
enum BorderNoise {
    /// Darker than this in the look's grey (paper is white there) counts: a light grey rim is
    /// still seen as a line on white.
    static let level: Int32 = 200
    /// How deep (inches) a strip may reach in from the edges, and how much longer than deep it is.
    static let deepest = 0.35
    static let elongation = 2.0
    /// A strip this long (inches) is noise alone; a shorter one (a dash, or a letter's stem that a
    /// crop cut through) only when `company` of them, this long together, lie along one edge.
    static let longStrip = 0.25
    static let company = 3
    /// A speck this small (inches) either way, touching the edge.
    static let speck = 0.04
    /// How close to the edge (inches) a piece counts as touching it.
    static let reach = 0.03
    /// How far around the noise (inches) the paper is whitened, for its soft edge.
    static let rim = 0.01

    /// The noise of a page whose look's grey is `grey` (8 bpp): a 1 bpp mask of it, its rim
    /// included; nil when there is none.
    /// `pictures`: what is a picture (1 bpp, as `grey`), never noise.
    static func find(in grey: Pix, pixelsPerInch: Double, edges: PageEdges = .all, pictures: Pix? = nil) -> Pix? {
        guard !edges.isEmpty else { return nil }
        // Touching: coming within `reach` of the edge (the flattening's sampling can leave a
        // row of paper outside a line).
        let margin = max(1, Int((reach * pixelsPerInch).rounded()))
        guard grey.depth == 8, grey.width > 2 * margin + 2, grey.height > 2 * margin + 2,
              let dark = Pix(taking: pixThresholdToBinary(grey.pointer, level)) else { return nil }
        if let pictures { pixSubtract(dark.pointer, dark.pointer, pictures.pointer) }
        guard let seeds = Pix(taking: pixCopy(nil, dark.pointer)) else { return nil }
        // Seeds only along the page's own edges; the other sides cut through the page.
        let band = { (d: Int) in (left: edges.contains(.left) ? d : 0, top: edges.contains(.top) ? d : 0,
                                  right: grey.width - (edges.contains(.right) ? d : 0), bottom: grey.height - (edges.contains(.bottom) ? d : 0)) }
        let inner = band(margin)
        pixRasterop(seeds.pointer, Int32(inner.left), Int32(inner.top), Int32(inner.right - inner.left), Int32(inner.bottom - inner.top), PIX_CLR, nil, 0, 0)
        guard let touching = Pix(taking: pixSeedfillBinary(nil, seeds.pointer, dark.pointer, 8)) else { return nil }
        var empty: Int32 = 1
        pixZero(touching.pointer, &empty)
        guard empty == 0 else { return nil }
        var pieces: UnsafeMutablePointer<PIXA>?
        guard let boxa = pixConnComp(touching.pointer, &pieces, 8) else { return nil }
        var ownedBoxes: UnsafeMutablePointer<BOXA>? = boxa
        defer {
            boxaDestroy(&ownedBoxes)
            pixaDestroy(&pieces)
        }
        guard let pieces, let noise = Pix(taking: pixCreate(Int32(grey.width), Int32(grey.height), 1)) else { return nil }
        let speck = max(1, speck * pixelsPerInch), long = longStrip * pixelsPerInch
        // Each piece judged: noise for sure (a long strip, a speck), or a short strip, noise only
        // in company along the same edge (a dashed line; a letter's stem cut by the crop is alone).
        var short: [(edges: PageEdges, length: Double, index: Int32, box: (Int32, Int32, Int32, Int32))] = []
        var found = false
        func take(_ i: Int32, _ box: (Int32, Int32, Int32, Int32)) {
            guard let bits = Pix(taking: pixaGetPix(pieces, i, Int32(L_CLONE))) else { return }
            pixRasterop(noise.pointer, box.0, box.1, box.2, box.3, PIX_SRC | PIX_DST, bits.pointer, 0, 0)
            found = true
        }
        for i in 0..<boxaGetCount(boxa) {
            var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
            guard boxaGetBoxGeometry(boxa, i, &x, &y, &w, &h) == 0, let bits = Pix(taking: pixaGetPix(pieces, i, Int32(L_CLONE))) else { continue }
            if Double(w) <= speck && Double(h) <= speck {
                take(i, (x, y, w, h))
                continue
            }
            // The smallest depth from the page's edges that holds all of it (a binary search in
            // pixels), if it is at most `deepest`.
            let holds = { (d: Int) in pixels(of: bits, at: (Int(x), Int(y)), inside: band(d)) == 0 }
            var (low, high) = (1, max(1, Int((deepest * pixelsPerInch).rounded())))
            guard holds(high) else { continue }
            while low < high {
                let middle = (low + high) / 2
                if holds(middle) { high = middle } else { low = middle + 1 }
            }
            let length = Double(max(w, h))
            guard length >= elongation * Double(high) else { continue }
            if length >= long {
                take(i, (x, y, w, h))
                continue
            }
            var near: PageEdges = []
            if edges.contains(.top), Int(y) < margin { near.insert(.top) }
            if edges.contains(.left), Int(x) < margin { near.insert(.left) }
            if edges.contains(.bottom), Int(y + h) > grey.height - margin { near.insert(.bottom) }
            if edges.contains(.right), Int(x + w) > grey.width - margin { near.insert(.right) }
            short.append((near, length, i, (x, y, w, h)))
        }
        for edge in [PageEdges.top, .left, .bottom, .right] {
            let along = short.filter { $0.edges.contains(edge) }
            guard along.count >= company, along.reduce(0, { $0 + $1.length }) >= long else { continue }
            for piece in along { take(piece.index, piece.box) }
        }
        guard found else { return nil }
        let grow = 2 * max(1, Int((rim * pixelsPerInch).rounded())) + 1
        return Pix(taking: pixDilateBrick(nil, noise.pointer, Int32(grow), Int32(grow)))
    }

    /// A piece's pixels (`bits`, placed at `origin` on the page) inside the page's rectangle from
    /// (left, top) to (right, bottom).
    private static func pixels(of bits: Pix, at origin: (x: Int, y: Int), inside area: (left: Int, top: Int, right: Int, bottom: Int)) -> Int {
        let left = max(0, area.left - origin.x), top = max(0, area.top - origin.y)
        let right = min(bits.width, area.right - origin.x), bottom = min(bits.height, area.bottom - origin.y)
        guard right > left, bottom > top, let box = boxCreate(Int32(left), Int32(top), Int32(right - left), Int32(bottom - top)) else { return 0 }
        var owned: UnsafeMutablePointer<BOX>? = box
        defer { boxDestroy(&owned) }
        var count: Int32 = 0
        pixCountPixelsInRect(bits.pointer, box, &count, nil)
        return Int(count)
    }
}
