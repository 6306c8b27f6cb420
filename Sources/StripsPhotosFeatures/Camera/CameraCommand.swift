import StripsCore

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
        guard let command = Self.table.action(for: key) else { return nil }
        self = command
    }

    public static let table = KeyTable<CameraCommand>([
        KeyRow(.scanning, tr("Take now"), tr("takes the frame shown now as a page, with the page found in it or whole"),
               [(KeyChord(.space, ctrl: .no, shift: .no, alt: .no), .takeNow)], context: tr("Camera view")),
        KeyRow(.scanning, tr("Take by itself"), tr("pages are taken by themselves as they come to rest, or not"),
               [(KeyChord(.a, ctrl: .no, shift: .no, alt: .no), .toggleAutoTake)], context: tr("Camera view")),
        KeyRow(.scanning, tr("Close"), tr("closes the camera view"),
               [(KeyChord(.k, ctrl: .yes, shift: .either, alt: .either), .toggle), (.any(.escape), .toggle)], context: tr("Camera view")),
    ])
}
