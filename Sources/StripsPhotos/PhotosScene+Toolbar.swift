import StripsCore
import StripsPhotosFeatures

/// The toolbar's part of the editor: which buttons fit, which can act now, the pointer on them
/// (a press acts when it is let go over the same button; resting on one shows its tooltip), and
/// the frame's picture of it.
extension PhotosScene {
    /// The buttons on screen and their frames (none when the window leaves the bar out).
    var toolbarButtons: [(button: ToolbarButton, frame: Rect)] {
        geometry.toolbar.isEmpty ? [] : Toolbar.layout(width: setup.windowSize.width)
    }

    func toolbarButton(at p: Point) -> ToolbarButton? {
        guard geometry.toolbar.contains(p) else { return nil }
        return toolbarButtons.first { $0.frame.contains(p) }?.button
    }

    /// Nothing modal is up (a prompt, a dialog, a menu, the border editor, a carried thumbnail):
    /// the bar takes the pointer.
    var toolbarIsLive: Bool {
        let layers = interaction.layers
        switch layers.last {
        case .askingToQuit?, .dialog?: return false
        case .camera?: return true
        case .searching?:
            // The search field leaves the bar live, unless what is under it is modal.
            switch layers.dropLast().last {
            case .dialog?: return false
            case .askingToQuit?, .searching?, .camera?: return true
            case nil: return !interaction.activity.isModal
            }
        case nil: return !interaction.activity.isModal
        }
    }

    /// Whether the action can do anything now: a button that cannot is greyed out.
    func canPerform(_ action: EditorKey) -> Bool {
        let hasPages = !pages.isEmpty
        switch action {
        case .command(.undo): return document.nextUndo != nil
        case .command(.redo): return document.nextRedo != nil
        case .command(.go), .command(.delete), .command(.rotate), .command(.cycle), .command(.set), .command(.setLanguage), .command(.shift),
             .command(.moveToEnd), .command(.interleave), .command(.upright), .command(.toggleBreak):
            return hasPages
        case .command: return true
        case .borders, .applyDetectedBorders, .copyBorders, .search, .selectAll, .selectBlank, .zoomIn, .zoomOut, .zoomToFit, .contextMenu:
            return hasPages
        case .save: return hasPages && transfers.canSave
        case .scan, .scanPanel: return transfers.scan == nil
        case .open: return !notices.opening
        case .camera, .help, .escape, .quit, .feature: return true
        }
    }

    /// Whether the action's mode is on now (its button shows it).
    func isOn(_ action: EditorKey) -> Bool {
        if case .camera = action { return isCameraOpen }
        return false
    }

    /// A press on the bar: a button that can act is held down; the strips see nothing of it.
    /// False when the bar does not take the press.
    mutating func toolbarDown(_ p: Point, at time: Double) -> Bool {
        guard toolbarIsLive, geometry.toolbar.contains(p) else { return false }
        rooms.pointer.gestures.hover(p)
        _ = toolbar(.press(toolbarButton(at: p)), at: time)
        return true
    }

    /// The press let go: over the button pressed, its action (nil when the bar had no press).
    mutating func toolbarUp(_ p: Point, at time: Double) -> [Effect]? {
        guard rooms.pointer.toolbar.pressed != nil else { return nil }
        return toolbar(.release(toolbarButton(at: p)), at: time)
    }

    mutating func toolbarHover(_ p: Point, at time: Double) {
        _ = toolbar(.hover(toolbarIsLive ? toolbarButton(at: p)?.name : nil), at: time)
    }

    /// The toolbar's reducer on the scene's part of it, with what it needs to know passed in.
    mutating func toolbar(_ action: ToolbarFeature.Action, at time: Double) -> [Effect] {
        let scene = self
        let context = ToolbarFeature.Context(time: time, live: toolbarIsLive, canPerform: { scene.canPerform($0) })
        return apply(ToolbarFeature.reduce(into: &rooms.pointer.toolbar, action: action, context: context), at: time)
    }

    func toolbarFrame(at time: Double) -> ToolbarFrame? {
        let bar = geometry.toolbar
        guard !bar.isEmpty else { return nil }
        let live = toolbarIsLive
        let buttons = toolbarButtons.map { entry in
            ToolbarFrame.Button(name: entry.button.name, frame: entry.frame, enabled: live && canPerform(entry.button.action),
                                hovered: live && rooms.pointer.toolbar.hover == entry.button.name, pressed: rooms.pointer.toolbar.pressed == entry.button.name,
                                on: isOn(entry.button.action), tooltip: entry.button.tooltip)
        }
        // A search reading the pages not read yet: how far it has got, counted by the search as
        // answers arrive (never by going over the document).
        var reading: ReadingProgress?
        if case .searching(let search)? = interaction.layers.last, search.askedToRead, search.unread > 0, !pages.isEmpty {
            reading = ReadingProgress(known: pages.count - search.unread, of: pages.count)
        }
        return ToolbarFrame(bar: bar, buttons: buttons, window: setup.windowSize,
                            tooltipFor: live && rooms.pointer.toolbar.showsTooltip(at: time) ? rooms.pointer.toolbar.hover : nil,
                            reading: reading, measurer: setup.measurer)
    }
}

extension Interaction.Activity {
    /// The border editor and a carried thumbnail take the pointer: the bar waits.
    fileprivate var isModal: Bool {
        switch self {
        case .editingBorders, .carrying: return true
        case .resting, .dragging, .flinging, .zoomed, .gliding, .animating: return false
        }
    }
}
