import StripsCore
import StripsPhotosFeatures

/// The camera view in the editor (issue 27): Ctrl+K puts the camera's live picture where the
/// preview was; the thumbnail strip stays below and keeps working (its keys, drags, undo, delete,
/// saving), and the pages taken fly into it after the page in focus, with the insert animation.
/// The view's own state and steps are `CameraView`'s; here it meets the editor: input routed to
/// it or past it, the host's news, takes asked for, pages inserted.
extension PhotosScene {
    /// The camera view is open (under a prompt or not): the toolbar's camera button shows it.
    public var isCameraOpen: Bool { interaction.camera != nil }
    /// Pages are taken by themselves in the open view.
    public var isAutoTaking: Bool { interaction.camera?.autoTake ?? false }

    /// A camera command from a key or a toolbar button.
    public mutating func camera(_ command: CameraCommand, at time: Double) -> [Effect] {
        switch command {
        // The next take's number is looked up only when the view may open (it reads the history).
        case .toggle: return cameraRoom(.toggle(nextNumber: isCameraOpen ? 0 : document.nextCameraNumber), at: time)
        case .takeNow: return cameraRoom(.takeNow, at: time)
        case .toggleAutoTake: return cameraRoom(.toggleAutoTake, at: time)
        }
    }

    /// The camera room's reducer on the view (or none), written back where it is, its outputs
    /// routed. Opening, the view takes the preview's place (a zoom or the border editor ends
    /// first; the thumbnails' motion carries on under it); closing, the strips are laid out again.
    @discardableResult
    mutating func cameraRoom(_ action: CameraFeature.Action, at time: Double) -> [Effect] {
        let before = interaction.camera
        var state = before
        let outputs = CameraFeature.reduce(into: &state, action: action, context: CameraFeature.Context(time: time))
        switch (before, state) {
        case (nil, let view?):
            switch interaction.shape {
            case .activity(.zoomed), .activity(.editingBorders): interaction = .resting
            default: break
            }
            interaction = .camera(view, under: interaction)
        case (_?, nil):
            interaction = Self.removingCamera(from: interaction)
            layOut()
        case (_?, let view?):
            updateCamera { $0 = view }
        case (nil, nil):
            break
        }
        return apply(outputs, at: time)
    }

    private static func removingCamera(from interaction: Interaction) -> Interaction {
        switch interaction.shape {
        case .camera(_, let under): return under
        case .askingToQuit(let under): return .askingToQuit(under: removingCamera(from: under))
        case .dialog(let dialog, let under): return .dialog(dialog, under: removingCamera(from: under))
        case .searching(let search, let under): return .searching(search, under: removingCamera(from: under))
        default: return interaction
        }
    }

    /// Changes the camera view wherever it is (under the quit prompt or a dialog too).
    mutating func updateCamera(_ change: (inout CameraView) -> Void) {
        func updated(_ interaction: Interaction) -> Interaction {
            switch interaction.shape {
            case .camera(var view, let under):
                change(&view)
                return .camera(view, under: under)
            case .askingToQuit(let under): return .askingToQuit(under: updated(under))
            case .dialog(let dialog, let under): return .dialog(dialog, under: updated(under))
            case .searching(let search, let under): return .searching(search, under: updated(under))
            default: return interaction
            }
        }
        interaction = updated(interaction)
    }

    // MARK: Input while the view is on top

    /// Input while the view is the top of the interaction: its keys to it; the pointer and the
    /// wheel on the thumbnail strip, and the editor's other keys, to what goes on under it.
    mutating func cameraInput(_ event: InputEvent, under: Interaction, at time: Double) -> [Effect] {
        switch event {
        case .key(let key):
            if let command = CameraCommand(inView: key) {
                if key.isRepeat { return [] }
                return camera(command, at: time)
            }
            if let action = EditorKey(key), Self.needsPreview(action) {
                // The border editor, the search field and zooming work on the preview: the view
                // makes way for them.
                return cameraRoom(.toggle(nextNumber: 0), at: time) + handle(event, at: time)
            }
            return underCamera { $0.route(event, at: time) }
        case .pointerDown(let p, _):
            if CameraViewFrame.autoSwitch(in: geometry.preview).contains(p) { return camera(.toggleAutoTake, at: time) }
            // The live picture takes no press; the toolbar and the thumbnail strip do, as ever.
            guard geometry.thumbnails.contains(p) || geometry.toolbar.contains(p) else { return [] }
            return underCamera { $0.route(event, at: time) }
        case .pointerUp(let p):
            // A button let go acts as its key does in the view: the camera's own button closes
            // it, one that works on the preview (borders, search) closes it first.
            if let pressed = rooms.pointer.toolbar.pressed, let button = toolbarButton(at: p), button.name == pressed {
                if case .camera = button.action { return toolbarUp(p, at: time) ?? [] }
                if Self.needsPreview(button.action) { return cameraRoom(.toggle(nextNumber: 0), at: time) + handle(event, at: time) }
            }
            return underCamera { $0.route(event, at: time) }
        case .secondaryDown(let p, _):
            // A page's menu from its thumbnail; the live picture has none.
            guard geometry.thumbnails.contains(p) else { return [] }
            return underCamera { $0.route(event, at: time) }
        case .secondaryUp:
            return underCamera { $0.route(event, at: time) }
        case .wheel:
            guard geometry.thumbnails.contains(rooms.pointer.gestures.pointer) else { return [] }
            return underCamera { $0.route(event, at: time) }
        case .ctrlWheel, .pinch:
            return []
        case .host:
            // The host's news finds the view wherever it is (`hostAnswered`).
            return route(event, at: time)
        case .pointerMove, .resize, .tune, .drop, .text:
            return underCamera { $0.route(event, at: time) }
        }
    }

    private static func needsPreview(_ action: EditorKey) -> Bool {
        switch action {
        case .borders, .search, .zoomIn, .zoomOut, .zoomToFit: return true
        default: return false
        }
    }

    /// Runs `body` on what goes on under the view, and puts the view back over it (under a quit
    /// prompt or a dialog the body opened).
    private mutating func underCamera(_ body: (inout PhotosScene) -> [Effect]) -> [Effect] {
        guard case .camera(let view, let under) = interaction.shape else { return body(&self) }
        interaction = under
        let effects = body(&self)
        interaction = interaction.wrapped(inCamera: view)
        return effects
    }

    // MARK: The host's news and the clock

    mutating func cameraNews(_ news: CameraNews, at time: Double) -> [Effect] { cameraRoom(.news(news), at: time) }

    /// After every tick: the flash fades and the flights land.
    mutating func tickCamera(at time: Double) {
        guard interaction.camera?.isAnimating == true else { return }
        cameraRoom(.tick, at: time)
    }
}

extension Interaction {
    /// This interaction with the camera view over it; a quit prompt or a dialog on top stays on top.
    func wrapped(inCamera view: CameraView) -> Interaction {
        switch shape {
        case .askingToQuit(let under): return .askingToQuit(under: under.wrapped(inCamera: view))
        case .dialog(let dialog, let under): return .dialog(dialog, under: under.wrapped(inCamera: view))
        default: return .camera(view, under: self)
        }
    }
}

/// The host's answer to this feature, through this door (`PhotosScene.hostAnswered`).
extension CameraNews: PhotosAnswer {
    func deliver(to scene: inout PhotosScene, at time: Double) -> [Effect] { scene.cameraNews(self, at: time) }
}
