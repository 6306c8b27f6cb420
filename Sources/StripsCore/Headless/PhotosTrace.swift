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
                    ] + Self.correctionFields(pages[p.cell.index].corrections))
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
                    ] + Self.correctionFields(pages[cell.index].corrections))
                })),
            ])),
            ("dirty", .bool(dirty)),
            ("selected", .array(selected.map { .int($0) })),
        ] + (borders.flatMap { $0.isOpen ? [$0.traceField] : nil } ?? [])
    }

    /// A corrected page's cells say how (docs/headless.md): `crop` in the picture's own pixels,
    /// `straighten` in degrees, `look`; each absent while the page is as it was.
    static func correctionFields(_ corrections: Corrections) -> [(String, JSON)] {
        var fields: [(String, JSON)] = []
        if let crop = corrections.crop {
            fields.append(("crop", .array(crop.corners.map { .array([.number($0.x), .number($0.y)]) })))
        }
        if corrections.straighten != 0 { fields.append(("straighten", .number(corrections.straighten))) }
        if corrections.look != .original { fields.append(("look", .string(corrections.look.name))) }
        return fields
    }
}
