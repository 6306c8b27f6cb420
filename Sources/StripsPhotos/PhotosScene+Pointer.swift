import Foundation
import StripsCore
import StripsPhotosFeatures

/// The pointer, the wheel and pinches: each handler is one switch over what the user is doing.
extension PhotosScene: InputRouting {
    public mutating func pointerDown(_ p: Point, modifiers: Modifiers, at time: Double) -> [Effect] {
        // The toolbar's buttons act on release; an empty document's buttons at once.
        if toolbarDown(p, at: time) { return [] }
        if pages.isEmpty, case .activity(.resting) = interaction.shape, let way = emptyState().way(at: p) {
            rooms.pointer.gestures.down(p, modifiers: modifiers, onRest: false, at: time)
            rooms.pointer.gestures.abandon()
            return canPerform(way.action) ? perform(way.action, at: time) : []
        }
        switch interaction.shape {
        case .askingToQuit(let under):
            return answerPrompt(at: p, under: under, at: time)
        case .activity(.editingBorders(let session)):
            borderPointerDown(p, session, at: time)
        case .dialog(let dialog, let under):
            return dialogPress(at: p, dialog, under: under, at: time)
        case .activity(.carrying), .searching, .camera:
            break
        case .activity(.zoomed(let zoom)) where geometry.preview.contains(p):
            // The zoomed preview pans.
            rooms.pointer.gestures.down(p, modifiers: modifiers, onRest: zoom.isIdle, at: time)
            zooming(.press(p), at: time)
        case .activity(.gliding), .activity(.animating):
            // The strips are the edit's or the glide's: the press takes nothing.
            rooms.pointer.gestures.down(p, modifiers: modifiers, onRest: false, at: time)
            rooms.pointer.gestures.abandon()
        case .activity(.resting), .activity(.dragging), .activity(.flinging), .activity(.zoomed):
            let g = geometry
            let target: EditorStrip? = pages.isEmpty ? nil : g.thumbnails.contains(p) ? .thumbnails : g.preview.contains(p) ? .preview : nil
            guard let target else {
                rooms.pointer.gestures.down(p, modifiers: modifiers, onRest: false, at: time)
                rooms.pointer.gestures.abandon()
                return []
            }
            let atRest = target == .thumbnails ? strips.thumbnails.isIdle : strips.preview.isIdle
            rooms.pointer.gestures.down(p, modifiers: modifiers, onRest: atRest, at: time)
            if target == .thumbnails { strips.thumbnails.press(p, at: time) } else { strips.preview.press(p, at: time) }
            lead(target)
            interaction = .dragging(target)
            // A press on a thumbnail strip at rest may become a hold, which lifts the thumbnail.
            if target == .thumbnails && atRest { rooms.pointer.gestures.armHold() }
        }
        return []
    }

    public mutating func pointerMoved(_ p: Point, at time: Double) {
        let becameDrag = rooms.pointer.gestures.moved(to: p, tuning: setup.tuning)
        toolbarHover(p, at: time)
        menu(.hover(p), at: time)
        switch interaction.shape {
        case .activity(.carrying):
            carrying(.move(toX: p.x), at: time)
        case .activity(.editingBorders(let session)):
            borderPointerMoved(p, session, at: time)
        case .activity(.zoomed):
            guard let press = rooms.pointer.gestures.press, !press.isAbandoned else { return }
            zooming(.drag(p), at: time)
        case .activity(.dragging(let strip)):
            guard rooms.pointer.gestures.press?.isAbandoned == false else { return }
            if strip == .thumbnails {
                // Scrolling the thumbnails evens them out (the expanding rate goes to 0).
                if becameDrag { strips.expanding.animate(to: 0, at: time, fullDuration: setup.tuning.editor.expandingFullDuration) }
                strips.thumbnails.drag(p, at: time)
            } else {
                strips.preview.drag(p, at: time)
            }
            follow(strip)
        case .activity(.resting), .activity(.flinging), .activity(.gliding), .activity(.animating), .askingToQuit, .searching, .dialog, .camera:
            break
        }
    }

    public mutating func pointerUp(_ p: Point, at time: Double) -> [Effect] {
        if let effects = toolbarUp(p, at: time) { return effects }
        let release = rooms.pointer.gestures.up(p, at: time, tuning: setup.tuning)
        switch interaction.shape {
        case .activity(.carrying):
            carrying(.drop, at: time)
        case .activity(.editingBorders):
            // `gestures.up` above ended the press.
            if case .activity(.editingBorders(var session)) = interaction.shape {
                session.drag = nil
                interaction = .editingBorders(session)
            }
        case .activity(.zoomed):
            guard let release, !release.press.isAbandoned else {
                startQueued(at: time)
                break
            }
            // The pan flings on; a double-click goes back to fit.
            zooming(.release(p, backToFit: release.taps == 2), at: time)
            startQueued(at: time)
        case .activity(.dragging(let strip)):
            guard let release, !release.press.isAbandoned else {
                startQueued(at: time)
                break
            }
            interaction = .flinging(strip)
            if strip == .thumbnails {
                strips.thumbnails.release(p, at: time)
                // A click on a thumbnail (or in the gap beside one) moves to it, or picks it.
                if release.isTap, let cell = thumbnail(at: p, at: time, alongAxis: true) { click(cell.index, release.press.modifiers, at: time) }
            } else {
                strips.preview.release(p, at: time)
                if release.isTap, !release.press.modifiers.isEmpty { click(strips.focusIndex, release.press.modifiers, at: time) }
            }
            follow(strip)
            startQueued(at: time)
            // A double-click on the preview at fit zooms to the close-up about it.
            if strip == .preview, release.taps == 2, release.press.modifiers.isEmpty { zooming(.closeUp(about: p), at: time) }
        case .activity(.resting), .activity(.flinging), .activity(.gliding), .activity(.animating), .askingToQuit, .searching, .dialog, .camera:
            startQueued(at: time)
        }
        return []
    }

    /// A click on page `index`: it comes into focus (and the selection goes); with Ctrl it is
    /// toggled in the selection, with Shift the pages from the one in focus to it are selected.
    private mutating func click(_ index: Int, _ modifiers: Modifiers, at time: Double) {
        if modifiers.contains(.ctrl) {
            document.selection = document.selection.toggling(index)
        } else if modifiers.contains(.shift) {
            document.selection = .range(from: max(0, strips.focusIndex), to: index)
        } else {
            document.selection = .none
            enqueue(.go(.page(index)), at: time)
        }
    }

    public mutating func wheel(dx: Double, dy: Double, at time: Double) {
        if case .dialog(.keys, _) = interaction.shape {
            help(.wheel(dy: dy), at: time)
            return
        }
        guard !pages.isEmpty, rooms.pointer.gestures.press == nil else { return }
        let pointer = rooms.pointer.gestures.pointer
        switch interaction.shape {
        case .askingToQuit, .searching, .dialog, .activity(.gliding), .activity(.animating), .activity(.carrying), .activity(.dragging), .activity(.editingBorders), .camera:
            return
        case .activity(.zoomed) where geometry.preview.contains(pointer):
            // A plain wheel over the zoomed preview pans it.
            zooming(.pan(dx: dx, dy: dy), at: time)
            return
        case .activity(.resting), .activity(.flinging), .activity(.zoomed):
            break
        }
        // Horizontal strips: a plain vertical wheel pages too; wheel down moves forward.
        let delta = abs(dx) >= abs(dy) ? dx : -dy
        guard delta != 0 else { return }
        let strip: EditorStrip = geometry.thumbnails.contains(pointer) ? .thumbnails : .preview
        lead(strip)
        interaction = .flinging(strip)
        if strip == .thumbnails {
            strips.expanding.animate(to: 0, at: time, fullDuration: setup.tuning.editor.expandingFullDuration)
            strips.thumbnails.wheel(delta, at: time)
        } else {
            strips.preview.wheel(delta, at: time)
        }
        follow(strip)
    }

    /// Ctrl+wheel over the preview zooms about the pointer; elsewhere it is a plain wheel.
    public mutating func ctrlWheel(dx: Double, dy: Double, at time: Double) {
        guard !pages.isEmpty else { return }
        switch interaction.shape {
        case .activity(.gliding), .activity(.animating), .askingToQuit, .searching, .dialog, .activity(.carrying): return
        default: break
        }
        let pointer = rooms.pointer.gestures.pointer
        guard geometry.preview.contains(pointer) else {
            wheel(dx: dx, dy: dy, at: time)
            return
        }
        zooming(.zoom(by: pow(setup.tuning.zoom.wheelFactor, dy), about: pointer), at: time)
    }

    /// A pinch takes over a press in progress (the first finger's), which ends where it is.
    public mutating func pinch(about center: Point, scale: Double, at time: Double) {
        guard !pages.isEmpty, scale.isFinite, scale > 0 else { return }
        switch interaction.shape {
        case .activity(.gliding), .activity(.animating), .askingToQuit, .searching, .dialog, .activity(.carrying), .activity(.editingBorders), .camera:
            return
        case .activity(.dragging(let strip)):
            rooms.pointer.gestures.cancel()
            if strip == .preview { strips.preview.stopAtRest() } else { strips.thumbnails.stopAtRest() }
            follow(strip)
            interaction = .flinging(strip)
        case .activity(.zoomed):
            if rooms.pointer.gestures.press != nil {
                rooms.pointer.gestures.cancel()
                zooming(.endDrag, at: time)
            }
        case .activity(.resting), .activity(.flinging):
            rooms.pointer.gestures.cancel()
        }
        guard geometry.preview.contains(center) else { return }
        zooming(.zoom(by: scale, about: center), at: time)
    }

    /// Files dropped on the window: the host reads them and answers with their pages.
    public mutating func dropped(_ paths: [String], at time: Double) -> [Effect] {
        guard !paths.isEmpty, !capturesKeys else { return [] }
        return [.load(paths: paths)]
    }
}
