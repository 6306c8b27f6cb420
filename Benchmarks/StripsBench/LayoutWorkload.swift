import StripsCore
import StripsPhotosFeatures

/// The work the editor's layouts do in one frame, isolated so `strips bench` can time it. The
/// timing itself lives in the command (the core never reads a clock); these are pure.
public enum BenchPages {
    /// Shapes of scanned pages: A4 portrait and landscape, US letter, receipts, cards, panoramas.
    public static let shapes: [Size] = [
        Size(width: 2480, height: 3508), Size(width: 3508, height: 2480), Size(width: 2550, height: 3300),
        Size(width: 800, height: 3600), Size(width: 1050, height: 600), Size(width: 4800, height: 1200),
        Size(width: 2000, height: 2000), Size(width: 1700, height: 2200), Size(width: 3000, height: 4000),
    ]

    /// `count` synthetic pages with varied shapes, drawing the pictures at `paths` in turn.
    /// Deterministic: the same count gives the same document.
    public static func synthetic(count: Int, paths: [String]) -> [Page] {
        (0..<count).map { i in
            // A small deterministic jitter so no two neighbours are exactly alike.
            let shape = shapes[(i * 7 + i / shapes.count) % shapes.count]
            let jitter = Double((i * 37) % 11) * 0.01
            let size = Size(width: (shape.width * (1 + jitter)).rounded(), height: shape.height)
            let path = paths.isEmpty ? "" : paths[i % paths.count]
            return Page(id: "page-\(i + 1)", path: path, pixelSize: size)
        }
    }

    public static func aspects(count: Int) -> [Double] {
        synthetic(count: count, paths: []).map(\.aspectRatio)
    }
}

/// Which thumbnail layout a workload runs.
public enum ThumbnailMethod: String, Sendable, CaseIterable {
    /// Ours: the visible range, pushed by the expanding cells only.
    case visibleRange = "visible range"
    /// The article's: every cell, each shifted by a reduction over all the others.
    case article = "article (all cells, O(N^2))"
}

/// One frame of the editor's layout mid-fling: both strips asked for the attributes of their
/// visible rectangles at the offset of frame `k`, as `PhotosScene.frame(at:)` does.
/// Frames walk between two pages far from the ends (never on a page boundary), with the
/// expanding rate at 1, so the two thumbnails around the centre are both partly expanded.
public struct LayoutWorkload: Sendable {
    public let pageCount: Int
    public let method: ThumbnailMethod
    public let preview: PreviewLayout
    public let ours: ThumbnailLayout
    public let article: ArticleThumbnailLayout
    /// The pages' shapes, as both strips are asked about them.
    public let content: PageStripContent
    let geometry: EditorGeometry

    public init(pageCount: Int, method: ThumbnailMethod, window: Size = Size(width: 1280, height: 800)) {
        self.pageCount = pageCount
        self.method = method
        geometry = EditorGeometry(window: window)
        let aspects = BenchPages.aspects(count: pageCount)
        var preview = PreviewLayout(itemCount: aspects.count)
        var ours = ThumbnailLayout(itemCount: aspects.count)
        var article = ArticleThumbnailLayout(itemCount: aspects.count)
        content = PageStripContent(aspects: aspects)
        preview.viewport = geometry.preview.size
        ours.viewport = geometry.thumbnails.size
        article.viewport = geometry.thumbnails.size
        (self.preview, self.ours, self.article) = (preview, ours, article)
    }

    /// The fractional page shown at frame `k`: between page N/2 and the next, never on either.
    public func slot(frame k: Int) -> Double {
        Double(pageCount / 2) + 0.1 + 0.8 * Double(k % 97) / 96
    }

    /// Runs frame `k`; returns a checksum of what was laid out (so none of it can be skipped).
    public func frame(_ k: Int) -> Double {
        let slot = slot(frame: k)
        let previewOffset = preview.offset(atPosition: slot)
        var sum = 0.0
        for a in preview.attributes(in: preview.bounds(at: previewOffset), offset: previewOffset, content: content) {
            sum += a.drawnFrame.minX + preview.pictureFrame(aspect: content.aspects[a.index], cell: a.drawnFrame, parallax: a.parallax).minX
        }
        let thumbnailOffset = ours.offset(atPosition: slot)
        let bounds = ours.bounds(at: thumbnailOffset)
        let cells: [LayoutAttributes]
        switch method {
        case .visibleRange: cells = ours.attributes(in: bounds, offset: thumbnailOffset, content: content)
        case .article: cells = article.attributes(in: bounds, offset: thumbnailOffset, content: content)
        }
        for a in cells { sum += a.drawnFrame.minX }
        return sum
    }
}
