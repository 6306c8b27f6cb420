/// Reordering by drag, as UICollectionView's interactive movement: press and hold a thumbnail
/// without moving and it lifts; it follows the pointer while the others slide aside to open its
/// slot; near either end the strip scrolls; releasing drops it into the slot.
extension PhotosScene {
    /// A press on a thumbnail strip at rest may become a hold.
    mutating func pressMayHold(at time: Double) {
        session.holdStart = press?.target == .thumbnails && press?.wasIdle == true && editor == nil ? time : nil
    }

    /// On each tick: a press held long enough lifts its thumbnail; a carried one scrolls the
    /// strip near the ends and eases the gap.
    mutating func tickReorder(at time: Double) {
        if let start = session.holdStart {
            if press?.target != .thumbnails || press?.isDragging == true || editor != nil {
                session.holdStart = nil
            } else if time - start >= tuning.editor.holdDuration {
                session.holdStart = nil
                lift(at: time)
            }
        }
        guard var carried = session.reordering else { return }
        let dt = max(0, time - session.lastTick)
        let strip = geometry.thumbnails
        let left = carried.pointerX - strip.minX, right = strip.maxX - carried.pointerX
        let zone = tuning.editor.autoscrollZone
        let push = left < zone ? -(1 - max(0, left) / zone) : right < zone ? 1 - max(0, right) / zone : 0
        if push != 0, thumbnails.layout.pitch > 0 {
            let last = Double(pages.count - 1)
            let position = (thumbnails.position + push * tuning.editor.autoscrollSpeed * dt / thumbnails.layout.pitch).clamped(to: 0...last)
            thumbnails.show(position: position)
        }
        retarget(&carried, at: time)
        session.reordering = carried
        placeCarried(at: time)
    }

    private mutating func lift(at time: Double) {
        guard let held = press, let cell = thumbnails.cell(at: held.start), pages.count > 1 else { return }
        // The strip stops tracking this press: from now on the pointer carries the thumbnail.
        thumbnails.release(held.start, at: time)
        thumbnails.stopAtRest()
        thumbnails.layout.expandingRate.animate(to: 0, at: time)
        let slot = Double(cell.index)
        session.reordering = Reordering(moving: cell.index, pointerX: held.start.x, grab: held.start.x - cell.frame.midX,
                                        liftStart: time, gapFrom: slot, gapTo: slot, gapStart: time)
        placeCarried(at: time)
    }

    /// The pointer moved while carrying.
    mutating func carry(to p: Point, at time: Double) {
        guard var carried = session.reordering else { return }
        carried.pointerX = p.x
        retarget(&carried, at: time)
        session.reordering = carried
        placeCarried(at: time)
    }

    /// Released: the thumbnail drops into the open slot.
    mutating func drop(at time: Double) {
        guard let carried = session.reordering else { return }
        placeCarried(at: time)
        session.reordering = nil
        press = nil
        mode = .resting
        enqueue(.reorder(from: carried.moving, to: Int(carried.gapTo)), at: time)
    }

    /// The fractional slot the carried thumbnail's centre is over.
    private func carriedSlot(_ carried: Reordering) -> Double {
        let layout = thumbnails.layout
        guard layout.pitch > 0 else { return Double(carried.moving) }
        let centre = thumbnails.contentPoint(fromWindow: Point(x: carried.pointerX - carried.grab, y: 0)).x
        return (centre - layout.itemSize.width / 2) / layout.pitch
    }

    private func gap(_ carried: Reordering, at time: Double) -> Double {
        Tween(start: carried.gapStart, duration: tuning.editor.gapDuration).value(from: carried.gapFrom, to: carried.gapTo, at: time)
    }

    /// A new target slot starts the gap easing toward it from where it is now.
    private func retarget(_ carried: inout Reordering, at time: Double) {
        let target = carriedSlot(carried).rounded().clamped(to: 0...Double(pages.count - 1))
        guard target != carried.gapTo else { return }
        carried.gapFrom = gap(carried, at: time)
        carried.gapTo = target
        carried.gapStart = time
    }

    private mutating func placeCarried(at time: Double) {
        guard let carried = session.reordering else { return }
        let lift = Tween(start: carried.liftStart, duration: tuning.editor.liftDuration).value(from: 1, to: tuning.editor.liftScale, at: time)
        thumbnails.layout.slots.reorder = ReorderSlots(
            moving: carried.moving, movingSlot: carriedSlot(carried), gap: gap(carried, at: time), lift: lift)
    }
}
