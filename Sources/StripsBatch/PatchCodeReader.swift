import StripsPictures

/// Kodak's patch codes, read from their bars: four bars, each narrow (2.03 mm) or wide (5.08 mm),
/// with narrow spaces between, 20.3 mm across and at least 2 inches long, parallel to the edge the
/// sheet is fed by. Six patterns, read from that edge; Patch T (transfer) is the sheet feeders'
/// document separator. Simple enough to read ourselves; no decoder library knows them.
enum PatchCodeReader {
    /// The patterns, narrow "N" and wide "W", as read from the edge fed first.
    static let patterns: [String: String] = [
        "WWNN": "Patch 1", "WNNW": "Patch 2", "WNWN": "Patch 3", "NWWN": "Patch 4", "NNWW": "Patch 6", "NWNW": "Patch T",
    ]

    /// The patch code whose bars fill `box` of the grey picture (0 ink ... 255 paper), or nil.
    /// `mm`: pixels a millimetre. The bars are read across in slices along their length, so a
    /// sheet fed a degree askew still reads; most slices must agree.
    static func read(_ grey: PixelBuffer, box: InkComponent, mm: Double) -> String? {
        let width = Double(box.width) / mm, height = Double(box.height) / mm
        // Bars across (read top to bottom) when the box is wide; down the page (left to right) when tall.
        if width >= 40, (15...27).contains(height) { return read(grey, box: box, mm: mm, across: true) }
        if height >= 40, (15...27).contains(width) { return read(grey, box: box, mm: mm, across: false) }
        return nil
    }

    private static func read(_ grey: PixelBuffer, box: InkComponent, mm: Double, across: Bool) -> String? {
        let length = across ? box.width : box.height
        let sliceLength = max(1, Int(12 * mm))
        let slices = max(1, length / sliceLength)
        var votes: [String: Int] = [:]
        for s in 0..<slices {
            let from = s * sliceLength, to = min(length, from + sliceLength)
            // The ink share of each line across the bars, within this slice.
            let depth = across ? box.height : box.width
            var profile = [Double](repeating: 0, count: depth)
            for d in 0..<depth {
                var dark = 0
                for l in from..<to {
                    let x = across ? box.minX + l : box.minX + d
                    let y = across ? box.minY + d : box.minY + l
                    if grey.bytes[y * grey.width + x] < 128 { dark += 1 }
                }
                profile[d] = Double(dark) / Double(to - from)
            }
            if let pattern = pattern(profile, mm: mm) { votes[pattern, default: 0] += 1 }
        }
        guard let (best, count) = votes.max(by: { $0.value < $1.value }), count * 2 > slices else { return nil }
        return patterns[best]
    }

    /// The bars of one profile as "N" and "W", when there are exactly four with narrow spaces.
    static func pattern(_ profile: [Double], mm: Double) -> String? {
        var runs: [(dark: Bool, length: Int)] = []
        for value in profile {
            let dark = value > 0.5
            if let last = runs.last, last.dark == dark { runs[runs.count - 1].length += 1 } else { runs.append((dark, 1)) }
        }
        // Light lines at either end are the box's rounding: drop them.
        while let first = runs.first, !first.dark { runs.removeFirst() }
        while let last = runs.last, !last.dark { runs.removeLast() }
        guard runs.count == 7 else { return nil }
        let total = Double(runs.reduce(0) { $0 + $1.length })
        // The whole patch is 20.3 mm: a unit of its width is a narrow element's 2.03 mm.
        let unit = total / 10
        guard (15 * mm...27 * mm).contains(total) else { return nil }
        var letters = ""
        for (i, run) in runs.enumerated() {
            let units = Double(run.length) / unit
            if i % 2 == 1 {
                guard (0.5...1.6).contains(units) else { return nil }
            } else if (0.5...1.6).contains(units) {
                letters += "N"
            } else if (1.9...3.2).contains(units) {
                letters += "W"
            } else {
                return nil
            }
        }
        // Two narrow and two wide bars make every patch: 2 + 2 * 2.5 + 3 spaces = 10 units.
        return letters.filter { $0 == "W" }.count == 2 ? letters : nil
    }
}
