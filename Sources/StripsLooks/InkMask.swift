import CLeptonica
import StripsPictures

/// The ink of a page in a look, for mixed raster content: what the black-and-white look would make
/// black (the same threshold), less the pictures (they stay in the background, in colour), each
/// connected piece with the colour of its ink. A piece whose ink is not one colour (a part of a
/// photograph the picture finder missed, a gradient) is not ink either: a mask paints one colour.
struct InkMask {
    /// 1 bpp, the page's size: 1 = ink that goes into a layer.
    var mask: Pix
    var pieces: [Piece]

    struct Piece {
        /// The piece's box in the page's pixels.
        var x: Int, y: Int, width: Int, height: Int
        /// Its own 1 bpp picture, the box's size.
        var bits: Pix
        /// The mean colour of its ink (its inner pixels, away from the edges a scan blurs into the paper).
        var colour: (Double, Double, Double)
        var pixels: Int
        /// Inks of more than one colour touch in it (a stamp's ring over black letters): its pixels
        /// go to their colours one by one.
        var mixed: Bool
    }

    /// The spread of a piece's inner tones (standard deviation of luma) past which it is not one colour.
    static let solidSpread = 42.0
    /// Pieces at least this many pixels are judged for being one colour; smaller ones are too few to tell.
    static let judgedFrom = 60
    /// The spread of a piece's inner colourfulness (standard deviation of max - min of the
    /// channels) past which it holds more than one ink: black letters (about 5) under a red ring
    /// (about 150) spread by 60 and more; one ink, noise and all, by under 20.
    static let mixedSpread = 35.0
    /// A word Tesseract is this sure of is text even inside a picture (a caption laid over a photograph).
    static let sureWord = 80.0

    /// `pix` is the look's picture as leptonica holds it (`order` its channels); `luma` its grey.
    static func find(_ picture: PixelBuffer, pix: Pix, luma: Pix, pictures: PictureRegions?, words: [MixedRaster.Word]) -> InkMask? {
        guard let ink = Pix(taking: pixThresholdToBinary(luma.pointer, Looks.inkLevel)) else { return nil }
        if let pictures {
            for box in pictures.boxes {
                pixRasterop(ink.pointer, Int32(box.x), Int32(box.y), Int32(box.width), Int32(box.height), PIX_CLR, nil, 0, 0)
            }
            // Sure words inside pictures are put back.
            guard let all = Pix(taking: pixThresholdToBinary(luma.pointer, Looks.inkLevel)) else { return nil }
            for word in words where word.confidence >= sureWord {
                let box = word.clamped(width: picture.width, height: picture.height)
                guard box.width > 0, box.height > 0, pictures.boxes.contains(where: { $0.intersects(box) }) else { continue }
                pixRasterop(ink.pointer, Int32(box.x), Int32(box.y), Int32(box.width), Int32(box.height), PIX_SRC | PIX_DST, all.pointer,
                            Int32(box.x), Int32(box.y))
            }
        }
        var found: UnsafeMutablePointer<PIXA>?
        guard let boxa = pixConnComp(ink.pointer, &found, 8) else { return nil }
        var ownedBoxes: UnsafeMutablePointer<BOXA>? = boxa
        defer {
            boxaDestroy(&ownedBoxes)
            pixaDestroy(&found)
        }
        guard let found else { return nil }
        var pieces: [Piece] = []
        pieces.reserveCapacity(Int(boxaGetCount(boxa)))
        for i in 0..<pixaGetCount(found) {
            var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
            guard boxaGetBoxGeometry(boxa, i, &x, &y, &w, &h) == 0, let bits = Pix(taking: pixaGetPix(found, i, Int32(L_CLONE))) else { continue }
            let stats = colour(of: bits, at: Int(x), Int(y), in: picture)
            if stats.pixels >= judgedFrom, stats.spread > solidSpread {
                // Not one colour: left to the background.
                pixRasterop(ink.pointer, x, y, w, h, (PIX_SRC ^ 0x0f) & PIX_DST, bits.pointer, 0, 0)
                continue
            }
            pieces.append(Piece(x: Int(x), y: Int(y), width: Int(w), height: Int(h), bits: bits, colour: stats.mean, pixels: stats.pixels,
                                mixed: stats.pixels >= judgedFrom && stats.colourSpread > mixedSpread))
        }
        return InkMask(mask: ink, pieces: pieces)
    }

    /// Every pixel of a piece's ink, in the page's pixels, with its colour; `inner` only those with
    /// ink on all four sides (a scan blurs the others into the paper).
    static func pixels(of piece: Piece, in picture: PixelBuffer, inner: Bool = false) -> [(x: Int, y: Int, colour: (Double, Double, Double))] {
        var found: [(x: Int, y: Int, colour: (Double, Double, Double))] = []
        walk(piece.bits, at: piece.x, piece.y, in: picture) { x, y, isInner, colour in
            if !inner || isInner { found.append((x, y, colour)) }
        }
        return found
    }

    /// The mean colour and luma spread of a piece's inner pixels (its ink with ink on all four
    /// sides), or of all of them when it has none inside (a hairline).
    private static func colour(of bits: Pix, at left: Int, _ top: Int, in picture: PixelBuffer)
        -> (mean: (Double, Double, Double), spread: Double, colourSpread: Double, pixels: Int) {
        var inner = (r: 0.0, g: 0.0, b: 0.0, l: 0.0, l2: 0.0, c: 0.0, c2: 0.0, n: 0)
        var all = inner
        walk(bits, at: left, top, in: picture) { _, _, isInner, colour in
            let (r, g, b) = colour
            let l = 0.299 * r + 0.587 * g + 0.114 * b, c = max(r, g, b) - min(r, g, b)
            all.r += r; all.g += g; all.b += b; all.l += l; all.l2 += l * l; all.c += c; all.c2 += c * c; all.n += 1
            if isInner { inner.r += r; inner.g += g; inner.b += b; inner.l += l; inner.l2 += l * l; inner.c += c; inner.c2 += c * c; inner.n += 1 }
        }
        let use = inner.n >= 4 ? inner : all
        let n = Double(max(1, use.n))
        let mean = use.l / n, chroma = use.c / n
        return ((use.r / n, use.g / n, use.b / n), (max(0, use.l2 / n - mean * mean)).squareRoot(),
                (max(0, use.c2 / n - chroma * chroma)).squareRoot(), all.n)
    }

    /// Calls `body` for every pixel of `bits` (a piece placed at `left`, `top` on the page): its
    /// place on the page, whether it has ink on all four sides, its colour in `picture`.
    private static func walk(_ bits: Pix, at left: Int, _ top: Int, in picture: PixelBuffer,
                             _ body: (Int, Int, Bool, (Double, Double, Double)) -> Void) {
        let width = bits.width, height = bits.height
        guard let data = pixGetData(bits.pointer) else { return }
        let wordsPerRow = Int(pixGetWpl(bits.pointer))
        func bit(_ x: Int, _ y: Int) -> Bool {
            guard x >= 0, y >= 0, x < width, y < height else { return false }
            return (data[y * wordsPerRow + x >> 5] >> (31 - UInt32(x & 31))) & 1 == 1
        }
        let step = picture.format.bytesPerPixel, rowBytes = picture.bytesPerRow
        let (ri, bi) = picture.format == .bgra ? (2, 0) : (0, 2)
        picture.bytes.withUnsafeBufferPointer { bytes in
            for y in 0..<height {
                let row = (top + y) * rowBytes
                for x in 0..<width where bit(x, y) {
                    let i = row + (left + x) * step
                    let colour = step == 1 ? (Double(bytes[i]), Double(bytes[i]), Double(bytes[i]))
                        : (Double(bytes[i + ri]), Double(bytes[i + 1]), Double(bytes[i + bi]))
                    body(left + x, top + y, bit(x - 1, y) && bit(x + 1, y) && bit(x, y - 1) && bit(x, y + 1), colour)
                }
            }
        }
    }
}

extension PictureRegions.Box {
    func intersects(_ other: PictureRegions.Box) -> Bool {
        x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height
    }
}
