import CSDL2

/// Wakes the live loop from its sleep, from any thread: an SDL event of our own, which the loop
/// takes as "look again" (a host with news, such as a scanner's, posts one).
public enum LoopWaker {
    private static let type: UInt32 = SDL_RegisterEvents(1)

    public static func wake() {
        guard type != UInt32.max else { return }
        var event = SDL_Event()
        event.type = type
        SDL_PushEvent(&event)
    }
}
