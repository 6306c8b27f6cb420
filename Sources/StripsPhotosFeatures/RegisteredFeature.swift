import StripsCore

/// A feature the scene knows by one line in its registry (`PhotosFeatures.registered`) and by
/// nothing else: its state is kept by its type (`FeatureRooms`), its keys are rows of its own
/// (each chord asking for one of its own actions) joined to the editor's table, so the handling,
/// the keys overlay, the man page and the menus' shortcuts all read them; its host's answers come
/// back to it as its own actions, and its host, if it has one, is made by the host list from what
/// the program hands every host. Its reducer takes its own state `inout` and the scene's facts as
/// values (`FeatureFacts`); what it wants of the rest (a line, a request to its host, an edit, a
/// command) goes out as `PhotosOutput`s, which the scene routes as every room's.
/// (It is `PhotosFeature`'s shape with the facts for its context; `package`, as the scene's door
/// in the scene's module calls it.)
package protocol RegisteredFeature: KeptRoom {
    associatedtype Action: Hashable & Sendable
    static func reduce(into state: inout State, action: Action, context: FeatureFacts) -> [PhotosOutput]
    /// Its keys: the editor's table takes them after its own rows (a chord the editor has wins).
    static var keys: [KeyRow<Action>] { get }
    /// The action a host's answer asks of it, when the answer is its own (nil: another's).
    static func action(answering answer: any FeatureAnswer) -> Action?
    /// Its side of the host, made with what the program gives every host; nil: it asks none.
    static func host(_ services: HostServices) -> (any FeatureHost)?
}

extension RegisteredFeature {
    package static var keys: [KeyRow<Action>] { [] }
    package static func action(answering answer: any FeatureAnswer) -> Action? { nil }
    package static func host(_ services: HostServices) -> (any FeatureHost)? { nil }

    /// Its rows as the editor's: each chord asks for `.feature` holding the action.
    package static var editorRows: [KeyRow<EditorKey>] {
        keys.map { $0.map { EditorKey.feature(FeatureKey($0)) } }
    }
}

/// A room `FeatureRooms` (in the scene) keeps by its type: its state and what it starts as.
package protocol KeptRoom {
    associatedtype State: Sendable
    static var initialState: State { get }
}

/// What every registered feature is told of the rest of the editor with each action, as values.
package struct FeatureFacts {
    /// The scene's clock, in seconds.
    package var time: Double
    /// The document's pages as they are now.
    package var pages: [Page]
    /// The page in focus, an index into `pages`; -1 when there are none.
    package var focusIndex: Int
    /// The pages selected.
    package var selection: PageSelection
    /// The document's name (the file it was opened from, or the scan's).
    package var documentName: String
    /// The action comes from a held key's repeat.
    package var repeating: Bool

    package init(time: Double, pages: [Page], focusIndex: Int, selection: PageSelection, documentName: String, repeating: Bool) {
        (self.time, self.pages, self.focusIndex, self.selection, self.documentName, self.repeating) =
            (time, pages, focusIndex, selection, documentName, repeating)
    }

    /// The page in focus, if there are pages.
    package var focus: Page? { pages.indices.contains(focusIndex) ? pages[focusIndex] : nil }
}

/// A registered feature's action inside an editor key (`EditorKey.feature`): any feature's, told
/// apart by its type, so the editor's key vocabulary names no registered feature.
public struct FeatureKey: Hashable, Sendable, CustomStringConvertible {
    package let action: any Hashable & Sendable

    package init(_ action: some Hashable & Sendable) { self.action = action }

    public static func == (a: FeatureKey, b: FeatureKey) -> Bool { Self.same(a.action, b.action) }

    private static func same<A: Hashable & Sendable>(_ a: A, _ b: any Hashable & Sendable) -> Bool { (b as? A) == a }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(type(of: action)))
        hasher.combine(action)
    }

    public var description: String { String(describing: action) }
}
