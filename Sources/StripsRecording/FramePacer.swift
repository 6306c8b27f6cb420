/// Picks which rendered frames a recording keeps and how long each is shown.
///
/// The app renders at 60 Hz but a GIF at 30 fps is half the size and looks the same; frames are
/// chosen by their scene timestamps, never the wall clock, so a headless run records the same
/// frames every time. GIF delays are whole centiseconds: a frame's delay is the difference of its
/// slot's and the next slot's start rounded down to centiseconds, which at 30 fps alternates
/// 3, 3, 4 and keeps the total time exact instead of drifting by 1/300 s a frame.
public struct FramePacer: Hashable, Sendable {
    public let framesPerSecond: Int
    private var origin: Double?
    private var lastSlot: Int?

    public init(framesPerSecond: Int = 30) {
        precondition((1...100).contains(framesPerSecond), "GIF delays need 1...100 frames per second")
        self.framesPerSecond = framesPerSecond
    }

    /// The slot a frame at `time` (seconds) falls in, if it starts a slot not yet taken.
    public func slot(at time: Double) -> Int? {
        guard let origin else { return 0 }
        // A hair of slack so 2/60 s lands in slot 1 despite floating-point error.
        let slot = Int(((time - origin) * Double(framesPerSecond) + 1e-6).rounded(.down))
        guard let lastSlot else { return slot }
        return slot > lastSlot ? slot : nil
    }

    /// Claims the slot for a frame at `time`; nil when the frame is not needed.
    public mutating func take(at time: Double) -> Int? {
        if origin == nil { origin = time }
        guard let slot = slot(at: time) else { return nil }
        lastSlot = slot
        return slot
    }

    /// Centiseconds from the recording's start to the start of `slot`.
    public func centiseconds(atSlot slot: Int) -> Int { slot * 100 / framesPerSecond }

    /// The GIF delay of a frame shown from `slot` until `next`.
    public func delay(fromSlot slot: Int, to next: Int) -> Int {
        centiseconds(atSlot: next) - centiseconds(atSlot: slot)
    }
}
