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
        case .toggle:
            return isCameraOpen ? closeCamera() : openCamera(at: time)
        case .takeNow:
            var take: CameraTake?
            updateCamera { take = $0.takeNow(at: time) }
            return take.map { [.camera(.take($0))] } ?? []
        case .toggleAutoTake:
            updateCamera { $0.toggleAutoTake() }
            if let view = interaction.camera {
                notices.post(view.autoTake ? tr("Pages are taken when they lie still") : tr("Pages are taken with Space only"), at: time)
            }
            return []
        }
    }

    private mutating func openCamera(at time: Double) -> [Effect] {
        // The view takes the preview's place: a zoom, the border editor or a glide under way
        // end first; the thumbnails' motion carries on under it.
        switch interaction {
        case .zoomed, .editingBorders:
            interaction = .resting
        default:
            break
        }
        interaction = .camera(CameraView(at: time, firstNumber: document.nextCameraNumber), under: interaction)
        return [.camera(.open)]
    }

    private mutating func closeCamera() -> [Effect] {
        interaction = Self.removingCamera(from: interaction)
        layOut()
        return [.camera(.close)]
    }

    private static func removingCamera(from interaction: Interaction) -> Interaction {
        switch interaction {
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
            switch interaction {
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
                return closeCamera() + handle(event, at: time)
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
            if let pressed = toolbarPointer.pressed, let button = toolbarButton(at: p), button.name == pressed {
                if case .camera = button.action { return toolbarUp(p, at: time) ?? [] }
                if Self.needsPreview(button.action) { return closeCamera() + handle(event, at: time) }
            }
            return underCamera { $0.route(event, at: time) }
        case .secondaryDown(let p, _):
            // A page's menu from its thumbnail; the live picture has none.
            guard geometry.thumbnails.contains(p) else { return [] }
            return underCamera { $0.route(event, at: time) }
        case .secondaryUp:
            return underCamera { $0.route(event, at: time) }
        case .wheel:
            guard geometry.thumbnails.contains(gestures.pointer) else { return [] }
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
        guard case .camera(let view, let under) = interaction else { return body(&self) }
        interaction = under
        let effects = body(&self)
        interaction = interaction.wrapped(inCamera: view)
        return effects
    }

    // MARK: The host's news

    mutating func cameraNews(_ news: CameraNews, at time: Double) -> [Effect] {
        guard interaction.camera != nil else {
            // A page kept after the view closed is still a page taken.
            if case .taken(let page) = news { underPrompt { $0.enqueue(.insert([page]), at: time) } }
            return []
        }
        var effects: [Effect] = []
        switch news {
        case .opened(let info):
            updateCamera { $0.opened(info) }
        case .looked(let look):
            var take: CameraTake?
            updateCamera { take = $0.looked(look, at: time) }
            if let take { effects.append(.camera(.take(take))) }
        case .taken(let page):
            let number: Int? = if case .camera(_, let n) = page.source { n } else { nil }
            updateCamera { $0.arrived(page, number: number, at: time) }
            underPrompt { $0.enqueue(.insert([page]), at: time) }
        case .failed(let message):
            let line = message.shown
            // A camera that would not open: the view says so where its picture would be, for as
            // long as it is open. A take that could not be kept: the status line, once.
            let starting = interaction.camera?.phase == .starting
            updateCamera { $0.failed(line) }
            if !starting { notices.post(line, at: time) }
        case .stopped(let message):
            // Said over the last picture for as long as the view is open.
            updateCamera { $0.stopped(message.shown) }
        }
        return effects
    }

    /// After every tick: the flash fades and the flights land.
    mutating func tickCamera(at time: Double) {
        guard interaction.camera?.isAnimating == true else { return }
        updateCamera { $0.tick(at: time) }
    }
}

extension Interaction {
    /// This interaction with the camera view over it; a quit prompt or a dialog on top stays on top.
    func wrapped(inCamera view: CameraView) -> Interaction {
        switch self {
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
