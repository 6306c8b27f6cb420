/// The few colours a page's ink comes in: black text, a blue letterhead, a red stamp. Each piece of
/// ink joins the nearest colour already found (largest pieces first) when it is within `reach`,
/// else starts a new one; a colour is the pixel-weighted mean of its pieces. Scanned ink is never
/// one exact colour, and a layer per shade would cost a mask each for nothing.
struct InkPalette {
    struct Colour {
        var red: Double, green: Double, blue: Double
        var pixels: Int
        var pieces: [Int]
    }

    var colours: [Colour] = []

    /// How far apart (Euclidean, 0...255 a channel) two inks may be and still be one colour: the
    /// spread of one black text's pieces in a scan, well short of black to dark blue (about 70).
    static let reach = 40.0
    /// At most this many colours; the rarest beyond it join their nearest, as do those with under
    /// `rarest` of the ink's pixels.
    static let most = 12
    static let rarest = 0.0005

    /// The colours of `pieces`: a piece of one ink counts with its mean colour, a `mixed` piece
    /// with each of its inner pixels (`inks(of:)`), since its mean is no ink's.
    init(_ pieces: [InkMask.Piece], mixedInks: (InkMask.Piece) -> [(Double, Double, Double)]) {
        var samples: [(colour: (Double, Double, Double), pixels: Int, piece: Int?)] = []
        // Mixed pieces' pixels counted in bins of 32 levels a channel, each bin its mean colour: the
        // inks among them come out as the bins most pixels fall in.
        var bins: [Int: (r: Double, g: Double, b: Double, n: Int)] = [:]
        for (index, piece) in pieces.enumerated() {
            if piece.mixed {
                for c in mixedInks(piece) {
                    let key = (Int(c.0) >> 5) << 6 | (Int(c.1) >> 5) << 3 | Int(c.2) >> 5
                    var bin = bins[key] ?? (0, 0, 0, 0)
                    bin = (bin.r + c.0, bin.g + c.1, bin.b + c.2, bin.n + 1)
                    bins[key] = bin
                }
            } else {
                samples.append((piece.colour, piece.pixels, index))
            }
        }
        for bin in bins.values { samples.append(((bin.r / Double(bin.n), bin.g / Double(bin.n), bin.b / Double(bin.n)), bin.n, nil)) }
        samples.sort { $0.pixels > $1.pixels }
        for sample in samples {
            if let nearest = nearest(to: sample.colour), distance(colours[nearest], sample.colour) <= Self.reach {
                add(sample.colour, sample.pixels, sample.piece, to: nearest)
            } else {
                colours.append(Colour(red: sample.colour.0, green: sample.colour.1, blue: sample.colour.2, pixels: sample.pixels,
                                      pieces: sample.piece.map { [$0] } ?? []))
            }
        }
        // A colour of a few pixels is not an ink: a mask of its own costs more than it shows.
        let total = colours.reduce(0) { $0 + $1.pixels }
        while colours.count > 1, let rarest = colours.indices.min(by: { colours[$0].pixels < colours[$1].pixels }),
              colours.count > Self.most || Double(colours[rarest].pixels) < Self.rarest * Double(total) {
            let gone = colours.remove(at: rarest)
            guard let nearest = nearest(to: (gone.red, gone.green, gone.blue)) else { break }
            for index in gone.pieces { add(pieces[index].colour, pieces[index].pixels, index, to: nearest) }
            if gone.pieces.isEmpty { add((gone.red, gone.green, gone.blue), gone.pixels, nil, to: nearest) }
        }
    }

    /// The colour whose ink, laid thinner and thinner on white paper, comes nearest `colour`: a
    /// letter's grey edge is black ink's, a pink one red ink's, though pink is nearer black than
    /// red is.
    func ink(of colour: (Double, Double, Double)) -> Int? {
        colours.indices.min { Self.fromInk(colours[$0], colour) < Self.fromInk(colours[$1], colour) }
    }

    /// Distance from `c` to the line of mixtures of the ink and white.
    static func fromInk(_ ink: Colour, _ c: (Double, Double, Double)) -> Double {
        let d = (255 - ink.red, 255 - ink.green, 255 - ink.blue)
        let v = (c.0 - ink.red, c.1 - ink.green, c.2 - ink.blue)
        let length = d.0 * d.0 + d.1 * d.1 + d.2 * d.2
        let t = length > 0 ? max(0, min(1, (v.0 * d.0 + v.1 * d.1 + v.2 * d.2) / length)) : 0
        let (x, y, z) = (v.0 - t * d.0, v.1 - t * d.1, v.2 - t * d.2)
        return (x * x + y * y + z * z).squareRoot()
    }

    private func nearest(to colour: (Double, Double, Double)) -> Int? {
        colours.indices.min { distance(colours[$0], colour) < distance(colours[$1], colour) }
    }

    private func distance(_ a: Colour, _ b: (Double, Double, Double)) -> Double {
        let (dr, dg, db) = (a.red - b.0, a.green - b.1, a.blue - b.2)
        return (dr * dr + dg * dg + db * db).squareRoot()
    }

    private mutating func add(_ colour: (Double, Double, Double), _ pixels: Int, _ piece: Int?, to index: Int) {
        var c = colours[index]
        let w = Double(pixels) / max(1, Double(c.pixels + pixels))
        c.red += (colour.0 - c.red) * w
        c.green += (colour.1 - c.green) * w
        c.blue += (colour.2 - c.blue) * w
        c.pixels += pixels
        if let piece { c.pieces.append(piece) }
        colours[index] = c
    }
}
