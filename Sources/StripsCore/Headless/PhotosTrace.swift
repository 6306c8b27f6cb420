/// The Photos scene's fields of a trace line (docs/headless.md), serialised from its frame.
extension PhotosFrame {
    public func traceFields() -> [(String, JSON)] {
        [
            ("count", .int(pages.count)),
            ("active", .int(focusIndex)),
            ("pages", .array(pages.map { .string($0.id) })),
            ("preview", .object([
                ("offset", .number(previewOffset)),
                ("cells", .array(preview.map { p in
                    .object([
                        ("page", .string(pages[p.cell.index].id)), ("index", .int(p.cell.index)),
                        ("frame", .rect(p.cell.frame)), ("image", .rect(p.picture)), ("alpha", .number(p.cell.alpha)),
                        ("rotation", .int(pages[p.cell.index].rotation)),
                        ("zoom", .number(p.zoom)),
                    ])
                })),
            ])),
            ("thumbnails", .object([
                ("offset", .number(thumbnailOffset)),
                ("expanding", .number(expanding)),
                ("cells", .array(thumbnails.map { cell in
                    .object([
                        ("page", .string(pages[cell.index].id)), ("index", .int(cell.index)),
                        ("frame", .rect(cell.frame)), ("alpha", .number(cell.alpha)),
                        ("rotation", .int(pages[cell.index].rotation)),
                    ])
                })),
            ])),
            ("dirty", .bool(dirty)),
            ("selected", .array(selected.map { .int($0) })),
        ]
    }
}
