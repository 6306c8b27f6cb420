/// One frame of the editor: both strips' cells in window points, with the pages they show.
public struct PhotosFrame: FrameContent {
    /// A preview cell as drawn: its frame, the picture's rectangle and the clip.
    public struct PreviewCell: Hashable, Sendable {
        public var cell: Cell
        public var picture: Rect
        public var clip: Rect
        /// The zoom it is drawn at: 1 at fit.
        public var zoom = 1.0

        public var index: Int { cell.index }
        public var frame: Rect { cell.frame }
        public var alpha: Double { cell.alpha }
    }

    public var window: Size
    public var pages: [Page]
    public var focusIndex: Int
    public var previewOffset: Double
    public var thumbnailOffset: Double
    public var expanding: Double
    public var preview: [PreviewCell]
    public var thumbnails: [Cell]
    public var thumbnailStrip: Rect
    /// What an empty document says instead.
    public var emptyState: [TextRun]
    /// Full pictures are fitted into this box when decoded ahead.
    public var previewBox: Size
    /// For the x-ray: each thumbnail's expanding value (parallel to `thumbnails`) and both strips'
    /// offsets, visible rects, velocities and resting targets, taken as this frame was built.
    public var thumbnailExpanding: [Double] = []
    public var strips: [StripDiagnostics] = []

    public func drawItems() -> [DrawItem] {
        var items: [DrawItem] = [.fill(Fill(rect: Rect(origin: .zero, size: window), color: .background))]
        items += emptyState.map { .text($0) }
        for p in preview {
            items.append(.image(ImageQuad(
                image: ImageRef(path: pages[p.cell.index].path, variant: .full), frame: p.picture,
                alpha: p.cell.alpha, clip: p.clip)))
        }
        for cell in thumbnails {
            let page = pages[cell.index]
            items.append(.image(ImageQuad(
                image: ImageRef(path: page.path, variant: .thumbnail), frame: cell.frame,
                source: Self.aspectFillSource(picture: page.aspectRatio, cell: cell.frame.size.aspectRatio),
                alpha: cell.alpha, clip: thumbnailStrip)))
        }
        return items
    }

    /// What is drawn, then what is about to be (only the renderer asks, so the trace never pays).
    public var pictures: [PictureRequest] {
        PictureRequest.drawn(in: drawItems()) + PagePrefetch.requests(pages: pages, focus: focusIndex, previewBox: previewBox)
    }

    /// The centred part of a picture that fills a cell of another shape (aspect fill).
    static func aspectFillSource(picture: Double, cell: Double) -> Rect {
        if picture > cell {
            let w = cell / picture
            return Rect(x: (1 - w) / 2, y: 0, width: w, height: 1)
        }
        let h = picture / cell
        return Rect(x: 0, y: (1 - h) / 2, width: 1, height: h)
    }
}

extension PhotosScene {
    public func frame(at time: Double) -> Frame {
        let window = Rect(origin: .zero, size: windowSize)
        let g = geometry
        let previewCells = zoomed(pages.isEmpty ? [] : preview.cells(in: window).map { cell in
            PhotosFrame.PreviewCell(
                cell: cell,
                picture: preview.layout.pictureFrame(index: cell.index, cell: cell.frame, parallax: cell.parallax),
                clip: preview.layout.pictureClip(index: cell.index, cell: cell.frame).intersection(g.preview))
        })
        let thumbnailCells = pages.isEmpty ? [] : thumbnails.cells(in: window)
        let content = PhotosFrame(
            window: windowSize, pages: pages, focusIndex: focusIndex, previewOffset: preview.offset,
            thumbnailOffset: thumbnails.offset, expanding: thumbnails.layout.expandingRate.value,
            preview: previewCells, thumbnails: thumbnailCells,
            thumbnailStrip: g.thumbnails, emptyState: pages.isEmpty ? emptyState() : [],
            previewBox: g.preview.size,
            thumbnailExpanding: thumbnailCells.map { thumbnails.layout.expanding(of: $0.index, offset: thumbnails.offset) },
            strips: [preview.diagnostics("preview", at: time), thumbnails.diagnostics("thumbnails", at: time)])
        var frame = Frame(time: time, scene: name, window: windowSize, isIdle: isIdle, title: title, content: content)
        frame.pictureFadeDuration = tuning.preview.pictureFadeDuration
        return frame
    }

    private func emptyState() -> [TextRun] {
        let center = geometry.preview.center
        return [
            measurer.run("No pages", centeredAt: Point(x: center.x, y: center.y - 18), pointSize: 28, weight: .bold),
            measurer.run("Press Ctrl+Z to bring back the last deleted page, or drop images here to add them.",
                         centeredAt: Point(x: center.x, y: center.y + 20), pointSize: 15, color: .secondaryText),
        ]
    }
}
