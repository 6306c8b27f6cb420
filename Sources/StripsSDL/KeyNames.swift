import CSDL2
import StripsCore

/// SDL keys as the scenes name them: a key's name is SDL's own (SDL_GetKeyName), lower-cased,
/// read into `Key.Name`; the names are defined once, there.
public enum KeyNames {
    static func name(for keycode: SDL_Keycode) -> Key.Name {
        guard let raw = SDL_GetKeyName(keycode) else { return .other }
        return Key.Name(rawValue: String(cString: raw).lowercased()) ?? .other
    }

    /// A script's key name, read as SDL_GetKeyFromName reads it; nil when SDL knows no such key.
    public static func resolve(_ name: String, ctrl: Bool, shift: Bool) -> Key? {
        let keycode = SDL_GetKeyFromName(name)
        guard keycode != SDLK_UNKNOWN.rawValue else { return nil }
        return Key(self.name(for: keycode), ctrl: ctrl, shift: shift)
    }

    /// The keys held now, for a pointer press or a wheel turn.
    static func modifiers() -> Modifiers {
        let mod = SDL_GetModState().rawValue
        var modifiers: Modifiers = []
        if mod & KMOD_SHIFT.rawValue != 0 { modifiers.insert(.shift) }
        if mod & (KMOD_CTRL.rawValue | KMOD_GUI.rawValue) != 0 { modifiers.insert(.ctrl) }
        if mod & KMOD_ALT.rawValue != 0 { modifiers.insert(.alt) }
        return modifiers
    }

    static func key(from event: SDL_KeyboardEvent) -> Key {
        let mod = UInt32(event.keysym.mod)
        return Key(
            name(for: event.keysym.sym),
            ctrl: mod & UInt32(KMOD_CTRL.rawValue) != 0 || mod & UInt32(KMOD_GUI.rawValue) != 0,
            shift: mod & UInt32(KMOD_SHIFT.rawValue) != 0,
            alt: mod & UInt32(KMOD_ALT.rawValue) != 0,
            isRepeat: event.repeat != 0)
    }
}
