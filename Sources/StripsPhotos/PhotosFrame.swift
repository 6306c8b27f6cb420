import StripsCore
import StripsPhotosFeatures

/// One frame of the editor: both strips' cells in window points, with the pages they show.
public struct PhotosFrame: FrameContent {
    public typealias PreviewCell = StripsPhotosFeatures.PreviewCell

    public var window: Size
    public var pages: [Page]
    public var focusIndex: Int
    public var previewOffset: Double
    public var thumbnailOffset: Double
    public var expanding: Double
    public var preview: [PreviewCell]
    public var thumbnails: [Cell]
    public var thumbnailStrip: Rect
    /// What an empty document shows instead: what to do to get pages.
    public var emptyState: EmptyDocument?
    /// Full pictures are fitted into this box when decoded ahead.
    public var previewBox: Size
    /// Where the preview strip is in the window (under the toolbar).
    public var previewTop = 0.0
    /// For the x-ray: the thumbnail strip's layout and what it laid out, from which each
    /// thumbnail's expanding value is worked out when the x-ray asks (not for every frame), and
    /// both strips' offsets, visible rects, velocities and resting targets, taken as this frame was built.
    public var thumbnailLayout = ThumbnailLayout(itemCount: 0)
    public var thumbnailContent = PageStripContent(aspects: [])
    public var strips: [StripDiagnostics] = []

    /// Each thumbnail's expanding value, parallel to `thumbnails`.
    public var thumbnailExpanding: [Double] {
        thumbnails.map { thumbnailLayout.expanding(of: $0.index, offset: thumbnailOffset, content: thumbnailContent) }
    }
    /// Pages turning right now: their pictures' angles (degrees clockwise); others show their own rotation.
    public var turning: [Int: Double] = [:]
    /// Pages taking a new look right now: the old picture, under the new one fading in.
    public var fading: [Int: EditTransition.LookFade] = [:]
    /// Unsaved edits.
    public var dirty = false
    /// The selected pages, indices into `pages`, ascending.
    public var selected: [Int] = []
    /// Room above and below the thumbnail strip: a lifted thumbnail may rise into it.
    public var thumbnailMargin = Tuning.defaults.thumbnails.margin
    /// The border editor over the strips while it is open.
    public var borders: BorderEditorFrame?
    /// Counter, status line, quit prompt: drawn over everything.
    public var decorations = PhotosDecorations.none
    /// The text known for pages (for the trace's `text` and the search's highlights).
    public var texts = PageTexts()
    /// The search field's search while it is open; the text Ctrl+C copied last.
    public var search: Search?
    public var clipboard: String?
    /// The last save's result, when there was one.
    public var saved: SaveReport?
    /// A scan under way, and the dialog up (for the trace).
    public var scanning: ScanProgress?
    public var dialog: Dialog?
    /// The toolbar along the top (nil when the window leaves it out).
    public var toolbar: ToolbarFrame?
    /// The camera view where the preview was, while it is open.
    public var camera: CameraViewFrame?
    /// Blank pages, separator sheets and the documents of a split batch.
    public var batch = BatchMarks()

    /// The angle page `index`'s picture is drawn at, degrees clockwise.
    public func degrees(of index: Int) -> Double {
        turning[index] ?? Double(pages[index].rotation)
    }

    private var selectedSet: Set<Int> { Set(selected) }

    public func drawItems() -> [DrawItem] {
        var items: [DrawItem] = [.fill(Fill(rect: Rect(origin: .zero, size: window), color: .background))]
        items += emptyState?.drawItems() ?? []
        let selected = selectedSet
        // The camera's picture takes the preview's place: its pages are not drawn (nor decoded).
        let preview = camera == nil ? self.preview : []
        let flying = Set(camera?.flights.map(\.page.id) ?? [])
        for p in preview {
            let page = pages[p.cell.index], degrees = degrees(of: p.cell.index)
            // A turned picture: its own rectangle, turned to fill the box the page takes.
            let frame = degrees == 0 ? p.picture : p.picture.aspectFit(page.pictureAspect, turnedBy: degrees)
            let box = degrees == 0 ? frame : frame.turned(degrees: degrees)
            // Around the picture, inside the preview (a picture filling it is ringed at its sides).
            let strip = Rect(origin: Point(x: 0, y: previewTop), size: previewBox)
            if selected.contains(p.cell.index) { items += SelectionMark.ring(around: box, width: 4, alpha: p.cell.alpha, clip: strip) }
            items += pictures(page, index: p.cell.index, variant: .full) { image, alpha in
                ImageQuad(image: image, frame: frame, alpha: p.cell.alpha * alpha, clip: p.clip, rotation: degrees)
            }
            if selected.contains(p.cell.index) { items += SelectionMark.badge(at: box, alpha: p.cell.alpha, clip: p.clip) }
        }
        if camera == nil { items += searchHighlights() }
        for cell in thumbnails {
            let page = pages[cell.index], degrees = degrees(of: cell.index)
            // The cell as the picture sees it: turned back by the nearest quarter.
            let odd = Int((degrees / 90).rounded()) % 2 != 0
            let size = odd ? Size(width: cell.frame.height, height: cell.frame.width) : cell.frame.size
            let frame = degrees.truncatingRemainder(dividingBy: 90) == 0 ? Rect(center: cell.frame.center, size: size)
                : cell.frame.aspectFit(size.aspectRatio, turnedBy: degrees)
            // A lifted thumbnail rises out of the strip, over a soft shadow.
            let lifted = cell.z > 0
            let clip = lifted ? Rect(x: thumbnailStrip.minX, y: thumbnailStrip.minY - thumbnailMargin, width: thumbnailStrip.width,
                                     height: thumbnailStrip.height + 2 * thumbnailMargin) : thumbnailStrip
            if lifted {
                items.append(.fill(Fill(rect: cell.frame.offsetBy(dx: 2, dy: 3), color: Color(0, 0, 0), alpha: 0.45 * cell.alpha, clip: clip)))
            }
            // A page taken with the camera is drawn by its flight until it lands.
            if !flying.contains(page.id) {
                items += pictures(page, index: cell.index, variant: .thumbnail) { image, alpha in
                    ImageQuad(image: image, frame: frame, source: Self.aspectFillSource(picture: page.pictureAspect, cell: size.aspectRatio),
                              alpha: cell.alpha * alpha, clip: clip, rotation: degrees)
                }
            }
            items += batch.thumbnailMarks(cell.index, frame: cell.frame, alpha: cell.alpha, clip: clip)
            // Inside the thumbnail, so selected neighbours stay apart.
            if selected.contains(cell.index) { items += SelectionMark.ring(inside: cell.frame, width: 3, alpha: cell.alpha, clip: clip) }
        }
        if let camera { items += camera.drawItems() + flights(camera) }
        items += batch.overlayItems(strip: thumbnailStrip)
        return items + (borders?.drawItems() ?? []) + (toolbar?.drawItems() ?? []) + decorations.drawItems(toolbar: toolbar)
    }

    /// The pages taken with the camera flying from where they lay in its picture to their
    /// thumbnails (the strip's middle while theirs is not on screen), shrinking to its size. Only
    /// the cells on screen are searched: a flight costs the same in a document of any length.
    private func flights(_ camera: CameraViewFrame) -> [DrawItem] {
        camera.flights.map { flight in
            let page = flight.page
            let aspect = page.pictureAspect
            let from = flight.from.aspectFit(aspect)
            // The page as the document has it now (renamed if its name was taken).
            let cell = thumbnails.first { pages[$0.index].id == page.id }?.frame
                ?? Rect(center: thumbnailStrip.center, size: Size(width: thumbnailStrip.height * aspect, height: thumbnailStrip.height))
            let to = Rect(center: cell.center, size: Size(width: cell.height * aspect, height: cell.height))
            let p = flight.progress
            let frame = Rect(center: Point(x: from.midX.lerp(to: to.midX, p), y: from.midY.lerp(to: to.midY, p)),
                             size: Size(width: from.width.lerp(to: to.width, p), height: from.height.lerp(to: to.height, p)))
            // The full picture: it starts as large as the page lay in the camera's picture.
            return .image(ImageQuad(image: page.picture(.full), frame: frame))
        }
    }

    /// The current search hit in window points, as drawn on its page in the preview (empty when
    /// its page is not in view).
    public var currentHitRects: [Rect] {
        guard let hit = search?.currentHit else { return [] }
        return hitRects(hit.boxes, pageID: hit.pageID).first ?? []
    }

    /// `boxes` on each preview cell showing page `pageID`.
    private func hitRects(_ boxes: [Rect], pageID: String) -> [[Rect]] {
        preview.compactMap { p in
            let page = pages[p.cell.index]
            guard page.id == pageID else { return nil }
            let turns = Int((degrees(of: p.cell.index) / 90).rounded())
            return SearchHighlight.rects(boxes, onPicture: p.picture, quarterTurns: turns)
        }
    }

    /// Every hit on the pages in the preview, the current one stronger.
    private func searchHighlights() -> [DrawItem] {
        guard let search, !search.hits.isEmpty else { return [] }
        var items: [DrawItem] = []
        for p in preview {
            let page = pages[p.cell.index]
            let turns = Int((degrees(of: p.cell.index) / 90).rounded())
            for (i, hit) in search.hits(on: page.id) {
                let isCurrent = i == search.current
                for rect in SearchHighlight.rects(hit.boxes, onPicture: p.picture, quarterTurns: turns) {
                    let pad = rect.height * 0.15
                    items.append(.fill(Fill(rect: Rect(x: rect.minX - pad, y: rect.minY - pad, width: rect.width + 2 * pad, height: rect.height + 2 * pad),
                                            color: isCurrent ? SearchHighlight.current : SearchHighlight.hit,
                                            alpha: (isCurrent ? 0.45 : 0.28) * p.cell.alpha, clip: p.clip)))
                }
            }
        }
        return items
    }

    /// A page's picture as `quad` places it; while its look changes, the old look under the new
    /// one fading in (the new one draws no paper while it is decoded: the old one shows).
    private func pictures(_ page: Page, index: Int, variant: ImageRef.Variant,
                          _ quad: (ImageRef, Double) -> ImageQuad) -> [DrawItem] {
        guard let fade = fading[index] else { return [.image(quad(page.picture(variant), 1))] }
        var new = quad(page.picture(variant), fade.progress)
        new.showsPlaceholder = false
        return [.image(quad(ImageRef(source: page.source, recipe: fade.from, variant: variant), 1)), .image(new)]
    }

    /// What is drawn, then what is about to be (only the renderer asks, so the trace never pays):
    /// first where a moving strip will rest, as many thumbnails either side as the strip shows now.
    public var prefetch: [PictureRequest] {
        PagePrefetch.requests(pages: pages, focus: focusIndex, previewBox: previewBox, landing: PagePrefetch.landing(of: strips),
                              landingReach: thumbnails.count / 2 + 1)
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
        let window = Rect(origin: .zero, size: setup.windowSize)
        let g = geometry
        let shown = shownPages
        let (previewContent, thumbnailContent, moment) = content(at: time)
        let previewCells = zoomed(shown.isEmpty ? [] : strips.preview.cells(in: window, content: previewContent).map { cell in
            let aspect = previewContent.aspects[cell.index]
            return PhotosFrame.PreviewCell(
                cell: cell,
                picture: strips.preview.layout.pictureFrame(aspect: aspect, cell: cell.frame, parallax: cell.parallax),
                clip: strips.preview.layout.pictureClip(aspect: aspect, cell: cell.frame).intersection(g.preview))
        })
        let thumbnailCells = shown.isEmpty ? [] : strips.thumbnails.cells(in: window, content: thumbnailContent)
        let content = PhotosFrame(
            window: setup.windowSize, pages: shown, focusIndex: strips.focusIndex, previewOffset: strips.preview.offset,
            thumbnailOffset: strips.thumbnails.offset, expanding: strips.expanding.value,
            preview: previewCells, thumbnails: thumbnailCells,
            thumbnailStrip: g.thumbnails, emptyState: shown.isEmpty ? emptyState() : nil,
            previewBox: g.preview.size,
            thumbnailLayout: strips.thumbnails.layout, thumbnailContent: thumbnailContent,
            strips: [strips.preview.diagnostics("preview", at: time), strips.thumbnails.diagnostics("thumbnails", at: time)])
        var photos = content
        if let moment {
            photos.turning = moment.turning.mapValues(\.degrees)
            photos.fading = moment.fading
        }
        photos.selected = selectedShown
        photos.dirty = isDirty
        photos.thumbnailMargin = setup.tuning.thumbnails.margin
        photos.decorations = decorations(at: time)
        photos.texts = texts
        photos.search = interaction.search
        photos.clipboard = clipboard
        photos.saved = transfers.saving.last
        if case .editingBorders(let session) = interaction.activity {
            photos.borders = BorderEditorFrame(session: session, area: borderArea, at: time, measurer: setup.measurer)
        }
        photos.scanning = transfers.scan
        var breaking: (changes: [BreakChange], progress: [Int: Double])?
        if case .animating(let transition) = interaction.activity, case .breaks(let changes) = transition.edit, let moment {
            breaking = (changes, moment.breaking)
        }
        photos.batch = BatchMarks.marks(pages: shown, preview: previewCells, thumbnails: thumbnailCells, strip: g.thumbnails, split: documentSplit,
                                        names: documentNames, judging: findings.batches.judging, breaking: breaking, measurer: setup.measurer)
        photos.dialog = interaction.dialogUnderPrompt
        photos.toolbar = toolbarFrame(at: time)
        photos.previewTop = g.preview.minY
        if let view = interaction.camera {
            photos.camera = CameraViewFrame(view: view, area: g.preview, at: time, measurer: setup.measurer)
        }
        var frame = Frame(time: time, scene: name, window: setup.windowSize, isIdle: isIdle, title: title, content: photos)
        frame.pictureFadeDuration = setup.tuning.preview.pictureFadeDuration
        return frame
    }

    /// The selection as indices into the pages shown (during an edit, the pages of the fuller document).
    var selectedShown: [Int] {
        let selection = document.selection
        guard !selection.isEmpty else { return [] }
        // The selection is the document's (after the edit); the pages shown may be the ones before.
        if case .animating(let transition) = interaction.activity, transition.showsBefore {
            return transition.edit.inverse.newIndices(of: selection.indices, count: transition.after.count).compactMap { $0 }.sorted()
        }
        return selection.indices
    }

    func emptyState() -> EmptyDocument {
        EmptyDocument(in: geometry.preview, canUndo: document.nextUndo != nil, enabled: { canPerform($0) }, measurer: setup.measurer)
    }
}
