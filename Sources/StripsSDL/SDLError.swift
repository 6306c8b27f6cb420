import CSDL2

/// A failure reported by SDL, with SDL's own explanation.
public struct SDLError: Error, CustomStringConvertible {
    public var description: String

    public init(_ what: String) {
        let reason = String(cString: SDL_GetError())
        description = reason.isEmpty ? what : "\(what): \(reason)"
    }

    public init(message: String) { description = message }
}

/// SDL and SDL_ttf are process-wide; they are started once, on the main thread.
public enum SDLSystem {
    nonisolated(unsafe) private static var started = false

    public static func start(video: Bool) throws {
        if started {
            // Started headless (screenshots, tests) and now asked for a window: add video alone.
            if video && SDL_WasInit(UInt32(SDL_INIT_VIDEO)) == 0 {
                guard SDL_InitSubSystem(UInt32(SDL_INIT_VIDEO | SDL_INIT_EVENTS)) == 0 else { throw SDLError("SDL video could not start") }
            }
            return
        }
        // Fingers arrive as finger events; SDL's synthetic mouse events from them would double them.
        SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "0")
        SDL_SetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1")
        WindowClass.apply()
        let flags = video ? UInt32(SDL_INIT_VIDEO | SDL_INIT_EVENTS) : UInt32(0)
        guard SDL_Init(flags) == 0 else { throw SDLError("SDL could not start") }
        guard TTF_Init() == 0 else { throw SDLError("SDL_ttf could not start") }
        started = true
    }
}
