import CSDL2
import Foundation
import StripsCore

/// The window's class, so the desktop ties it to the installed desktop entry (its icon in the
/// dock, its windows grouped): X11's WM_CLASS and Wayland's app_id both equal the entry's name.
/// SDL 2 reads them from the environment, not from hints, when its video driver starts
/// (SDL_VIDEO_X11_WMCLASS; SDL_VIDEO_WAYLAND_WMCLASS, falling back to the X11 one); unset, it
/// would use the executable's name, `strips`, which names no entry.
enum WindowClass {
    /// Before SDL's video starts (DisplayCheck, SDLSystem). A class set in the environment is kept.
    static func apply() {
        setenv("SDL_VIDEO_X11_WMCLASS", AppID.string, 0)
        setenv("SDL_VIDEO_WAYLAND_WMCLASS", AppID.string, 0)
        // The name SDL gives the desktop where it asks for one (a screensaver inhibition, audio).
        SDL_SetHint(SDL_HINT_APP_NAME, "Strips")
    }
}
