import StripsCore
import StripsPhotosFeatures

/// The Photos scene's fields of a trace line (docs/headless.md), serialised from its frame.
extension PhotosFrame {
    public func traceFields() -> [(String, JSON)] {
        [
            ("count", .int(pages.count)),
            ("active", .int(focusIndex)),
            ("pages", .array(pages.map { .string($0.id) })),
            ("preview", .object([
                ("offset", .number(previewOffset)),
                // Under the camera view the preview's pages are not drawn.
                ("cells", .array((camera == nil ? preview : []).map { p in
                    .object([
                        ("page", .string(pages[p.cell.index].id)), ("index", .int(p.cell.index)),
                        ("frame", .rect(p.cell.frame)), ("image", .rect(p.picture)), ("alpha", .number(p.cell.alpha)),
                        ("rotation", .int(pages[p.cell.index].corrections.userTurns * 90)),
                        ("zoom", .number(p.zoom)),
                    ] + Self.correctionFields(pages[p.cell.index].corrections) + blankField(p.cell.index) + Self.uprightField(pages[p.cell.index]))
                })),
            ])),
            ("thumbnails", .object([
                ("offset", .number(thumbnailOffset)),
                ("expanding", .number(expanding)),
                ("cells", .array(thumbnails.map { cell in
                    .object([
                        ("page", .string(pages[cell.index].id)), ("index", .int(cell.index)),
                        ("frame", .rect(cell.frame)), ("alpha", .number(cell.alpha)),
                        ("rotation", .int(pages[cell.index].corrections.userTurns * 90)),
                    ] + Self.correctionFields(pages[cell.index].corrections) + blankField(cell.index) + Self.uprightField(pages[cell.index]))
                })),
            ])),
            ("dirty", .bool(dirty)),
            ("selected", .array(selected.map { .int($0) })),
        ] + textFields + scanFields + (borders.flatMap { $0.isOpen ? [$0.traceField] : nil } ?? []) + (camera.map { [$0.traceField] } ?? []) + windowFields
            + savedFields + batchFields
    }

    /// After a save: `"saved": {"path": where, "bytes": its size, "pages": pages saved}` (the last
    /// save's, on every line; docs/headless.md, issue 31).
    var savedFields: [(String, JSON)] {
        guard let saved else { return [] }
        return [("saved", .object([("path", .string(saved.path)), ("bytes", .int(saved.bytes)), ("pages", .int(saved.pages))]))]
    }

    /// `"toolbar"`: the buttons on screen (`label`: the tooltip shown, in the user's language);
    /// `"help"` while the keys overlay is shown, as shown; `"menu"` (each item's `label` as shown)
    /// while a context menu is up, with `"submenu"` when one of its items has its own open
    /// (docs/headless.md, additions).
    var windowFields: [(String, JSON)] {
        var fields: [(String, JSON)] = [("toolbar", .array((toolbar?.buttons ?? []).map { b in
            .object([("name", .string(b.name)), ("rect", .rect(b.frame)), ("enabled", .bool(b.enabled)), ("label", .string(b.tooltip))])
        }))]
        switch dialog {
        case .keys?:
            fields.append(("help", .array(KeysOverlay.lines.map { .string($0) })))
        case .menu(let menu)?:
            guard let card = decorations.menu else { break }
            func items(_ entries: [MenuItem], _ frames: [Rect]) -> JSON {
                .array(zip(entries, frames).map { item, frame in
                    .object([("name", .string(item.name)), ("rect", .rect(frame)), ("enabled", .bool(item.enabled)), ("label", .string(item.title))])
                })
            }
            var object: [(String, JSON)] = [("items", items(menu.items, card.itemFrames)), ("page", .string(menu.pageID))]
            if let s = menu.submenu, menu.items.indices.contains(s) {
                object.append(("submenu", .object([("item", .string(menu.items[s].name)), ("items", items(menu.items[s].submenu, card.subitemFrames))])))
            }
            fields.append(("menu", .object(object)))
        default:
            break
        }
        return fields
    }

    /// `"blank": true` on a cell of a page found blank (docs/headless.md, additions).
    func blankField(_ index: Int) -> [(String, JSON)] { batch.blank.contains(index) ? [("blank", .bool(true))] : [] }

    /// `"upright": degrees` on a cell of a page turned upright by itself (the clockwise quarter
    /// turns applied, in degrees; `rotation` is the user's own turn on top; docs/headless.md).
    static func uprightField(_ page: Page) -> [(String, JSON)] {
        page.corrections.upright == 0 ? [] : [("upright", .int(page.corrections.upright * 90))]
    }

    /// `"documents": [[page id, ...], ...]`: the pages split where separator sheets or breaks put
    /// by hand stand, the separator sheets left out (docs/headless.md, additions).
    var batchFields: [(String, JSON)] {
        [("documents", .array(batch.split.parts.map { part in .array(pages[part.pages].map { .string($0.id) }) }))]
    }

    /// `"text": {"pages": known, "of": count}`; while searching, `"search"` with the current hit
    /// in window points; after Ctrl+C, `"clipboard"`: the text copied (docs/headless.md, additions).
    var textFields: [(String, JSON)] {
        var fields: [(String, JSON)] = [("text", .object([("pages", .int(texts.knownCount(pages))), ("of", .int(pages.count))]))]
        if let search {
            let hit = search.currentHit
            fields.append(("search", .object([
                ("query", .string(search.query)), ("hits", .int(search.hits.count)), ("current", .int(search.current)),
                ("page", hit.map { .string($0.pageID) } ?? .null),
                ("rects", .array(currentHitRects.map { .rect($0) })),
            ])))
        }
        if let clipboard { fields.append(("clipboard", .string(clipboard))) }
        return fields
    }

    /// While a scan runs: `"scan": {"page": the page arriving or null, "pages": pages finished}`;
    /// while the scan panel is up, `"scanPanel"` with its row and choice; while earlier scans are
    /// offered, `"recovery": {"pages": n}` (docs/headless.md, additions).
    var scanFields: [(String, JSON)] {
        var fields: [(String, JSON)] = []
        if let scanning {
            fields.append(("scan", .object([
                ("page", scanning.arriving.map { .string($0.placed) } ?? .null),
                ("pages", .int(scanning.finished)),
            ])))
        }
        switch dialog {
        case .scanPanel(let panel)?:
            func text(_ value: String?) -> JSON { value.map { .string($0) } ?? .null }
            fields.append(("scanPanel", .object([
                ("row", .string(panel.row.rawValue)),
                ("scanners", panel.scanners.map { .array($0.map { .string($0.name) }) } ?? .null),
                ("device", text(panel.choice.device)), ("source", text(panel.choice.source)),
                ("dpi", panel.choice.dpi.map { .int($0) } ?? .null), ("mode", text(panel.choice.mode)),
                ("pageSize", text(panel.choice.pageSize)), ("language", text(panel.choice.language)),
            ])))
        case .recovery(let offer)?:
            fields.append(("recovery", .object([("pages", .int(offer.pages))])))
        case .keys?, .menu?, nil:
            break
        }
        return fields
    }

    /// A corrected page's cells say how (docs/headless.md): a field per step of its recipe
    /// (`crop` in the picture's own pixels, `straighten` in degrees, `look`), and `language` when
    /// one was chosen for it (Tesseract's, `rus`), each absent while the page is as it was.
    static func correctionFields(_ corrections: Corrections) -> [(String, JSON)] {
        corrections.pixels.traceFields + (corrections.language.map { [("language", .string($0))] } ?? [])
    }
}
