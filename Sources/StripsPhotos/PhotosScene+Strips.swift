import StripsCore
import StripsPhotosFeatures

/// The two strips and how they follow each other: laid out for the window around the page in
/// focus, the follower set from the leader, and what each lays out at an instant.
extension PhotosScene {
    /// Lays both strips out for the window, the tuning and the pages shown, the page in focus at
    /// the centre of each; whatever was moving stops there. The one place the strips take their
    /// part of the tuning.
    mutating func layOut() {
        let g = geometry, count = shownPages.count
        let slot = Double(max(0, focusIndex))
        preview.layout.itemCount = count
        thumbnails.layout.itemCount = count
        preview.layout.tuning = tuning.preview
        thumbnails.layout.tuning = tuning.thumbnails
        preview.tune(tuning.scroll)
        thumbnails.tune(tuning.scroll)
        preview.place(in: g.preview, showing: slot)
        thumbnails.place(in: g.thumbnails, showing: slot)
    }

    /// Sets both strips to show `slot` (a fractional page), as a glide or an edit does.
    mutating func show(slot: Double) {
        preview.show(position: slot)
        thumbnails.show(position: slot)
    }

    /// Both strips where an edit's animation has them at `time`.
    mutating func applyFrame(_ transition: EditTransition, at time: Double) {
        let frame = transition.frame(at: time)
        show(slot: frame.focusSlot)
        if let slot = frame.previewSlot { preview.show(position: slot) }
    }

    /// The page position the strips show now, from the one that leads.
    var currentSlot: Double {
        if shownPages.isEmpty { return 0 }
        if geometry.preview.width <= 0 { return Double(focusIndex) }
        switch interaction.underPrompt {
        case .dragging(.thumbnails), .flinging(.thumbnails): return thumbnails.position
        default: return preview.position
        }
    }

    /// The strip that follows is set from the one that leads, and the focus from both: the
    /// thumbnails follow every point of the preview; the preview follows whole pages only.
    mutating func follow(_ lead: EditorStrip) {
        let leader = lead == .preview ? preview.nearestIndex : thumbnails.nearestIndex
        switch lead {
        case .preview:
            thumbnails.show(position: preview.position)
        case .thumbnails:
            let page = Double(leader)
            if preview.layout.offset(atPosition: page) != preview.offset { preview.show(position: page) }
        }
        if !shownPages.isEmpty, geometry.preview.width > 0 { focusIndex = leader }
    }

    /// Hands the lead to `strip`: the other one, if it was still moving on its own, stops on its
    /// nearest resting place first, so the two never pull against each other.
    mutating func lead(_ strip: EditorStrip) {
        switch interaction {
        case .dragging(let current), .flinging(let current):
            if current != strip { if current == .preview { preview.stopAtRest() } else { thumbnails.stopAtRest() } }
        default:
            break
        }
    }

    /// What both strips lay out at `time`: the shapes of the pages shown and where the
    /// interaction has them.
    func content(at time: Double) -> (preview: PageStripContent, thumbnails: PageStripContent) {
        var aspects = document.aspects
        var slots = SlotMap(), thumbnailSlots = SlotMap()
        var override: FocusOverride?
        switch interaction.underPrompt {
        case .animating(let transition):
            let frame = transition.frame(at: time)
            aspects = transition.shownAspects
            for (index, turning) in frame.turning where aspects.indices.contains(index) { aspects[index] = turning.aspect }
            slots = frame.slots
            thumbnailSlots = frame.slots
            override = frame.focusOverride
        case .gliding(let glide):
            override = glide.focusOverride(at: time)
        case .carrying(let carry):
            thumbnailSlots = SlotMap(reorder: carriedSlots(carry, at: time))
        case .resting, .dragging, .flinging, .zoomed, .askingToQuit, .searching, .dialog, .editingBorders, .camera:
            break
        }
        return (PageStripContent(aspects: aspects, slots: slots),
                PageStripContent(aspects: aspects, slots: thumbnailSlots, expandingRate: expanding.value, focusOverride: override))
    }

    /// The thumbnail cell under window point `p` now (`alongAxis`: the nearest along the strip).
    func thumbnail(at p: Point, at time: Double, alongAxis: Bool = false) -> Cell? {
        thumbnails.cell(at: p, content: content(at: time).thumbnails, alongAxis: alongAxis)
    }

    /// Lays the strips out again for a new window, keeping the page in focus in focus, whatever
    /// was moving (the article's rotation). A drag in progress ends where it is; its release will
    /// not fling.
    public mutating func resize(to size: Size) {
        windowSize = Size(width: max(0, size.width), height: max(0, size.height))
        gestures.abandon()
        expanding = ExpandingRate()
        underPrompt { scene in
            switch scene.interaction {
            case .dragging, .flinging: scene.interaction = .resting
            default: break
            }
            scene.layOut()
        }
    }

    /// New design numbers: the strips are laid out again around the page in focus, as a resize does.
    public mutating func tune(_ tuning: Tuning, at time: Double) {
        self.tuning = tuning
        resize(to: windowSize)
    }
}
