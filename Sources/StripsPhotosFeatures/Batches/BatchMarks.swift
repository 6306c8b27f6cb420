import StripsCore

/// How a frame shows a batch: blank pages flagged (an amber corner on the thumbnail, a tag over
/// the preview), separator sheets veiled (they are left out of what is saved), a divider where
/// each document begins, and each document's name over the thumbnail strip, held at the strip's
/// left edge while the document runs on past it. Only the cells on screen are looked at; the
/// article's thumbnail layout is untouched (the divider sits in the gap between two thumbnails).
public struct BatchMarks: Hashable, Sendable {
    package init(split: DocumentSplit = .empty) { self.split = split }

    public struct Divider: Hashable, Sendable {
        public var x: Double
        public var alpha: Double
    }

    /// The whole split (the trace's `documents`).
    public var split = DocumentSplit.empty
    /// Blank pages and separator sheets among the cells on screen (indices of the pages shown).
    public var blank: Set<Int> = []
    public var separators: Set<Int> = []
    /// Pages turned upright by themselves among the cells on screen (`Uprighting`).
    public var upright: Set<Int> = []
    /// The turning arrow's width per point of its size, as the fonts measure it.
    var arrowWidth = 0.8
    public var dividers: [Divider] = []
    /// The documents' names over the strip, and the preview's tags, each on its pill.
    public var labels: [TextRun] = []
    var tagList: [Tag] = []

    struct Tag: Hashable, Sendable {
        var pill: Rect
        var run: TextRun
        var color: Color
    }

    static let amber = Color(240, 166, 40)
    static let veil = Color(20, 20, 24)

    /// What is drawn over a thumbnail of page `index` in `frame`.
    package func thumbnailMarks(_ index: Int, frame: Rect, alpha: Double, clip: Rect) -> [DrawItem] {
        var items: [DrawItem] = []
        if separators.contains(index) {
            items.append(.fill(Fill(rect: frame, color: Self.veil, alpha: 0.6 * alpha, clip: clip)))
            let side = min(frame.width, frame.height) * 0.7
            items.append(.text(TextRun(text: "✂", frame: Rect(center: frame.center, size: Size(width: side, height: side)),
                                       pointSize: max(6, side * 0.7), weight: .bold, alpha: alpha)))
        }
        if blank.contains(index) {
            // A folded corner in amber: "look at me", without hiding the page.
            let side = min(12, frame.width * 0.45, frame.height * 0.45)
            items.append(.polygon(Polygon(points: [Point(x: frame.maxX - side, y: frame.minY), Point(x: frame.maxX, y: frame.minY),
                                                   Point(x: frame.maxX, y: frame.minY + side)], color: Self.amber, alpha: alpha, clip: clip)))
        }
        if upright.contains(index) { items += uprightBadge(frame: frame, alpha: alpha, clip: clip) }
        return items
    }

    /// Dividers, names and tags, over the strips.
    package func overlayItems(strip: Rect) -> [DrawItem] {
        var items: [DrawItem] = []
        for divider in dividers {
            items.append(.fill(Fill(rect: Rect(x: divider.x - 1.5, y: strip.minY - 4, width: 3, height: strip.height + 4),
                                    color: SelectionMark.color, alpha: divider.alpha)))
        }
        for run in labels {
            let pill = Rect(x: run.frame.minX - 6, y: run.frame.minY - 2, width: run.frame.width + 12, height: run.frame.height + 4)
            items.append(.fill(Fill(rect: pill, color: SelectionMark.color, alpha: 0.92 * run.alpha)))
            items.append(.text(run))
        }
        for tag in tagList {
            items.append(.fill(Fill(rect: tag.pill, color: tag.color, alpha: 0.92 * tag.run.alpha)))
            items.append(.text(tag.run))
        }
        return items
    }
}

extension BatchMarks {
    /// Below this, a tag over the preview is clear of the status line (centred 28 points down).
    static let statusBand = 52.0

    /// The batch's marks for the cells on screen, from what the frame shows: the split and its
    /// names, the judges' verdicts, and the breaks an edit puts or takes away with how far along
    /// it is (each changed page's share, 0 to 1).
    package static func marks(pages: [Page], preview: [PreviewCell], thumbnails: [Cell], strip: Rect, split: DocumentSplit, names: [String],
                      judging: Judging, breaking: (changes: [BreakChange], progress: [Int: Double])?, measurer: any TextMeasurer) -> BatchMarks {
        var marks = BatchMarks(split: split)
        for index in Set(preview.map(\.index) + thumbnails.map(\.index)) where pages.indices.contains(index) {
            if judging.isBlank(pages[index]) { marks.blank.insert(index) }
            if split.isSeparator(index) { marks.separators.insert(index) }
            if pages[index].corrections.upright != 0 { marks.upright.insert(index) }
        }
        if !marks.upright.isEmpty { marks.arrowWidth = measurer.size(of: "↻", pointSize: 100, weight: .bold).width / 100 }
        // A break being put or taken away fades in or out.
        var fading: [Int: Double] = [:]
        var leaving: [Int: Double] = [:]
        if let (changes, progress) = breaking {
            for change in changes {
                guard let p = progress[change.index] else { continue }
                if change.after == .before { fading[change.index] = p }
                if change.before == .before { leaving[change.index] = 1 - p }
            }
        }
        let cells = thumbnails.sorted { $0.frame.minX < $1.frame.minX }
        for (k, cell) in cells.enumerated() {
            let begins = split.beginsDocument(cell.index) || leaving[cell.index] != nil
            guard begins else { continue }
            // In the middle of the gap to the thumbnail before, when it is on screen.
            let previousEdge = k > 0 && cells[k - 1].index == cell.index - 1 ? cells[k - 1].frame.maxX : cell.frame.minX - 4
            let alpha = cell.alpha * (leaving[cell.index] ?? fading[cell.index] ?? 1)
            marks.dividers.append(BatchMarks.Divider(x: (previousEdge + cell.frame.minX) / 2, alpha: alpha))
        }
        if split.parts.count > 1 { marks.labels = labels(cells, split: split, names: names, strip: strip, measurer: measurer) }
        // Zoomed in, the page's details matter more than its tag.
        for p in preview where pages.indices.contains(p.index) && p.zoom == 1 {
            let page = pages[p.index]
            let text: String, color: Color
            if split.isSeparator(p.index), let code = judging.separator(page) {
                text = code.text.map { tr("Separator sheet: %s “%s”", code.symbology, $0) } ?? tr("Separator sheet: %s", code.symbology)
                color = BatchMarks.veil
            } else if marks.blank.contains(p.index) {
                text = tr("Blank page")
                color = BatchMarks.amber
            } else if marks.upright.contains(p.index) {
                text = tr("Turned upright")
                color = SelectionMark.color
            } else {
                continue
            }
            let size = measurer.size(of: text, pointSize: 13, weight: .bold)
            let box = p.picture.intersection(p.clip)
            guard box.width > size.width + 28, box.height > size.height + statusBand + 24 else { continue }
            // The picture's upper left, under the status line's band (the page counter takes the foot).
            let top = max(box.minY + 14, statusBand)
            let run = TextRun(text: text, frame: Rect(x: box.minX + 16, y: top, width: size.width, height: size.height),
                              pointSize: 13, weight: .bold, color: color == BatchMarks.amber ? Color(30, 22, 6) : .text, alpha: p.alpha)
            marks.tagList.append(BatchMarks.Tag(pill: Rect(x: run.frame.minX - 8, y: run.frame.minY - 4, width: size.width + 16, height: size.height + 8),
                                                run: run, color: color))
        }
        return marks
    }

    /// Each document's name over its first thumbnail on screen: held at the strip's left edge while
    /// the document runs on, pushed out by the next one's (as a list's section headers are).
    private static func labels(_ cells: [Cell], split: DocumentSplit, names: [String], strip: Rect, measurer: any TextMeasurer) -> [TextRun] {
        var spans: [(part: Int, minX: Double, maxX: Double, alpha: Double)] = []
        for cell in cells {
            guard let part = split.part(holding: cell.index) else { continue }
            if let last = spans.last, last.part == part {
                spans[spans.count - 1].maxX = max(last.maxX, cell.frame.maxX)
            } else {
                spans.append((part, cell.frame.minX, cell.frame.maxX, cell.alpha))
            }
        }
        let pointSize = 11.0
        return spans.compactMap { span in
            guard names.indices.contains(span.part) else { return nil }
            var name = names[span.part]
            if name.count > 40 { name = String(name.prefix(39)) + "…" }
            let size = measurer.size(of: name, pointSize: pointSize, weight: .bold)
            var x = max(span.minX + 6, strip.minX + 6)
            if x + size.width > span.maxX - 6 { x = max(span.minX + 6, span.maxX - 6 - size.width) }
            return TextRun(text: name, frame: Rect(x: x, y: strip.minY - size.height - 8, width: size.width, height: size.height),
                           pointSize: pointSize, weight: .bold, alpha: span.alpha)
        }
    }
}
