/// The document editor screen: the preview strip above the thumbnail strip, kept in step, with
/// the Photos article's delete and move animations, undo and redo, keys, and resizing.
public struct PhotosScene: Scene {
    /// What moves the strips: nothing, the user through one strip (the other follows it, the
    /// article's bind/unbind of delegates as a value), or an editor animation (both follow it).
    public enum Mode: Hashable, Sendable {
        case resting
        case leading(Lead)
        case editing(EditorAnimation)
    }

    public enum Lead: Hashable, Sendable {
        /// Drag, fling or wheel on the preview: the thumbnails follow continuously.
        case preview
        /// The thumbnails move: the preview switches page as the nearest thumbnail changes.
        case thumbnails
    }

    public var name: String { "photos" }
    public let documentName: String
    public internal(set) var pages: [Page]
    public internal(set) var windowSize: Size
    public internal(set) var wantsToQuit = false
    /// Every number of the design; a `.tune` event replaces it and hands each strip its part.
    public internal(set) var tuning = Tuning.defaults
    public internal(set) var preview = Strip(PreviewLayout(pageAspects: []), snapping: Snapping(.paging))
    public internal(set) var thumbnails = Strip(ThumbnailLayout(pageAspects: []), snapping: Snapping(.nearestItem))
    public internal(set) var mode = Mode.resting
    /// Actions asked for during an animation or a drag, run in order once it ends.
    public internal(set) var pending: [EditorAction] = []
    public internal(set) var history = EditHistory()
    /// The page in focus; -1 when the document is empty. Kept as an index, not derived from the
    /// offsets, so a window resized to nothing still knows it.
    public internal(set) var focusIndex: Int
    /// The preview zoomed in on the page in focus; nil at fit, when the strip pages.
    public internal(set) var zoom: PreviewZoom?
    var lastPreviewTap: Tap?
    /// Carrying a thumbnail, the counter's clock, saving, the quit prompt (PhotosScene+Document).
    public internal(set) var session = EditorSession()
    var press: Press<Lead>?
    var pointer = Point.zero
    let measurer: any TextMeasurer

    /// `focusedPage`: the id of the page to open on (the live window's remembered focus); the
    /// first page when it is nil or no longer in the document.
    public init(documentName: String, pages: [Page], windowSize: Size, measurer: any TextMeasurer = ApproximateTextMeasurer(),
                focusedPage: String? = nil) {
        self.documentName = documentName
        self.pages = pages
        self.windowSize = windowSize
        self.measurer = measurer
        focusIndex = pages.isEmpty ? -1 : focusedPage.flatMap { id in pages.firstIndex { $0.id == id } } ?? 0
        layOut()
    }

    public var geometry: EditorGeometry { EditorGeometry(window: windowSize, thumbnails: tuning.thumbnails) }

    var editor: EditorAnimation? {
        if case .editing(let animation) = mode { return animation }
        return nil
    }

    public var isIdle: Bool {
        editor == nil && pending.isEmpty && preview.isIdle && thumbnails.isIdle
            && !thumbnails.layout.expandingRate.isAnimating && press?.isDragging != true && zoomIsIdle && session.reordering == nil
    }

    /// The document's name, marked "*" while there are unsaved edits ("*" survives a window
    /// manager title in a non-UTF-8 locale, where SDL drops a title it cannot convert).
    public var title: String {
        let name = isDirty ? "*\(documentName)" : documentName
        return pages.isEmpty ? "\(name) - no pages" : "\(name) - page \(focusIndex + 1) of \(pages.count)"
    }

    /// Lays both strips out for the window and the document, the page in focus at the centre of each.
    mutating func layOut() {
        let g = geometry, aspects = pages.map(\.aspectRatio)
        let slot = Double(max(0, focusIndex))
        preview.layout.pageAspects = aspects
        thumbnails.layout.pageAspects = aspects
        preview.place(in: g.preview, showing: slot)
        thumbnails.place(in: g.thumbnails, showing: slot)
    }

    /// Sets both strips to show `slot` (a fractional page), as an editor animation does.
    mutating func show(slot: Double) {
        preview.show(position: slot)
        thumbnails.show(position: slot)
    }

    /// The page position the strips show now, from whichever strip leads.
    var currentSlot: Double {
        if pages.isEmpty { return 0 }
        if geometry.preview.width <= 0 { return Double(focusIndex) }
        return mode == .leading(.thumbnails) ? thumbnails.position : preview.position
    }

    /// The strip that follows is set from the one that leads, and the focus from both: the
    /// thumbnails follow every point of the preview; the preview follows whole pages only.
    mutating func follow() {
        guard case .leading(let lead) = mode else { return }
        let leader = lead == .preview ? preview.nearestIndex : thumbnails.nearestIndex
        switch lead {
        case .preview:
            thumbnails.show(position: preview.position)
        case .thumbnails:
            let page = Double(leader)
            if preview.layout.offset(atPosition: page) != preview.offset { preview.show(position: page) }
        }
        if !pages.isEmpty, geometry.preview.width > 0 { focusIndex = leader }
    }
}
