import StripsCore
import StripsLooks
import StripsPictures

/// Where a page's writing lies and how large its letters are, from the judges' small decode: what
/// orientation detection is given to read (issue 37). Tesseract's OSD skips a blob whose box is
/// under 10 pixels high, whichever way the page lies: a receipt's narrow letters lying sideways
/// at 150 dpi are 8 or 9 pixels high and it reads "too few characters"; the scanner's backing
/// around a receipt scanned whole on A4 drowns what it does read (confidence 0.7 where the receipt
/// alone reads 5). So it is given the writing alone, scaled so its letters' narrow side is
/// `letterPixels`. Both measures hold whichever way the page lies (a letter's narrow side is the
/// same turned a quarter), so the page is read the same in every turn.
public struct WrittenArea: Sendable, Equatable {
    /// The writing's bounds as shares (0...1) of the picture looked at, a margin around it.
    public let bounds: Rect
    /// The letters' narrow side (the median), in pixels of the picture looked at.
    public let letterSide: Double
    /// The letter-sized blots, in pixels of the picture looked at.
    let blots: [InkComponent]
    /// How many letter-sized blots there are.
    public var letters: Int { blots.count }
    /// Which way the lines of writing run in the picture looked at, from each letter's nearest
    /// neighbour (the next letter of its line is nearer than the lines above and below).
    public let lines: Lines

    public enum Lines: Sendable, Equatable {
        /// Left to right or right to left: the page is upright or upside down.
        case across
        /// Top to bottom: the page lies on a side.
        case down
        /// Neither by a clear majority (a table, a picture's texture, too few pairs).
        case unclear
    }

    /// The letters' narrow side orientation detection is given, in pixels: Tesseract skips blobs
    /// under 10, and a receipt lying sideways read at 150 dpi (its letters about 9) says "too few
    /// characters" where at 190 dpi it reads the way up with confidence 5; 16 leaves room for
    /// letters narrower than the median.
    public static let letterPixels = 16.0

    /// `picture`: the page small, at `pixelsPerInch`. Nil when it holds too few letters to read
    /// (a photo, a blank page).
    public init?(_ picture: PixelBuffer, pixelsPerInch: Double) {
        let mm = pixelsPerInch / 25.4
        let grey = Looks.luma(of: picture)
        guard grey.width >= 16, grey.height >= 16 else { return nil }
        // Letters: blots darker than their surroundings (a receipt's pale print on a grey
        // scanner's backing too, which the judges' ink takes for one page-sized blot), 1.5 to 12 mm
        // on their long side (smaller: a dot, the backing's fibres), not cut by the picture's edge,
        // with two others within 5 mm (text is never one letter alone).
        let candidates = InkComponents.find(in: Self.darkerThanAround(grey, radius: max(2, Int((2 * mm).rounded()))), below: 128).filter { blot in
            let long = Double(max(blot.width, blot.height)), short = Double(min(blot.width, blot.height))
            return long >= 1.5 * mm && long <= 12 * mm && short >= 0.3 * mm
                && blot.minX > 0 && blot.minY > 0 && blot.maxX < grey.width - 1 && blot.maxY < grey.height - 1
        }
        let gap = Int((5 * mm).rounded()), cell = max(1, gap)
        var grid: [Int: [Int]] = [:]
        for (i, blot) in candidates.enumerated() { grid[(blot.minY / cell) << 20 | (blot.minX / cell), default: []].append(i) }
        let letters = candidates.enumerated().filter { i, blot in
            var near = 0
            for gy in ((blot.minY - gap) / cell)...((blot.maxY + gap) / cell) {
                for gx in ((blot.minX - gap) / cell)...((blot.maxX + gap) / cell) {
                    for j in grid[gy << 20 | gx] ?? [] where j != i && candidates[j].near(blot, gap: gap) { near += 1 }
                }
            }
            return near >= 2
        }.map(\.1)
        guard letters.count >= Self.fewestLetters else { return nil }
        // Printed strokes fill a good part of their box; the blots of grain or noise (a sensor's,
        // a texture's) branch thinly through theirs, and OSD reads a turn into them as readily as
        // into letters (12 noise pictures: 0.29 at most; the real corpus: 0.41 at least).
        let fills = letters.map(\.fill).sorted()
        guard fills[fills.count / 2] >= Self.leastFill else { return nil }
        let sides = letters.map { min($0.width, $0.height) }.sorted()
        letterSide = Double(sides[sides.count / 2])
        blots = letters
        lines = Self.direction(of: letters, within: gap)
        // The bounds of the letters: the 1st to the 99th hundredth of their edges (a stray mark
        // far out would widen them), then 5 mm around.
        func span(_ low: [Int], _ high: [Int], size: Int) -> (Double, Double) {
            let lows = low.sorted(), highs = high.sorted()
            let cut = lows.count / 100
            let from = max(0, Double(lows[cut]) - 5 * mm), to = min(Double(size), Double(highs[highs.count - 1 - cut] + 1) + 5 * mm)
            return (from / Double(size), to / Double(size))
        }
        let (x0, x1) = span(letters.map(\.minX), letters.map(\.maxX), size: grey.width)
        let (y0, y1) = span(letters.map(\.minY), letters.map(\.maxY), size: grey.height)
        bounds = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Which way the lines run: each letter's nearest neighbour within `gap` is counted as lying
    /// across (more than twice as far sideways as up or down), down, or neither; one way wins
    /// with three times the other's count and `fewestPairs` at least. On the real corpus's 39
    /// pictures of writing (each page as it lies and turned), 36 have a winner leading 4.4 to 290
    /// times; the other three (3 to 61 pairs) have none.
    static func direction(of letters: [InkComponent], within gap: Int) -> Lines {
        let cell = max(1, gap)
        var grid: [Int: [Int]] = [:]
        for (i, blot) in letters.enumerated() { grid[(Int(blot.centreY) / cell) << 20 | (Int(blot.centreX) / cell), default: []].append(i) }
        var across = 0, down = 0
        for (i, blot) in letters.enumerated() {
            var best: (distance: Double, dx: Double, dy: Double)?
            let gx = Int(blot.centreX) / cell, gy = Int(blot.centreY) / cell
            for y in (gy - 1)...(gy + 1) {
                for x in (gx - 1)...(gx + 1) {
                    for j in grid[y << 20 | x] ?? [] where j != i {
                        let dx = letters[j].centreX - blot.centreX, dy = letters[j].centreY - blot.centreY
                        let distance = dx * dx + dy * dy
                        if distance <= Double(gap * gap), distance < best?.distance ?? .infinity { best = (distance, dx, dy) }
                    }
                }
            }
            guard let best else { continue }
            if abs(best.dx) > 2 * abs(best.dy) { across += 1 } else if abs(best.dy) > 2 * abs(best.dx) { down += 1 }
        }
        if across >= Self.fewestPairs, across >= 3 * down { return .across }
        if down >= Self.fewestPairs, down >= 3 * across { return .down }
        return .unclear
    }

    /// Ink (0) where a pixel is under 85 % of the mean of the square of `radius` around it, else
    /// paper (255): print is told from the paper it lies on, whatever lies around the paper.
    static func darkerThanAround(_ grey: PixelBuffer, radius: Int) -> PixelBuffer {
        let w = grey.width, h = grey.height, stride = grey.bytesPerRow
        var sums = [Int](repeating: 0, count: (w + 1) * (h + 1))
        grey.bytes.withUnsafeBufferPointer { pixels in
            for y in 0..<h {
                var row = 0
                for x in 0..<w {
                    row += Int(pixels[y * stride + x])
                    sums[(y + 1) * (w + 1) + x + 1] = sums[y * (w + 1) + x + 1] + row
                }
            }
        }
        var out = PixelBuffer(width: w, height: h, format: .grey)
        grey.bytes.withUnsafeBufferPointer { pixels in
            out.bytes.withUnsafeMutableBufferPointer { ink in
                for y in 0..<h {
                    let y0 = max(0, y - radius), y1 = min(h, y + radius + 1)
                    for x in 0..<w {
                        let x0 = max(0, x - radius), x1 = min(w, x + radius + 1)
                        let sum = sums[y1 * (w + 1) + x1] - sums[y0 * (w + 1) + x1] - sums[y1 * (w + 1) + x0] + sums[y0 * (w + 1) + x0]
                        let count = (y1 - y0) * (x1 - x0)
                        ink[y * w + x] = Int(pixels[y * stride + x]) * count * 100 < sum * 85 ? 0 : 255
                    }
                }
            }
        }
        return out
    }

    /// Fewer letter pairs than this say nothing of the lines' way.
    static let fewestPairs = 20

    /// The median share of its box a letter covers, at least (`init`).
    static let leastFill = 0.35

    /// Fewer letter-sized blots than this tell orientation detection nothing (it asks for 50
    /// characters itself).
    static let fewestLetters = 40

    /// The scale (pixels of the reading to pixels of the picture looked at) that gives the letters
    /// `letterPixels` on their narrow side.
    public var readingScale: Double { Self.letterPixels / max(1, letterSide) }
}
