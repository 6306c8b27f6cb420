import StripsCore
import StripsPhotosFeatures

/// The parts of `PhotosScene`'s state that are groups of values rather than a feature's room:
/// what the host gives it and the rooms (the pointer's, and every registered feature's kept by
/// its type). The scene reads every member through its group (`setup.tuning`,
/// `rooms.pointer.gestures`): no accessor stands between a door and the value it reads.

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

/// The pointer: presses, drags, taps, double-clicks and holds, and the toolbar's part of it.
public struct PointerState: Sendable {
    var gestures = Gestures()
    /// The pointer on the toolbar: the button it rests on, the one pressed.
    public var toolbar = ToolbarFeature.State()
}

/// The rooms: the pointer's, always there, and every registered feature's
/// (`PhotosFeatures.registered`) kept by its type rather than a field each, so a new feature's
/// state needs no line in the scene. A registered room not yet changed reads as its initial state.
public struct FeatureRooms: Sendable {
    /// The pointer's room, read on every input and by the command queue (is a drag under way).
    public internal(set) var pointer = PointerState()
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

/// What the command line sets before the first frame: the name `--output` saves as, and the
/// languages `--ocr` reads in.
extension PhotosScene {
    public var outputName: String? {
        get { setup.outputName }
        set { setup.outputName = newValue }
    }
    public var readingLanguages: [String] {
        get { setup.readingLanguages }
        set { setup.readingLanguages = newValue }
    }
}
