import StripsCore

extension PageText {
    /// The text of a page's source (a PDF page's own, whose boxes are in its points) laid on the
    /// page its recipe makes: each box mapped through the crop and the straighten turn
    /// (`geometry`, from the source's upright pixels to the corrected page's), so search, copying
    /// and a saved page's text layer find the words where the corrected page shows them. A word
    /// whose middle the crop leaves out is left out, with its line when it was the line's last;
    /// the text is then the words kept, a line each. Boxes are in the corrected page's pixels.
    public func laid(on geometry: RecipeGeometry) -> PageText {
        if quarterTurns != 0 { return onPicture.laid(on: geometry) }
        guard width > 0, height > 0, let toPage = geometry.sourceToPage else { return self }
        let page = geometry.pageSize
        let (sx, sy) = (geometry.sourceSize.width / width, geometry.sourceSize.height / height)
        func mapped(_ box: TextBox) -> TextBox? {
            let corners = [(box.x, box.y), (box.maxX, box.y), (box.maxX, box.maxY), (box.x, box.maxY)]
                .map { toPage.apply(Point(x: $0.0 * sx, y: $0.1 * sy)) }
            let xs = corners.map(\.x), ys = corners.map(\.y)
            guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max(),
                  x0.isFinite, x1.isFinite, y0.isFinite, y1.isFinite else { return nil }
            let (cx, cy) = ((x0 + x1) / 2, (y0 + y1) / 2)
            guard cx >= 0, cy >= 0, cx <= page.width, cy <= page.height else { return nil }
            let (left, top) = (max(0, x0), max(0, y0))
            return TextBox(x: left, y: top, width: min(page.width, x1) - left, height: min(page.height, y1) - top)
        }
        var laid = PageText.empty(width: page.width, height: page.height, origin: origin)
        laid.orientation = orientation
        laid.quarterTurns = quarterTurns
        var dropped = false
        for line in lines {
            let first = laid.words.count
            for index in line.wordRange where words.indices.contains(index) {
                guard let box = mapped(words[index].box) else {
                    dropped = true
                    continue
                }
                var word = words[index]
                word.box = box
                word.line = laid.lines.count
                laid.words.append(word)
            }
            guard laid.words.count > first else { continue }
            let box = laid.words[first...].dropFirst().reduce(laid.words[first].box) { $0.union($1.box) }
            let baseline = line.baseline.flatMap { b -> TextLine.Baseline? in
                let (a, z) = (toPage.apply(Point(x: b.x1 * sx, y: b.y1 * sy)), toPage.apply(Point(x: b.x2 * sx, y: b.y2 * sy)))
                return TextLine.Baseline(x1: a.x, y1: a.y, x2: z.x, y2: z.y)
            }
            laid.lines.append(TextLine(box: box, firstWord: first, endWord: laid.words.count, baseline: baseline))
        }
        laid.text = dropped ? laid.lines.map { line in laid.words[line.wordRange].map(\.text).joined(separator: " ") }.joined(separator: "\n") : text
        return laid
    }
}
