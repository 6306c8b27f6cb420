import StripsPictures

/// The judges' first look: whether a page is plainly a page of text, answered from the rows of
/// its plain luma alone, before the grey look and the blots (`SheetAnalysis`) are paid for. Most
/// pages of a batch are text, and a page of text is neither blank nor a separator sheet.
///
/// Ink here is what the full look takes for ink without the evening: darker than half the
/// paper's level (the brightest tenth of the page). The rows of the page's inside (15 mm in from
/// every edge: past the scanner's backing, a shallow dark band along an edge, most punch holes)
/// are counted. Lines are bands of rows with a quarter of a typical inked row's ink; a line of
/// text is at most 10 mm high, its ink spread over 25 mm or more in three or more words. A page
/// is text when it has ten such lines or more, reaching 80 mm down the page, and nothing else of
/// size: no band taller than a line (a code, a picture, a table's block), and between the lines
/// at most 4 mm of rows with more than 1.5 mm of ink (descenders and ascenders leave a gap).
/// Anything doubtful is left to the full look; pages set askew, whose lines run into each other,
/// are among them.
///
/// Why such a page is never a blank page or a separator sheet: bleed-through is paler than half
/// the paper and a near-blank page's line is one band. Every row of a code holds ink, more than
/// 1.5 mm of it: a code is a band at least 8 mm high of its own (a block) or, under text dense
/// enough to put its rows below the lines' level, rows of ink between lines. A separator sheet's
/// caption lines lie within 15 mm of its code (docs/BATCHES.md), too few and too close together
/// for ten lines over 80 mm.
struct FirstLook: Sendable {
    /// Lines of text found, top to bottom (rows of the picture).
    let lines: [ClosedRange<Int>]
    /// Why the page is not plainly text, or nil when it is.
    let doubt: String?

    var isText: Bool { doubt == nil }

    /// Lines a page of text has at least.
    static let fewestLines = 10
    /// How far down the page its lines reach at least, first to last, in millimetres.
    static let shortestSpread = 80.0
    /// A band of rows a line of text makes at most (18 pt's capitals and descenders, and the
    /// blur of a small decode), in millimetres: a code is taller, or too short to have ten lines
    /// of caption within 15 mm of it spread over `shortestSpread`.
    static let tallestLine = 10.0
    /// Ink in a row between two lines, at most, in millimetres of the row (a few descenders).
    static let thinRow = 1.5
    /// Rows with more than `thinRow` of ink between two lines, at most, in millimetres: a code
    /// is 8 mm high or more.
    static let thickestGap = 4.0
    /// The inside of the page: this far in from every edge, in millimetres.
    static let margin = 15.0

    /// `picture`: the page at about 100 pixels an inch, at `pixelsPerInch`.
    init(picture: PixelBuffer, pixelsPerInch: Double) {
        let mm = pixelsPerInch / 25.4
        let width = picture.width, height = picture.height
        let margin = Int((Self.margin * mm).rounded())
        let left = margin, right = width - margin, top = margin, bottom = height - margin
        guard mm > 0, right - left >= Int(60 * mm), bottom - top >= Int(Self.shortestSpread * mm) else {
            lines = []
            doubt = "too small to read lines in"
            return
        }
        let (luma, histogram) = Self.luma(of: picture)
        // Ink: darker than half the paper's level (as `SheetAnalysis.ink` takes it).
        let dark = UInt8((SheetAnalysis.paperLevel(histogram) + 1) / 2)
        // Each inside row's ink, in pixels.
        var counts = [Int](repeating: 0, count: height)
        luma.bytes.withUnsafeBufferPointer { pixels in
            for y in top..<bottom {
                var n = 0
                for i in (y * width + left)..<(y * width + right) where pixels[i] < dark { n += 1 }
                counts[y] = n
            }
        }
        // Rows holding more ink than a few descenders and ascenders between two lines; every row
        // of a code holds more (its bars, its modules).
        let thin = Int((Self.thinRow * mm).rounded(.up))
        let inked = counts[top..<bottom].filter { $0 > thin }.sorted()
        guard !inked.isEmpty, Double(inked.count) >= Double(Self.fewestLines) * mm else {
            lines = []
            doubt = "little ink"
            return
        }
        // Lines: bands of rows with a quarter of a typical inked row's ink (the median's) or more,
        // the x-height of a line and more; text set tight leaves more than `thin` between lines.
        let level = max(thin + 1, inked[inked.count / 2] / 4)
        let tallest = Int(Self.tallestLine * mm), thickest = Int(Self.thickestGap * mm)
        var found: [ClosedRange<Int>] = []
        var y = top, heavy = 0
        while y < bottom {
            guard counts[y] >= level else {
                // Between lines: a code or a picture under text dense enough to put its rows below
                // `level` is row after row of ink, where descenders and ascenders leave a gap.
                heavy = counts[y] > thin ? heavy + 1 : 0
                if heavy > thickest {
                    lines = found
                    doubt = "ink between lines at row \(y)"
                    return
                }
                y += 1
                continue
            }
            heavy = 0
            let start = y
            while y < bottom, counts[y] >= level { y += 1 }
            let band = start...(y - 1)
            if band.count > tallest {
                lines = found
                doubt = "a block \(Int(Double(band.count) / mm)) mm high at row \(start)"
                return
            }
            if Self.isLine(luma, rows: band, from: left, to: right, dark: dark, mm: mm) { found.append(band) }
        }
        lines = found
        if found.count < Self.fewestLines {
            doubt = "\(found.count) lines of text"
        } else if let first = found.first, let last = found.last, Double(last.upperBound - first.lowerBound) < Self.shortestSpread * mm {
            doubt = "lines over \(Int(Double(last.upperBound - first.lowerBound) / mm)) mm only"
        } else {
            doubt = nil
        }
    }

    /// The plain luma (Rec. 601, as `Looks.luma(of:)` makes it, to within a level) and its
    /// histogram, in one pass and without leptonica's copies of the picture, which cost more than
    /// this whole look.
    static func luma(of picture: PixelBuffer) -> (PixelBuffer, [Int]) {
        var histogram = [Int](repeating: 0, count: 256)
        guard picture.format != .grey else {
            picture.bytes.withUnsafeBufferPointer { for value in $0 { histogram[Int(value)] += 1 } }
            return (picture, histogram)
        }
        let step = picture.format.bytesPerPixel
        // B, G, R in bgra; R, G, B in rgb: the weights in 16-bit fixed point.
        let (first, third) = picture.format == .bgra ? (7471, 19595) : (19595, 7471)
        let count = picture.width * picture.height
        let luma = [UInt8](unsafeUninitializedCapacity: count) { luma, initialized in
            picture.bytes.withUnsafeBufferPointer { source in
                histogram.withUnsafeMutableBufferPointer { histogram in
                    for i in 0..<count {
                        let p = i * step
                        let value = (first * Int(source[p]) + 38470 * Int(source[p + 1]) + third * Int(source[p + 2]) + 32768) >> 16
                        luma[i] = UInt8(truncatingIfNeeded: value)
                        histogram[value] += 1
                    }
                }
            }
            initialized = count
        }
        return (PixelBuffer(width: picture.width, height: picture.height, format: .grey, bytes: luma) ?? picture, histogram)
    }

    /// A line of text across `rows`: ink at least 1 mm high, 3 mm² of it, spread over 25 mm or
    /// more in three or more words (stretches of ink apart by a millimetre or more).
    static func isLine(_ luma: PixelBuffer, rows: ClosedRange<Int>, from left: Int, to right: Int, dark: UInt8, mm: Double) -> Bool {
        guard Double(rows.count) >= mm else { return false }
        var columns = [Bool](repeating: false, count: right - left)
        var ink = 0
        luma.bytes.withUnsafeBufferPointer { pixels in
            for y in rows {
                let row = y * luma.width
                for x in left..<right where pixels[row + x] < dark {
                    columns[x - left] = true
                    ink += 1
                }
            }
        }
        guard Double(ink) >= 3 * mm * mm, let first = columns.firstIndex(of: true), let last = columns.lastIndex(of: true),
              Double(last - first) >= 25 * mm else { return false }
        let space = Int(mm.rounded())
        var words = 1, blank = 0
        for x in first...last {
            if columns[x] {
                if blank >= space { words += 1 }
                blank = 0
            } else {
                blank += 1
            }
        }
        return words >= 3
    }
}
