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

/// A room `FeatureRooms` keeps: a type naming its state and what it starts as.
protocol KeptRoom {
    associatedtype State: Sendable
    static var initialState: State { get }
}
