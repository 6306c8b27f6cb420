import Foundation

/// The newest picture of a live source (the camera view's): the host hands each frame in as it
/// comes, the renderer takes it only when it is newer than the one it drew, into one texture.
/// Older frames are simply replaced: nothing queues, so a slow screen never holds up the camera,
/// nor the camera the screen. Any thread; both calls are short.
public final class LivePicture: @unchecked Sendable {
    private let lock = NSLock()
    private var pixels: PixelBuffer?
    private var serial = 0
    private var drawnSize: (Int, Int)?

    public init() {}

    /// The pixels the picture is drawn at (the renderer says, as it draws): the host need make
    /// it no larger. Nil until it has been drawn (the frame's own size, then).
    public var wanted: (Int, Int)? {
        get {
            lock.lock()
            defer { lock.unlock() }
            return drawnSize
        }
        set {
            lock.lock()
            drawnSize = newValue
            lock.unlock()
        }
    }

    /// The newest frame (BGRA); it replaces the one before, drawn or not.
    public func show(_ frame: PixelBuffer) {
        lock.lock()
        pixels = frame
        serial += 1
        lock.unlock()
    }

    /// No picture (the camera closed): the renderer lets its texture go.
    public func clear() {
        lock.lock()
        pixels = nil
        serial += 1
        lock.unlock()
    }

    /// The picture if it changed since `seen` (the serial the caller drew last): the pixels (nil:
    /// cleared) and the new serial.
    public func newer(than seen: Int) -> (pixels: PixelBuffer?, serial: Int)? {
        lock.lock()
        defer { lock.unlock() }
        return serial == seen ? nil : (pixels, serial)
    }
}
