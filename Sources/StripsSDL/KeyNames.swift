import CSDL2
import StripsCore

/// SDL keys as the scenes name them.
public enum KeyNames {
    static func name(for keycode: SDL_Keycode) -> Key.Name {
        switch Int(keycode) {
        case Int(SDLK_LEFT.rawValue): return .left
        case Int(SDLK_RIGHT.rawValue): return .right
        case Int(SDLK_UP.rawValue): return .up
        case Int(SDLK_DOWN.rawValue): return .down
        case Int(SDLK_HOME.rawValue): return .home
        case Int(SDLK_END.rawValue): return .end
        case Int(SDLK_DELETE.rawValue): return .delete
        case Int(SDLK_BACKSPACE.rawValue): return .backspace
        case Int(SDLK_ESCAPE.rawValue): return .escape
        case Int(SDLK_z.rawValue): return .z
        case Int(SDLK_y.rawValue): return .y
        case Int(SDLK_q.rawValue): return .q
        case Int(SDLK_f.rawValue): return .f
        case Int(SDLK_m.rawValue): return .m
        case Int(SDLK_d.rawValue): return .d
        default: return .other
        }
    }

    /// A script's key name, read as SDL_GetKeyFromName reads it; nil when SDL knows no such key.
    public static func resolve(_ name: String, ctrl: Bool, shift: Bool) -> Key? {
        let keycode = SDL_GetKeyFromName(name)
        guard keycode != SDLK_UNKNOWN.rawValue else { return nil }
        return Key(self.name(for: keycode), ctrl: ctrl, shift: shift)
    }

    static func key(from event: SDL_KeyboardEvent) -> Key {
        let mod = UInt32(event.keysym.mod)
        return Key(
            name(for: event.keysym.sym),
            ctrl: mod & UInt32(KMOD_CTRL.rawValue) != 0 || mod & UInt32(KMOD_GUI.rawValue) != 0,
            shift: mod & UInt32(KMOD_SHIFT.rawValue) != 0)
    }
}
