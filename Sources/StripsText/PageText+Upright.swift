extension PageText {
    /// Whether this reading of a page as it lies says by itself that the page is upright, so that
    /// orientation detection has nothing to add (`strips convert` then runs none: it was a twentieth
    /// of a convert's processor time, docs/PERFORMANCE.md, issue 42). Tesseract reads an upright page
    /// of text surely (on the bench's real scans 92 to 97 % of words at confidence 80 or more) and
    /// the same page upside down poorly (15 %); a page lying on a side it reads surely too, turning
    /// its blocks itself, but its lines then run down the picture. So: enough words, most of them
    /// sure, nearly all on lines that run across. Any doubt (few words, a pale or unusual page) and
    /// the page is left to orientation detection as before.
    public var readsPlainlyUpright: Bool {
        guard words.count >= Self.plainWords else { return false }
        let sure = words.filter { $0.confidence >= Self.sureWord }.count
        guard Double(sure) >= Self.sureShare * Double(words.count) else { return false }
        let across = lines.reduce(0) { count, line in
            guard let b = line.baseline, abs(b.x2 - b.x1) > 2 * abs(b.y2 - b.y1) else { return count }
            return count + line.wordRange.count
        }
        return Double(across) >= Self.acrossShare * Double(words.count)
    }

    /// The least words a reading must have to tell its page's way up by itself.
    static let plainWords = 30
    /// A word read this surely (Tesseract's 0...100) counts as sure.
    static let sureWord = 80.0
    /// The share of sure words an upright reading has at least (upright pages: 0.92 to 0.97,
    /// upside down: about 0.15).
    static let sureShare = 0.75
    /// The share of words on lines running across (baselines within about 27 degrees of level).
    static let acrossShare = 0.9
}
