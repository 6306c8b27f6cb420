/// What the recorder's worker feeds frames to, in slot order, on its own thread. The GIF file
/// is one; tests give a stand-in to watch the queue.
public protocol FrameEncoder: AnyObject, Sendable {
    func encode(_ frame: RecordedFrame) throws
    /// The last frame is in: complete the output.
    func finish() throws
    /// Give up: leave nothing behind.
    func abort()
}
