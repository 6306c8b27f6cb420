import StripsCore
import StripsPhotosFeatures

/// The parts of `PhotosScene`'s state that are groups of values rather than a feature's room:
/// what the host gives it, the strips, the rooms kept by their type (the pointer's and every
/// registered feature's) and the batches' judgements. The scene reads
/// their members by the names they always had (the accessors below), so the features' code reads
/// as before while the scene holds a handful of fields.

/// What the host gives the editor and the editor mostly only reads: a resize changes the window,
/// a `.tune` event the numbers, a save the first document's name.
public struct PhotosSetup: Sendable {
    public let documentName: String
    public var windowSize: Size
    /// Every number of the design; a `.tune` event replaces it and the strips are laid out again.
    public var tuning = Tuning.defaults
    /// What the first document is saved as (`--output`'s name), for the strip's labels; nil: the
    /// document's name.
    public var outputName: String?
    /// The languages a page's menu offers to read it in (Tesseract's installed ones); empty when
    /// text is not recognised (`--ocr off`), and the menu offers none.
    public var readingLanguages: [String] = []
    let measurer: any TextMeasurer
}

/// The pointer: presses, drags, taps, double-clicks and holds, and the toolbar's part of it; a
/// room of `FeatureRooms`.
public struct PointerState: Sendable, KeptRoom {
    var gestures = Gestures()
    /// The pointer on the toolbar: the button it rests on, the one pressed.
    public var toolbar = ToolbarFeature.State()

    package static let initialState = PointerState()
}

/// Rooms kept by their type rather than a field each: the pointer's and every registered
/// feature's (`PhotosFeatures.registered`), so a new feature's state needs no line in the scene.
/// A room not yet changed reads as its initial state.
public struct FeatureRooms: Sendable {
    private var states: [ObjectIdentifier: any Sendable] = [:]

    /// The room of type `Room`.
    subscript<Room: KeptRoom>(_ room: Room.Type) -> Room.State {
        get { states[ObjectIdentifier(room)] as? Room.State ?? Room.initialState }
        _modify {
            // Taken out while it changes, so a room holding large values is not copied.
            var state = states.removeValue(forKey: ObjectIdentifier(room)) as? Room.State ?? Room.initialState
            defer { states[ObjectIdentifier(room)] = state }
            yield &state
        }
    }
}

extension PhotosScene {
    public var documentName: String { setup.documentName }
    public internal(set) var windowSize: Size {
        get { setup.windowSize }
        _modify { yield &setup.windowSize }
    }
    public internal(set) var tuning: Tuning {
        get { setup.tuning }
        _modify { yield &setup.tuning }
    }
    public var outputName: String? {
        get { setup.outputName }
        _modify { yield &setup.outputName }
    }
    public var readingLanguages: [String] {
        get { setup.readingLanguages }
        _modify { yield &setup.readingLanguages }
    }
    var measurer: any TextMeasurer { setup.measurer }

    public internal(set) var focusIndex: Int {
        get { strips.focusIndex }
        _modify { yield &strips.focusIndex }
    }
    public internal(set) var queue: [EditorCommand] {
        get { strips.queue }
        _modify { yield &strips.queue }
    }
    public internal(set) var preview: Strip<PreviewLayout> {
        get { strips.preview }
        _modify { yield &strips.preview }
    }
    public internal(set) var thumbnails: Strip<ThumbnailLayout> {
        get { strips.thumbnails }
        _modify { yield &strips.thumbnails }
    }
    public internal(set) var expanding: ExpandingRate {
        get { strips.expanding }
        _modify { yield &strips.expanding }
    }

    var gestures: Gestures {
        get { rooms[PointerState.self].gestures }
        _modify { yield &rooms[PointerState.self].gestures }
    }
    public internal(set) var toolbarPointer: ToolbarFeature.State {
        get { rooms[PointerState.self].toolbar }
        _modify { yield &rooms[PointerState.self].toolbar }
    }

    public internal(set) var judging: Judging {
        get { findings.batches.judging }
        _modify { yield &findings.batches.judging }
    }
    var splitCache: SplitCache {
        get { findings.batches.split }
        _modify { yield &findings.batches.split }
    }

    public internal(set) var wantsToQuit: Bool {
        get { transfers.saving.wantsToQuit }
        _modify { yield &transfers.saving.wantsToQuit }
    }
}
