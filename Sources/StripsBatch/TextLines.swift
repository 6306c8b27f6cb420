/// Blots of writing gathered into lines of text: letters side by side (their heights overlapping
/// by half or more) with at most a word's space between them. The separator test counts the lines
/// a sheet holds besides its code: a title and an instruction are a few short lines, a receipt's
/// or a letter's body is many.
struct TextLines {
    let lines: [InkComponent]

    /// `blots`: the writing; `mm`: pixels a millimetre. Lines under 1 mm² of ink (a stray dot) are
    /// none.
    init(_ blots: [InkComponent], mm: Double) {
        let space = Int((4 * mm).rounded())
        var lines: [InkComponent] = []
        for blot in blots.sorted(by: { $0.minX < $1.minX }) {
            var merged = blot
            var changed = true
            // Merging can bring a line within reach of another: repeat until it stops.
            while changed {
                changed = false
                var k = 0
                while k < lines.count {
                    if Self.sameLine(lines[k], merged, space: space) {
                        merged.absorb(lines.remove(at: k))
                        changed = true
                    } else {
                        k += 1
                    }
                }
            }
            lines.append(merged)
        }
        self.lines = lines.filter { Double($0.area) >= mm * mm }
    }

    /// Side by side within `space`, and their heights overlapping by half the smaller one.
    static func sameLine(_ a: InkComponent, _ b: InkComponent, space: Int) -> Bool {
        guard a.minX - space <= b.maxX, b.minX - space <= a.maxX else { return false }
        let overlap = min(a.maxY, b.maxY) - max(a.minY, b.minY) + 1
        return overlap * 2 >= min(a.height, b.height)
    }

    /// The longest line's length in pixels (0 without lines).
    var longest: Int { lines.map(\.width).max() ?? 0 }
}
