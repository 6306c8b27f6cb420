extension PhotosScene {
    /// A preview cell as drawn: its frame, the picture's rectangle and the clip, in window points.
    public struct PreviewCell: Hashable, Sendable {
        public var index: Int
        public var frame: Rect
        public var picture: Rect
        public var clip: Rect
        public var alpha: Double
    }

    public struct ThumbnailCellFrame: Hashable, Sendable {
        public var index: Int
        public var frame: Rect
        public var alpha: Double
    }

    public func previewCells() -> [PreviewCell] {
        let strip = geometry.preview
        let dx = strip.minX - preview.offset, dy = strip.minY
        return previewLayout.attributes(in: previewLayout.bounds).map { a in
            PreviewCell(
                index: a.index,
                frame: a.drawnFrame.offsetBy(dx: dx, dy: dy),
                picture: previewLayout.pictureFrame(for: a).offsetBy(dx: dx, dy: dy),
                clip: previewLayout.pictureClip(for: a).offsetBy(dx: dx, dy: dy).intersection(strip),
                alpha: a.alpha)
        }
        .filter { $0.frame.intersects(Rect(origin: .zero, size: windowSize)) }
    }

    public func thumbnailCells() -> [ThumbnailCellFrame] {
        let strip = geometry.thumbnails
        let dx = strip.minX - thumbnails.offset, dy = strip.minY
        return thumbnailLayout.attributes(in: thumbnailLayout.bounds).map {
            ThumbnailCellFrame(index: $0.index, frame: $0.drawnFrame.offsetBy(dx: dx, dy: dy), alpha: $0.alpha)
        }
        .filter { $0.frame.intersects(Rect(origin: .zero, size: windowSize)) }
    }

    public func drawList() -> [DrawItem] {
        var items: [DrawItem] = [.fill(Fill(rect: Rect(origin: .zero, size: windowSize), color: .background))]
        if pages.isEmpty {
            items += emptyState()
            return items
        }
        for cell in previewCells() {
            let page = pages[cell.index]
            items.append(.image(ImageQuad(
                image: ImageRef(path: page.path, variant: .full), frame: cell.picture,
                alpha: cell.alpha, clip: cell.clip)))
        }
        let strip = geometry.thumbnails
        for cell in thumbnailCells() {
            let page = pages[cell.index]
            items.append(.image(ImageQuad(
                image: ImageRef(path: page.path, variant: .thumbnail), frame: cell.frame,
                source: Self.aspectFillSource(picture: page.aspectRatio, cell: cell.frame.size.aspectRatio),
                alpha: cell.alpha, clip: strip)))
        }
        return items
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

    private func emptyState() -> [DrawItem] {
        let center = geometry.preview.center
        return [
            .text(measurer.run("No pages", centeredAt: Point(x: center.x, y: center.y - 18), pointSize: 28, weight: .bold)),
            .text(measurer.run("Press Ctrl+Z to bring back the last deleted page, or drop images here to add them.",
                               centeredAt: Point(x: center.x, y: center.y + 20), pointSize: 15, color: .secondaryText)),
        ]
    }

    public func traceFields() -> [(String, JSON)] {
        [
            ("count", .int(pages.count)),
            ("active", .int(focusIndex)),
            ("pages", .array(pages.map { .string($0.id) })),
            ("preview", .object([
                ("offset", .number(preview.offset)),
                ("cells", .array(previewCells().map { cell in
                    .object([
                        ("page", .string(pages[cell.index].id)), ("index", .int(cell.index)),
                        ("frame", .rect(cell.frame)), ("image", .rect(cell.picture)), ("alpha", .number(cell.alpha)),
                    ])
                })),
            ])),
            ("thumbnails", .object([
                ("offset", .number(thumbnails.offset)),
                ("expanding", .number(expandingRate.value)),
                ("cells", .array(thumbnailCells().map { cell in
                    .object([
                        ("page", .string(pages[cell.index].id)), ("index", .int(cell.index)),
                        ("frame", .rect(cell.frame)), ("alpha", .number(cell.alpha)),
                    ])
                })),
            ])),
        ]
    }
}
