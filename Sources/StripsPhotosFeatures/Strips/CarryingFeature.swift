import StripsCore

/// Reordering by drag, as UICollectionView's interactive movement: press and hold a thumbnail
/// without moving and it lifts; it follows the pointer while the others slide aside to open its
/// slot; near either end the strip scrolls; releasing drops it into the slot, Escape puts it back.
/// A room of its own: its state is the thumbnail strip it scrolls, that strip's expanding rate and
/// the carry (in `Interaction.carrying`); the drop goes out as the command that moves the page.
package enum CarryingFeature: PhotosFeature {
    package struct State: Sendable {
        package var thumbnails: Strip<ThumbnailLayout>
        package var expanding: ExpandingRate
        /// The thumbnail carried; nil: none (not lifted, or dropped).
        package var carry: Carry?

        package init(thumbnails: Strip<ThumbnailLayout>, expanding: ExpandingRate, carry: Carry?) {
            self.thumbnails = thumbnails
            self.expanding = expanding
            self.carry = carry
        }
    }

    package enum Action: Sendable {
        /// A press held still on the thumbnails at `point`, over `cell` (nil: no thumbnail there).
        case lift(at: Point, cell: Cell?)
        /// A tick: near either end of the strip the carried thumbnail scrolls it.
        case autoscroll
        /// The pointer moved to `x` while carrying.
        case move(toX: Double)
        /// Released: the thumbnail drops into the open slot, from where it is.
        case drop
        /// Escape, or a prompt taking the pointer: the thumbnail goes back to its place.
        case cancel
    }

    package struct Context: Sendable {
        package var pageCount: Int
        /// The thumbnail strip's frame in the window.
        package var strip: Rect
        package var tuning: Tuning.Editor
        /// The page the preview shows now.
        package var previewPage: Int
        /// Seconds since the last tick.
        package var sinceLastTick: Double
        package var time: Double

        package init(pageCount: Int, strip: Rect, tuning: Tuning.Editor, previewPage: Int, sinceLastTick: Double, time: Double) {
            self.pageCount = pageCount
            self.strip = strip
            self.tuning = tuning
            self.previewPage = previewPage
            self.sinceLastTick = sinceLastTick
            self.time = time
        }
    }

    package static func reduce(into state: inout State, action: Action, context: Context) -> [PhotosOutput] {
        let time = context.time
        switch action {
        case .lift(let point, let cell):
            guard state.carry == nil, context.pageCount > 1, let cell else { return [] }
            // The strip stops tracking this press: from now on the pointer carries the thumbnail.
            state.thumbnails.release(point, at: time)
            state.thumbnails.stopAtRest()
            state.expanding.animate(to: 0, at: time, fullDuration: context.tuning.expandingFullDuration)
            let slot = Double(cell.index)
            state.carry = Carry(moving: cell.index, pointerX: point.x, grab: point.x - cell.frame.midX,
                                liftStart: time, gapFrom: slot, gapTo: slot, gapStart: time)
            return []
        case .autoscroll:
            guard var carry = state.carry else { return [] }
            let left = carry.pointerX - context.strip.minX, right = context.strip.maxX - carry.pointerX
            let zone = context.tuning.autoscrollZone
            let push = left < zone ? -(1 - max(0, left) / zone) : right < zone ? 1 - max(0, right) / zone : 0
            if push != 0, state.thumbnails.layout.pitch > 0 {
                let last = Double(context.pageCount - 1)
                let step = push * context.tuning.autoscrollSpeed * max(0, context.sinceLastTick) / state.thumbnails.layout.pitch
                state.thumbnails.show(position: (state.thumbnails.position + step).clamped(to: 0...last))
            }
            retarget(&carry, state.thumbnails, context)
            state.carry = carry
            return []
        case .move(let x):
            guard var carry = state.carry else { return [] }
            carry.pointerX = x
            retarget(&carry, state.thumbnails, context)
            state.carry = carry
            return []
        case .drop:
            guard let carry = state.carry else { return [] }
            return drop(carry, &state, context)
        case .cancel:
            guard let carry = state.carry else { return [] }
            var back = carry
            back.gapFrom = gap(carry, context.tuning, at: time)
            back.gapTo = Double(carry.moving)
            back.gapStart = time
            return [.abandonPress] + drop(back, &state, context)
        }
    }

    /// The carry ends; the command that moves the page goes out.
    private static func drop(_ carry: Carry, _ state: inout State, _ context: Context) -> [PhotosOutput] {
        let carried = slots(carry, state.thumbnails, context.tuning, at: context.time)
        // The preview goes on showing its page: the carried one rides with it, another stays in
        // its slot as the gap leaves it.
        let shown = context.previewPage
        let previewSlot = shown == carry.moving ? carried.movingSlot : carried.slot(of: shown)
        state.carry = nil
        return [.enqueue(.drop(from: carry.moving, to: Int(carry.gapTo), carried: carried, previewSlot: previewSlot))]
    }

    /// Where the carried thumbnail and the gap are at `time`, and how far it is lifted.
    package static func slots(_ carry: Carry, _ thumbnails: Strip<ThumbnailLayout>, _ tuning: Tuning.Editor, at time: Double) -> ReorderSlots {
        let lift = Tween(start: carry.liftStart, duration: tuning.liftDuration).value(from: 1, to: tuning.liftScale, at: time)
        return ReorderSlots(moving: carry.moving, movingSlot: carriedSlot(carry, thumbnails), gap: gap(carry, tuning, at: time), lift: lift)
    }

    /// The fractional slot the carried thumbnail's centre is over.
    private static func carriedSlot(_ carry: Carry, _ thumbnails: Strip<ThumbnailLayout>) -> Double {
        let layout = thumbnails.layout
        guard layout.pitch > 0 else { return Double(carry.moving) }
        let centre = thumbnails.contentPoint(fromWindow: Point(x: carry.pointerX - carry.grab, y: 0)).x
        return (centre - layout.itemSize.width / 2) / layout.pitch
    }

    private static func gap(_ carry: Carry, _ tuning: Tuning.Editor, at time: Double) -> Double {
        Tween(start: carry.gapStart, duration: tuning.gapDuration).value(from: carry.gapFrom, to: carry.gapTo, at: time)
    }

    /// A new target slot starts the gap easing toward it from where it is now.
    private static func retarget(_ carry: inout Carry, _ thumbnails: Strip<ThumbnailLayout>, _ context: Context) {
        let target = carriedSlot(carry, thumbnails).rounded().clamped(to: 0...Double(context.pageCount - 1))
        guard target != carry.gapTo else { return }
        carry.gapFrom = gap(carry, context.tuning, at: context.time)
        carry.gapTo = target
        carry.gapStart = context.time
    }
}
