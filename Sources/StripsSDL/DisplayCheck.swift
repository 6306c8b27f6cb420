import CSDL2
import Foundation

/// Whether a live window can be seen. Without a display SDL may fall back to a driver that draws
/// nowhere (offscreen), and the app would run forever without a word; this says so at once instead.
public enum DisplayCheck {
    /// Drivers that open no window anyone can see.
    static let invisibleDrivers: Set<String> = ["offscreen", "dummy"]

    /// The one line said when there is no display.
    public static let noDisplayMessage =
        "no display to open a window on (DISPLAY and WAYLAND_DISPLAY name no reachable server); to run without one, use --script FILE (headless mode, see --help)"

    /// Throws unless a real video driver can start, or a driver was asked for by name
    /// (SDL_VIDEODRIVER=dummy or offscreen, as tests do). Call before SDLSystem.start.
    public static func requireDisplay(environment: [String: String] = ProcessInfo.processInfo.environment) throws(SDLError) {
        if let asked = environment["SDL_VIDEODRIVER"], !asked.isEmpty { return }
        if environment["XDG_RUNTIME_DIR", default: ""].isEmpty && !environment["WAYLAND_DISPLAY", default: ""].hasPrefix("/") {
            // Wayland cannot be reached then, and libwayland would print its own complaint on
            // standard error while failing: name the one driver that can still show a window
            // (SDL 2.26 takes a single name here, not a list).
            SDL_SetHint(SDL_HINT_VIDEODRIVER, environment["DISPLAY", default: ""].isEmpty ? "kmsdrm" : "x11")
        }
        // The video driver reads the window's class when it starts, which is here.
        WindowClass.apply()
        // Started through the subsystem count and left running when it is real: SDLSystem.start
        // then only counts one more user (SDL 2.26 cannot start X11 again after quitting it).
        guard SDL_InitSubSystem(UInt32(SDL_INIT_VIDEO | SDL_INIT_EVENTS)) == 0 else { throw SDLError(message: noDisplayMessage) }
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
        if invisibleDrivers.contains(driver) {
            SDL_QuitSubSystem(UInt32(SDL_INIT_VIDEO | SDL_INIT_EVENTS))
            throw SDLError(message: noDisplayMessage)
        }
    }
}
