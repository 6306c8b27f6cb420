import StripsCore
import StripsPhotosFeatures

/// What the user is doing in the editor: one activity (one case of `Activity`), under the layers
/// put over it (the quit prompt, the search field, a dialog, the camera view), each of which lets
/// it carry on underneath. The activity is a stored part, so what follows it (the queue, the
/// tick, the strips' content, the frame) reads it as it is, without unwrapping the layers; the
/// layers are a stack in the order they were put on, the same combinations the nested cases of
/// before could write (any layers over exactly one activity). Input handlers switch over `shape`,
/// the top as they see it.
public struct Interaction: Sendable {
    /// What goes on under every layer.
    public internal(set) var activity: Activity
    /// The layers over it, the one put on first first: the last is on top and takes the keys.
    public internal(set) var layers: [Layer]

    /// One activity at a time: combinations that make no sense (carrying a page while an edit
    /// animates, paging while zoomed) cannot be written.
    public enum Activity: Sendable {
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
    }

    /// What can be put over the activity; each carries on what is under it.
    public enum Layer: Sendable {
        /// "Save the changes before quitting?"
        case askingToQuit
        /// The search field (Ctrl+F): it takes typed text, Return, Shift+Return and Escape; the
        /// strips keep the pointer.
        case searching(Search)
        /// A card that takes the keys and the pointer (the scan panel, the offer of an earlier
        /// session's scans).
        case dialog(Dialog)
        /// The camera view (Ctrl+K) where the preview was, over whatever goes on in the thumbnail
        /// strip (a taken page's insert, a drag): its own state and reducer (Photos/Camera).
        case camera(CameraView)
    }

    /// The interaction as its top shows it: the layer on top with what is under it, or the
    /// activity when nothing is over it. What input handlers switch over; the activity's cases
    /// are `Activity`'s own, so adding one makes the compiler point at every handler.
    public enum Shape: Sendable {
        case activity(Activity)
        case askingToQuit(under: Interaction)
        case searching(Search, under: Interaction)
        case dialog(Dialog, under: Interaction)
        case camera(CameraView, under: Interaction)
    }

    /// What is under the layer on top (this interaction when no layer is up).
    public var under: Interaction {
        var under = self
        if !under.layers.isEmpty { under.layers.removeLast() }
        return under
    }

    public var shape: Shape {
        guard let top = layers.last else { return .activity(activity) }
        let under = self.under
        switch top {
        case .askingToQuit: return .askingToQuit(under: under)
        case .searching(let search): return .searching(search, under: under)
        case .dialog(let dialog): return .dialog(dialog, under: under)
        case .camera(let view): return .camera(view, under: under)
        }
    }

    // So assignments read as the nested cases did: an activity alone (`interaction = .flinging(strip)`)
    // takes every layer off; a layer's (`.dialog(d, under: i)`) puts it on top of `i`.
    public static var resting: Interaction { Interaction(.resting) }
    static func dragging(_ strip: EditorStrip) -> Interaction { Interaction(.dragging(strip)) }
    static func flinging(_ strip: EditorStrip) -> Interaction { Interaction(.flinging(strip)) }
    static func carrying(_ carry: Carry) -> Interaction { Interaction(.carrying(carry)) }
    static func zoomed(_ zoom: PreviewZoom) -> Interaction { Interaction(.zoomed(zoom)) }
    static func gliding(_ glide: Glide) -> Interaction { Interaction(.gliding(glide)) }
    static func animating(_ transition: EditTransition) -> Interaction { Interaction(.animating(transition)) }
    static func editingBorders(_ session: BorderSession) -> Interaction { Interaction(.editingBorders(session)) }
    static func askingToQuit(under: Interaction) -> Interaction { under.putting(.askingToQuit) }
    static func searching(_ search: Search, under: Interaction) -> Interaction { under.putting(.searching(search)) }
    static func dialog(_ dialog: Dialog, under: Interaction) -> Interaction { under.putting(.dialog(dialog)) }
    static func camera(_ view: CameraView, under: Interaction) -> Interaction { under.putting(.camera(view)) }

    /// This interaction with `layer` on top.
    private func putting(_ layer: Layer) -> Interaction {
        var next = self
        next.layers.append(layer)
        return next
    }

    /// The search under way, under a quit prompt or a dialog or not.
    public var search: Search? {
        for case .searching(let search) in layers.reversed() { return search }
        return nil
    }

    /// The camera view, under a quit prompt, a dialog or the search field or not.
    public var camera: CameraView? {
        for case .camera(let view) in layers.reversed() { return view }
        return nil
    }

    public var isAskingToQuit: Bool {
        if case .askingToQuit? = layers.last { return true }
        return false
    }

    /// The dialog on top, or under the quit prompt on top (what is drawn and traced).
    public var dialogUnderPrompt: Dialog? {
        var layers = self.layers[...]
        if case .askingToQuit? = layers.last { layers = layers.dropLast() }
        if case .dialog(let dialog)? = layers.last { return dialog }
        return nil
    }

    /// The dialog on top, if one is (not under the quit prompt).
    public var dialog: Dialog? {
        if case .dialog(let dialog)? = layers.last { return dialog }
        return nil
    }
}

extension Interaction {
    /// An activity with nothing over it.
    init(_ activity: Activity) { self.init(activity: activity, layers: []) }
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
