import CSDL2

/// The desktop's clipboard (SDL's), for Ctrl+C.
public enum Clipboard {
    /// Puts `text` on the clipboard; false when the desktop refused it (no window system).
    @discardableResult
    public static func set(_ text: String) -> Bool { SDL_SetClipboardText(text) == 0 }
}
