import StripsCore

/// The Photos scene's registered features, one line a feature: the scene keeps their states
/// (`FeatureRooms`), hands them their keys and their hosts' answers, and the host list makes their
/// hosts. Adding a feature is its folder and its line here (README, "Adding a feature").
public enum PhotosFeatures {
    package static var registered: [any RegisteredFeature.Type] {
        [
        ]
    }

    /// Their keys' rows, as the editor's table takes them (after its own).
    package static var keyRows: [KeyRow<EditorKey>] { registered.flatMap { $0.editorRows } }

    /// Their hosts, in the order they are registered.
    public static func hosts(_ services: HostServices) -> [any FeatureHost] { registered.compactMap { $0.host(services) } }
}
