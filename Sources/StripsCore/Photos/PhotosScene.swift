/// The document editor screen: the preview strip above the thumbnail strip, kept in sync, with
/// the Photos article's delete and move animations, undo and redo, keys, and resizing.
public struct PhotosScene: Scene {
    public let name = "photos"
    public let documentName: String
    public internal(set) var pages: [Page]
    public internal(set) var windowSize: Size
    public internal(set) var wantsToQuit = false

    public internal(set) var preview = ScrollView(axis: .horizontal, decelerationRate: Deceleration.fastRate, paging: true)
    public internal(set) var thumbnails = ScrollView(axis: .horizontal, decelerationRate: Deceleration.fastRate)
    public internal(set) var previewLayout: PreviewLayout
    public internal(set) var thumbnailLayout: ThumbnailLayout
    public internal(set) var expandingRate = ExpandingRate()
    public internal(set) var driver = ScrollDriver.none
    public internal(set) var editor: EditorAnimation?
    public internal(set) var pending: [EditorAction] = []
    public internal(set) var history = EditHistory()
    /// The page in focus; -1 when the document is empty. Kept as an index, not derived from the
    /// offsets, so a window resized to nothing still knows it.
    public internal(set) var focusIndex: Int
    var press: Press?
    var pointer = Point.zero
    var deleteIsRedo = false
    let measurer: any TextMeasurer

    struct Press {
        enum Target { case preview, thumbnails, ignored }
        var target: Target
        var start: Point
        var wasIdle: Bool
        var isDragging = false
    }

    public init(documentName: String, pages: [Page], windowSize: Size, measurer: any TextMeasurer = ApproximateTextMeasurer()) {
        self.documentName = documentName
        self.pages = pages
        self.windowSize = windowSize
        self.measurer = measurer
        previewLayout = PreviewLayout(pageAspects: pages.map(\.aspectRatio))
        thumbnailLayout = ThumbnailLayout(pageAspects: pages.map(\.aspectRatio))
        focusIndex = pages.isEmpty ? -1 : 0
        applyGeometry()
    }

    public var geometry: EditorGeometry { EditorGeometry(window: windowSize) }

    public var isIdle: Bool {
        editor == nil && pending.isEmpty && preview.isIdle && thumbnails.isIdle && !expandingRate.isAnimating
            && press?.isDragging != true
    }

    public var title: String {
        pages.isEmpty ? "\(documentName) - no pages" : "\(documentName) - page \(focusIndex + 1) of \(pages.count)"
    }

    // MARK: Geometry

    /// Lays both strips out for the window and puts the page in focus at the centre of each.
    mutating func applyGeometry() {
        let g = geometry
        previewLayout.pageAspects = pages.map(\.aspectRatio)
        thumbnailLayout.pageAspects = previewLayout.pageAspects
        previewLayout.prepare(bounds: Rect(x: 0, y: 0, width: g.preview.width, height: g.preview.height))
        thumbnailLayout.prepare(bounds: Rect(x: 0, y: 0, width: g.thumbnails.width, height: g.thumbnails.height))
        let slot = Double(max(0, focusIndex))
        preview.setGeometry(
            viewport: g.preview.width, contentLength: previewLayout.contentSize.width,
            leadingInset: 0, trailingInset: 0,
            offset: previewLayout.targetContentOffset(forBoundsChange: previewLayout.offset(forPage: slot)))
        thumbnails.setGeometry(
            viewport: g.thumbnails.width, contentLength: thumbnailLayout.contentSize.width,
            leadingInset: thumbnailLayout.sideInset, trailingInset: thumbnailLayout.sideInset,
            offset: thumbnailLayout.targetContentOffset(forBoundsChange: thumbnailLayout.offset(forSlot: slot)))
        layoutPass()
    }

    /// Hands both layouts their current bounds; runs after anything that moves an offset.
    mutating func layoutPass() {
        let g = geometry
        previewLayout.prepare(bounds: Rect(x: preview.offset, y: 0, width: g.preview.width, height: g.preview.height))
        thumbnailLayout.expandingRate = expandingRate.value
        thumbnailLayout.prepare(bounds: Rect(x: thumbnails.offset, y: 0, width: g.thumbnails.width, height: g.thumbnails.height))
    }

    /// Sets both strips to show `slot` (a fractional page), as an editor animation does.
    /// The layouts already have the window's sizes (`applyGeometry`), all the offsets need.
    mutating func show(slot: Double) {
        preview.setOffset(previewLayout.offset(forPage: slot))
        thumbnails.setOffset(thumbnailLayout.offset(forSlot: slot))
    }

    /// The page position the strips show now, from whichever strip leads.
    var currentSlot: Double {
        if pages.isEmpty { return 0 }
        if geometry.preview.width <= 0 { return Double(focusIndex) }
        switch driver {
        case .thumbnails: return thumbnailLayout.slot(forOffset: thumbnails.offset)
        default: return previewLayout.page(forOffset: preview.offset)
        }
    }

    mutating func updateFocus(fromSlot slot: Double) {
        guard !pages.isEmpty, geometry.preview.width > 0 else { return }
        focusIndex = Int(saturating: slot.rounded()).clamped(to: 0...(pages.count - 1))
    }
}
