import StripsCore
import StripsPictures

/// Whether a crop keeps a picture's text: a border found by itself on a real photo can be a
/// woodcut initial, a cookbook's lower half, a receipt's middle (issue 37). The picture's lines of
/// text are found as the judges find writing (the grey look's ink, less specks, holes and the
/// backing at its edges), gathered into lines (`TextLines`); a crop is kept only when it holds
/// 85 % of their ink in lines wholly inside it and cuts through no line holding 5 % of it. The
/// crops that lose text on real photos and scans keep 0 to 67 % (a woodcut initial, a column); a desk's
/// grain makes a few letter-like lines outside a page, so right crops of the made-up photos keep
/// 86 to 100 % (docs/REAL-PAGES.md). What is not writing-shaped (a photo, the
/// grain of a desk) is no line: a line is 1 to 12 mm high and longer than it is high.
public struct TextGuard: Sendable {
    /// The lines of text, in the picture's pixels, and the ink of each.
    let lines: [InkComponent]
    /// The letters as orientation detection finds them (`WrittenArea`: darker than what is around
    /// them, with neighbours), which sees a receipt's pale thermal print where the judges' ink
    /// level does not, and takes no backing's grain or perforation for writing.
    let letters: [InkComponent]
    let size: Size
    /// A millimetre in pixels of the picture looked at.
    let mm: Double

    /// `picture`: the page decoded small (about 100 pixels an inch; any size works);
    /// `pixelsPerInch` when known, else its long side is taken as 11 inches.
    /// The size of the full picture crops are given in (`pictureSize` of `init`), for callers
    /// that keep the guard.
    public let pictureSize: Size

    /// `pictureSize`: the full picture's size, when `picture` is a small decode of it (default:
    /// `picture`'s own).
    public init(_ picture: PixelBuffer, pixelsPerInch: Double? = nil, pictureSize: Size? = nil) {
        let analysis = SheetAnalysis(picture: picture, pixelsPerInch: pixelsPerInch)
        let mm = analysis.mm
        self.mm = mm
        // Every blot of a letter's size, the ones by the picture's edge too: a receipt laid against
        // the scanner's edge has its text there (the judges set those aside as the backing's).
        let speck = Int((0.3 * mm * mm).rounded(.up))
        let writing = analysis.blots.filter { $0.area >= speck && Double($0.height) <= 12 * mm && Double($0.width) <= 60 * mm }
        lines = writing.count > 20_000 ? [] : TextLines(writing, mm: mm).lines.filter { line in
            let h = Double(line.height)
            return h >= 1 * mm && h <= 12 * mm && line.width >= 2 * line.height
        }
        letters = WrittenArea(picture, pixelsPerInch: analysis.pixelsPerInch)?.blots ?? []
        size = Size(width: Double(picture.width), height: Double(picture.height))
        self.pictureSize = pictureSize ?? size
    }

    /// Ink in lines of text, in pixels of the picture looked at.
    public var textInk: Int { lines.reduce(0) { $0 + $1.area } }

    /// Whether `crop` (in a picture of `cropSize`, scaled to the one looked at) keeps the text.
    /// A page found by its edges (`item` false) must hold at least `keptShare` of the text's ink
    /// in lines wholly inside it and cut through no line (a line with a corner on each side)
    /// holding more than `cutShare` of it. An item found lying on a flatbed (`FlatbedItem`) is
    /// paper told from the backing by brightness: the backing's grain and a notebook's
    /// perforation make lines outside it, so it is held to the letters instead, which see pale
    /// thermal print and no grain: `keptLetters` of them. A page must hold `pageLetters` of them
    /// too: the lines do not see pale print, and a receipt's header strip found as a page held
    /// all the lines they saw and none of its words; a desk's grain around a photographed page
    /// makes letters, so a right crop of a made-up photo holds a third of them at least. A picture
    /// without text keeps any crop.
    public func keeps(_ crop: Quad, in cropSize: Size, item: Bool = false, keptShare: Double = 0.85, cutShare: Double = 0.05) -> Bool {
        let found = shares(crop, in: cropSize)
        return item ? found.letters >= Self.keptLetters
            : found.kept >= keptShare && found.cut <= cutShare && found.letters >= Self.pageLetters && found.cutLetters == 0
    }

    /// The share of the letters an item's crop must hold wholly inside it (`keeps`).
    public static let keptLetters = 0.97
    /// The share of the letters a page's crop must hold wholly inside it (`keeps`).
    public static let pageLetters = 0.25

    /// The share of the text's ink in lines wholly inside `crop`, the largest share in one line it
    /// cuts through, the share of the letters wholly inside it (1, 0 and 1 for a picture
    /// without text), and the letters it cuts from their words: not wholly inside, within
    /// `wordGap` of a letter that is. The lines do not see a receipt's pale print, so a page's edge
    /// found a few millimetres inside a receipt cut the ends of three of its lines ("Brutto",
    /// "34,00") keeping 99 % of its letters (4 letters cut from their words), and a made-up photo's
    /// page found a third of the way down kept every line the lines saw (12 cut); no crop that
    /// keeps its text, on the real corpus or the made-up photos, cuts a letter from its word.
    public func shares(_ crop: Quad, in cropSize: Size) -> (kept: Double, cut: Double, letters: Double, cutLetters: Int) {
        let quad = crop.scaled(from: cropSize, to: size)
        return shares(where: quad.contains)
    }

    /// As `shares(_:in:)` for any part of the picture: `region` a test on points of the picture
    /// crops are given in (`pictureSize`). What a page laid flat whole keeps of the picture's
    /// writing, `region` the part of the picture it shows.
    public func shares(inside region: (Point) -> Bool) -> (kept: Double, cut: Double, letters: Double, cutLetters: Int) {
        let (sx, sy) = (pictureSize.width / size.width, pictureSize.height / size.height)
        return shares(where: { region(Point(x: $0.x * sx, y: $0.y * sy)) })
    }

    /// `shares` with `inside` a test on points of the picture looked at.
    private func shares(where inside: (Point) -> Bool) -> (kept: Double, cut: Double, letters: Double, cutLetters: Int) {
        func cornersInside(_ box: InkComponent) -> Int { Self.corners(of: box).filter(inside).count }
        let whole = letters.map { cornersInside($0) == 4 }
        let letterShare = letters.isEmpty ? 1 : Double(whole.filter { $0 }.count) / Double(letters.count)
        let cutLetters = Self.cutFromWords(letters, inside: whole, gap: max(1, Int((Self.wordGap * mm).rounded())))
        let total = textInk
        guard total > 0 else { return (1, 0, letterShare, cutLetters) }
        var kept = 0, cut = 0
        for line in lines {
            let within = cornersInside(line)
            if within == 4 { kept += line.area } else if within > 0 { cut = max(cut, line.area) }
        }
        return (Double(kept) / Double(total), Double(cut) / Double(total), letterShare, cutLetters)
    }

    /// A blot's box's four corners, its far edges one pixel out.
    static func corners(of box: InkComponent) -> [Point] {
        [Point(x: Double(box.minX), y: Double(box.minY)), Point(x: Double(box.maxX + 1), y: Double(box.minY)),
         Point(x: Double(box.maxX + 1), y: Double(box.maxY + 1)), Point(x: Double(box.minX), y: Double(box.maxY + 1))]
    }

    /// Letters closer than this, in millimetres, are of one word (the space between words is a
    /// letter's width, about 2 mm at a receipt's print size).
    static let wordGap = 0.8

    /// How many of `letters` not wholly inside (`inside`) lie within `gap` of one that is.
    static func cutFromWords(_ letters: [InkComponent], inside: [Bool], gap: Int) -> Int {
        near(letters, which: inside.map { !$0 }, to: inside, gap: gap)
    }

    /// The letters not wholly inside `region` (points of `pictureSize`) that are of the type's
    /// size (at least half the letters' median height) and lie beside another letter (sharing
    /// rows with it, within `wordGap`), inside or not: the letters of every word a page laid
    /// flat whole cuts or leaves out. What a photo's edges lose are no words: specks (the desk,
    /// 2 to 8 pixels high, under half the type's letters) and blots stacked down or along the
    /// page's edge and the book's leaves (boston_cooking_b at full size: a blot on the page's top
    /// edge with another below it, which counted as a word's letter before "beside" was asked).
    public func lettersLeftOutOfWords(inside region: (Point) -> Bool) -> Int {
        let (sx, sy) = (pictureSize.width / size.width, pictureSize.height / size.height)
        let heights = letters.map { $0.maxY - $0.minY + 1 }.sorted()
        let least = heights.isEmpty ? 0 : heights[heights.count / 2] / 2
        let out = letters.map { $0.maxY - $0.minY + 1 >= least && !Self.corners(of: $0).allSatisfy { region(Point(x: $0.x * sx, y: $0.y * sy)) } }
        return Self.near(letters, which: out, to: letters.map { _ in true }, gap: max(1, Int((Self.wordGap * mm).rounded())), beside: true)
    }

    /// How many of the `letters` marked in `which` lie within `gap` of another marked in `to`
    /// (`beside`: and share rows with it, as the letters of a word on its line do).
    static func near(_ letters: [InkComponent], which: [Bool], to: [Bool], gap: Int, beside: Bool = false) -> Int {
        let cell = max(1, gap) * 4
        var grid: [Int: [Int]] = [:]
        for (i, letter) in letters.enumerated() where to[i] {
            for gy in (letter.minY / cell)...(letter.maxY / cell) {
                for gx in (letter.minX / cell)...(letter.maxX / cell) { grid[gy << 20 | gx, default: []].append(i) }
            }
        }
        var count = 0
        for (i, letter) in letters.enumerated() where which[i] {
            var near = false
            for gy in ((letter.minY - gap) / cell)...((letter.maxY + gap) / cell) where !near {
                for gx in ((letter.minX - gap) / cell)...((letter.maxX + gap) / cell) where !near {
                    near = (grid[gy << 20 | gx] ?? []).contains { j in
                        let other = letters[j]
                        return j != i && other.near(letter, gap: gap) && (!beside || (other.minY <= letter.maxY && letter.minY <= other.maxY))
                    }
                }
            }
            if near { count += 1 }
        }
        return count
    }
}
