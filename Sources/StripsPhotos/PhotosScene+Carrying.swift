import StripsCore
import StripsPhotosFeatures

/// Reordering by drag, as UICollectionView's interactive movement: press and hold a thumbnail
/// without moving and it lifts; it follows the pointer while the others slide aside to open its
/// slot; near either end the strip scrolls; releasing drops it into the slot, Escape puts it back.
extension PhotosScene {
    /// A press held still on the thumbnails lifts the thumbnail under it.
    mutating func lift(_ held: Gestures.Press, at time: Double) {
        guard case .dragging(.thumbnails) = interaction, pages.count > 1,
              let cell = thumbnail(at: held.start, at: time) else { return }
        // The strip stops tracking this press: from now on the pointer carries the thumbnail.
        thumbnails.release(held.start, at: time)
        thumbnails.stopAtRest()
        expanding.animate(to: 0, at: time, fullDuration: tuning.editor.expandingFullDuration)
        let slot = Double(cell.index)
        interaction = .carrying(Carry(moving: cell.index, pointerX: held.start.x, grab: held.start.x - cell.frame.midX,
                                      liftStart: time, gapFrom: slot, gapTo: slot, gapStart: time))
    }

    /// On each tick: near either end of the strip the carried thumbnail scrolls it, up to the
    /// tuning's speed at the very edge.
    mutating func autoscroll(_ carry: Carry, at time: Double) {
        var carry = carry
        let dt = max(0, time - notices.lastTick)
        let strip = geometry.thumbnails
        let left = carry.pointerX - strip.minX, right = strip.maxX - carry.pointerX
        let zone = tuning.editor.autoscrollZone
        let push = left < zone ? -(1 - max(0, left) / zone) : right < zone ? 1 - max(0, right) / zone : 0
        if push != 0, thumbnails.layout.pitch > 0 {
            let last = Double(pages.count - 1)
            let position = (thumbnails.position + push * tuning.editor.autoscrollSpeed * dt / thumbnails.layout.pitch).clamped(to: 0...last)
            thumbnails.show(position: position)
        }
        retarget(&carry, at: time)
        interaction = .carrying(carry)
    }

    /// The pointer moved while carrying.
    mutating func carry(_ carry: Carry, to p: Point, at time: Double) {
        var carry = carry
        carry.pointerX = p.x
        retarget(&carry, at: time)
        interaction = .carrying(carry)
    }

    /// Released: the thumbnail drops into the open slot, from where it is.
    mutating func drop(_ carry: Carry, at time: Double) {
        let carried = carriedSlots(carry, at: time)
        // The preview goes on showing its page: the carried one rides with it, another stays in
        // its slot as the gap leaves it.
        let shown = preview.nearestIndex
        let previewSlot = shown == carry.moving ? carried.movingSlot : carried.slot(of: shown)
        interaction = .resting
        enqueue(.drop(from: carry.moving, to: Int(carry.gapTo), carried: carried, previewSlot: previewSlot), at: time)
    }

    /// Escape while carrying: the thumbnail goes back to its place.
    mutating func cancel(_ carry: Carry, at time: Double) {
        var back = carry
        back.gapFrom = gap(carry, at: time)
        back.gapTo = Double(carry.moving)
        back.gapStart = time
        gestures.abandon()
        drop(back, at: time)
    }

    /// Where the carried thumbnail and the gap are at `time`, and how far it is lifted.
    func carriedSlots(_ carry: Carry, at time: Double) -> ReorderSlots {
        let lift = Tween(start: carry.liftStart, duration: tuning.editor.liftDuration).value(from: 1, to: tuning.editor.liftScale, at: time)
        return ReorderSlots(moving: carry.moving, movingSlot: carriedSlot(carry), gap: gap(carry, at: time), lift: lift)
    }

    /// The fractional slot the carried thumbnail's centre is over.
    private func carriedSlot(_ carry: Carry) -> Double {
        let layout = thumbnails.layout
        guard layout.pitch > 0 else { return Double(carry.moving) }
        let centre = thumbnails.contentPoint(fromWindow: Point(x: carry.pointerX - carry.grab, y: 0)).x
        return (centre - layout.itemSize.width / 2) / layout.pitch
    }

    private func gap(_ carry: Carry, at time: Double) -> Double {
        Tween(start: carry.gapStart, duration: tuning.editor.gapDuration).value(from: carry.gapFrom, to: carry.gapTo, at: time)
    }

    /// A new target slot starts the gap easing toward it from where it is now.
    private func retarget(_ carry: inout Carry, at time: Double) {
        let target = carriedSlot(carry).rounded().clamped(to: 0...Double(pages.count - 1))
        guard target != carry.gapTo else { return }
        carry.gapFrom = gap(carry, at: time)
        carry.gapTo = target
        carry.gapStart = time
    }
}
