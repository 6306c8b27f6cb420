import Foundation

/// The last few frames shown, kept for a take: the scene asks for the frame it looked at, which
/// by the time the ask arrives may be a frame or two old. Any thread.
final class RecentFrames: @unchecked Sendable {
    private let lock = NSLock()
    private var frames: [any TakenFrame] = []
    /// A second of 8 fps or a fifth of 30 fps: more than a take waits.
    static let kept = 6

    func add(_ frame: any TakenFrame) {
        lock.lock()
        frames.append(frame)
        if frames.count > Self.kept { frames.removeFirst(frames.count - Self.kept) }
        lock.unlock()
    }

    /// Frame `index`, else the newest kept (with its own index).
    func frame(_ index: Int) -> (any TakenFrame)? {
        lock.lock()
        defer { lock.unlock() }
        return frames.last { $0.index == index } ?? frames.last
    }

    func removeAll() {
        lock.lock()
        frames.removeAll()
        lock.unlock()
    }
}
