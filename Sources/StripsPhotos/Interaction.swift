import StripsCore
import StripsPhotosFeatures

/// What the user is doing in the editor, one case at a time: every input handler of
/// `PhotosScene` is one switch over it, and combinations that make no sense (carrying a page
/// while an edit animates, paging while zoomed) cannot be written.
public indirect enum Interaction: Sendable {
    /// Nothing moves: both strips rest on the page in focus.
    case resting
    /// The pointer is down on a strip and drags it; the other strip follows. On the thumbnails,
    /// a press held still becomes a hold (`Gestures`) and lifts the thumbnail.
    case dragging(EditorStrip)
    /// A strip moves on its own (a fling, a wheel gesture, settling); the other follows.
    case flinging(EditorStrip)
    /// A thumbnail lifted by a hold, carried by the pointer; the others make room.
    case carrying(Carry)
    /// The preview zoomed in on the page in focus: drags and the wheel pan it; the strip does
    /// not page until it is back at fit.
    case zoomed(PreviewZoom)
    /// Both strips glide to a page (a key, a click on a thumbnail); a navigation key retargets it.
    case gliding(Glide)
    /// An edit's animation, from the document before to the one after.
    case animating(EditTransition)
    /// The border editor on one page: its whole picture, corners and edges the pointer drags,
    /// keys that nudge, turn, reset, apply (Return) and cancel (Escape); the strips wait.
    case editingBorders(BorderSession)
    /// "Save the changes before quitting?" over whatever was going on, which carries on underneath.
    case askingToQuit(under: Interaction)
    /// The search field (Ctrl+F) over whatever is going on, which carries on underneath: the field
    /// takes typed text, Return, Shift+Return and Escape; the strips keep the pointer.
    case searching(Search, under: Interaction)
    /// A card that takes the keys and the pointer (the scan panel, the offer of an earlier
    /// session's scans) over whatever was going on, which carries on underneath.
    case dialog(Dialog, under: Interaction)
    /// The camera view (Ctrl+K) where the preview was, over whatever goes on in the thumbnail
    /// strip, which carries on underneath (a taken page's insert, a drag): its own state and
    /// reducer (Photos/Camera).
    case camera(CameraView, under: Interaction)

    /// The interaction under a prompt, the search field or a dialog, or this one.
    public var underPrompt: Interaction {
        switch self {
        case .askingToQuit(let under), .searching(_, let under), .dialog(_, let under), .camera(_, let under): return under.underPrompt
        default: return self
        }
    }

    /// The search under way, under a quit prompt or a dialog or not.
    public var search: Search? {
        switch self {
        case .searching(let search, _): return search
        case .askingToQuit(let under), .dialog(_, let under), .camera(_, let under): return under.search
        default: return nil
        }
    }

    /// The camera view, under a quit prompt, a dialog or the search field or not.
    public var camera: CameraView? {
        switch self {
        case .camera(let view, _): return view
        case .askingToQuit(let under), .dialog(_, let under), .searching(_, let under): return under.camera
        default: return nil
        }
    }

    public var isAskingToQuit: Bool {
        if case .askingToQuit = self { return true }
        return false
    }

    /// The dialog on top, if one is (not under the quit prompt).
    public var dialog: Dialog? {
        if case .dialog(let dialog, _) = self { return dialog }
        return nil
    }
}

/// Cards over the editor that take the keys and the pointer until answered.
public enum Dialog: Hashable, Sendable {
    /// Ctrl+Shift+N: device, source, resolution, mode and page size, then Scan.
    case scanPanel(ScanPanel)
    /// Scans an earlier session left: take them, discard them, or decide later.
    case recovery(RecoveryOffer)
    /// F1 or `?`: every key and gesture, listed from the key tables.
    case keys(KeysOverlay)
    /// A right click on a page: what applies to it.
    case menu(ContextMenu)

    /// It waits on the host's answers (scanners being found): frames keep coming while it is up.
    var waitsOnHost: Bool {
        if case .scanPanel = self { return true }
        return false
    }
}
