/// What the camera's keys ask for, in one table, and what a toolbar button calls
/// (`PhotosScene.camera(_:at:)`): the view on and off, taking the frame now, taking by itself on
/// and off.
public enum CameraCommand: Hashable, Sendable {
    /// Ctrl+K (and Escape in the view): the view opens, or closes.
    case toggle
    /// Space in the view: the frame shown now becomes a page, with the page found in it or whole.
    case takeNow
    /// A in the view: pages are taken by themselves when they come to rest, or not.
    case toggleAutoTake

    /// The keys the view answers itself while it is open; nil for the keys that go on to the
    /// editor underneath (the thumbnail strip's, undo, delete, save...). Ctrl+K is the editor's
    /// (`EditorKey`) when the view is closed.
    public init?(inView key: Key) {
        switch (key.name, key.ctrl, key.shift, key.alt) {
        case (.k, true, _, _), (.escape, _, _, _): self = .toggle
        case (.space, false, false, false): self = .takeNow
        case (.a, false, false, false): self = .toggleAutoTake
        default: return nil
        }
    }
}
