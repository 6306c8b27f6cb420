import StripsCore
import StripsPhotosFeatures

/// Where the two strips (`StripsFeature`) meet the scene: the pages shown, the window and the
/// tuning passed in, and what each strip lays out at an instant from the interaction.
extension PhotosScene {
    /// The strips' reducer on their state; it asks nothing of the rest.
    private mutating func inStrips(_ action: StripsFeature.Action) {
        let context = StripsFeature.Context(pageCount: shownPages.count, geometry: geometry, tuning: setup.tuning)
        _ = StripsFeature.reduce(into: &strips, action: action, context: context)
    }

    /// Lays both strips out for the window, the tuning and the pages shown, the page in focus at
    /// the centre of each; whatever was moving stops there.
    mutating func layOut() { inStrips(.layOut) }

    /// Sets both strips to show `slot` (a fractional page), as a glide or an edit does.
    mutating func show(slot: Double) { inStrips(.show(slot: slot)) }

    /// Both strips where an edit's animation has them at `time`.
    mutating func applyFrame(_ transition: EditTransition, at time: Double) { inStrips(.animate(transition, at: time)) }

    /// The page position the strips show now, from the one that leads.
    var currentSlot: Double {
        if shownPages.isEmpty { return 0 }
        if geometry.preview.width <= 0 { return Double(strips.focusIndex) }
        switch interaction.activity {
        case .dragging(.thumbnails), .flinging(.thumbnails): return strips.thumbnails.position
        default: return strips.preview.position
        }
    }

    /// The strip that follows is set from the one that leads, and the focus from both.
    mutating func follow(_ lead: EditorStrip) { inStrips(.follow(lead: lead)) }

    /// Hands the lead to `strip`: the other one, if it was still moving on its own, stops first.
    mutating func lead(_ strip: EditorStrip) {
        switch interaction.shape {
        case .activity(.dragging(let current)), .activity(.flinging(let current)): inStrips(.lead(strip, moving: current))
        default: break
        }
    }

    /// What both strips lay out at `time`: the shapes of the pages shown and where the
    /// interaction has them; during an edit, also the animation's moment they were laid out from
    /// (the frame draws its turning pages, fades and breaks from the same one).
    func content(at time: Double) -> (preview: PageStripContent, thumbnails: PageStripContent, moment: EditTransition.Frame?) {
        var aspects = document.aspects
        var slots = SlotMap(), thumbnailSlots = SlotMap()
        var override: FocusOverride?
        var moment: EditTransition.Frame?
        switch interaction.activity {
        case .animating(let transition):
            let frame = transition.frame(at: time)
            moment = frame
            aspects = transition.shownAspects
            for (index, turning) in frame.turning where aspects.indices.contains(index) { aspects[index] = turning.aspect }
            slots = frame.slots
            thumbnailSlots = frame.slots
            override = frame.focusOverride
        case .gliding(let glide):
            override = glide.focusOverride(at: time)
        case .carrying(let carry):
            thumbnailSlots = SlotMap(reorder: carriedSlots(carry, at: time))
        case .resting, .dragging, .flinging, .zoomed, .editingBorders:
            break
        }
        return (PageStripContent(aspects: aspects, slots: slots),
                PageStripContent(aspects: aspects, slots: thumbnailSlots, expandingRate: strips.expanding.value, focusOverride: override), moment)
    }

    /// The thumbnail cell under window point `p` now (`alongAxis`: the nearest along the strip).
    func thumbnail(at p: Point, at time: Double, alongAxis: Bool = false) -> Cell? {
        strips.thumbnails.cell(at: p, content: content(at: time).thumbnails, alongAxis: alongAxis)
    }

    /// Lays the strips out again for a new window, keeping the page in focus in focus, whatever
    /// was moving (the article's rotation). A drag in progress ends where it is; its release will
    /// not fling.
    public mutating func resize(to size: Size) {
        setup.windowSize = Size(width: max(0, size.width), height: max(0, size.height))
        rooms.pointer.gestures.abandon()
        strips.expanding = ExpandingRate()
        underPrompt { scene in
            switch scene.interaction.shape {
            case .activity(.dragging), .activity(.flinging): scene.interaction = .resting
            default: break
            }
            scene.layOut()
        }
    }

    /// New design numbers: the strips are laid out again around the page in focus, as a resize does.
    public mutating func tune(_ tuning: Tuning, at time: Double) {
        self.setup.tuning = tuning
        resize(to: setup.windowSize)
    }
}
