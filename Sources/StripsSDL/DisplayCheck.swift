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
    /// (SDL_VIDEODRIVER=dummy or offscreen, as tests do). Call before SDL's video is started.
    public static func requireDisplay(environment: [String: String] = ProcessInfo.processInfo.environment) throws(SDLError) {
        if let asked = environment["SDL_VIDEODRIVER"], !asked.isEmpty { return }
        if environment["XDG_RUNTIME_DIR", default: ""].isEmpty && !environment["WAYLAND_DISPLAY", default: ""].hasPrefix("/") {
            // Wayland cannot be reached then, and libwayland would print its own complaint on
            // standard error while failing: try only the drivers that can still show a window.
            SDL_SetHint(SDL_HINT_VIDEODRIVER, "x11,kmsdrm")
        }
        guard SDL_VideoInit(nil) == 0 else { throw SDLError(message: noDisplayMessage) }
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
        // The real start comes after, through SDL_Init, which keeps its own count of users.
        SDL_VideoQuit()
        if invisibleDrivers.contains(driver) { throw SDLError(message: noDisplayMessage) }
    }
}
