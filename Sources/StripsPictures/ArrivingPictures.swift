import Foundation

/// Pictures still arriving, by the path their file will have: a page being scanned. The one
/// stream of a scan's rows, owned by the scan host, which fills each picture row band by row band
/// as the scanner sends it (too many bytes, too often, to travel through the scene as events);
/// the program hands the same stream to the renderer (`TextureOptions.arriving`), which draws
/// what has come so far (uploading only the rows that are new) until the page's file is written.
/// The scene only hears that a page started, finished or was cut short (`ScanUpdate`). Any
/// thread; every call is short (a band's copy under a lock).
public final class ArrivingPictures: @unchecked Sendable {

    /// What has arrived of one picture.
    public struct Progress: Hashable, Sendable {
        public var width: Int
        /// Rows the picture has now (the device's announced height, or a guess that grows).
        public var height: Int
        public var format: PixelBuffer.Format
        /// Rows filled from the top, contiguous.
        public var rows: Int
        /// Rises with every band, so a reader knows when to look again.
        public var revision: Int
        /// All rows are in.
        public var isComplete: Bool
        /// No more rows will come and no file will be written: what came is all there is.
        public var isCut: Bool
        /// Which picture of this path (a path whose page was cut short can be given to another).
        public var serial: Int
    }

    private final class Entry {
        var pixels: PixelBuffer
        var rows = 0
        var revision = 0
        var complete = false
        var cut = false
        let serial: Int
        /// When the oldest band not yet drawn left the scanner (CLOCK_MONOTONIC ns).
        var oldestUndrawn: UInt64?

        init(_ pixels: PixelBuffer, serial: Int) {
            self.pixels = pixels
            self.serial = serial
        }
    }

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private var serials = 0

    public init() {}

    /// A picture starts: `height` rows of paper-white (a guess when the device cannot know).
    public func begin(_ path: String, width: Int, height: Int, format: PixelBuffer.Format) {
        let pixels = PixelBuffer(width: width, height: max(1, height), format: format, filledWith: 255)
        lock.lock()
        serials += 1
        entries[path] = Entry(pixels, serial: serials)
        lock.unlock()
    }

    /// Rows at `first` (a three-pass page sends each row once a colour: later bands refill it).
    /// The picture grows when they go past its end (a device that did not know the height).
    public func add(_ path: String, first: Int, band: PixelBuffer, arrived: UInt64) {
        lock.lock()
        defer { lock.unlock() }
        guard let entry = entries[path], band.width == entry.pixels.width, band.format == entry.pixels.format, first >= 0 else { return }
        let end = first + band.height
        if end > entry.pixels.height { entry.pixels = Self.grown(entry.pixels, to: max(end, entry.pixels.height * 3 / 2)) }
        let stride = entry.pixels.bytesPerRow
        entry.pixels.bytes.withUnsafeMutableBytes { out in
            band.bytes.withUnsafeBytes { rows in
                guard let target = out.baseAddress, let source = rows.baseAddress else { return }
                (target + first * stride).copyMemory(from: source, byteCount: min(rows.count, band.height * stride))
            }
        }
        if first <= entry.rows { entry.rows = max(entry.rows, end) }
        entry.revision += 1
        entry.oldestUndrawn = min(entry.oldestUndrawn ?? arrived, arrived)
    }

    /// Every row is in: the picture at its final height, kept until `remove`.
    public func finish(_ path: String, height: Int) -> PixelBuffer? {
        lock.lock()
        defer { lock.unlock() }
        guard let entry = entries[path] else { return nil }
        if height > 0, height != entry.pixels.height { entry.pixels = Self.grown(entry.pixels, to: height) }
        entry.rows = entry.pixels.height
        entry.complete = true
        entry.revision += 1
        return entry.pixels
    }

    /// The page was cut short: no more rows, no file. What came stays to be drawn while the page
    /// leaves (`remove` it after).
    public func cutShort(_ path: String) {
        lock.lock()
        if let entry = entries[path] {
            entry.cut = true
            entry.revision += 1
        }
        lock.unlock()
    }

    /// The picture's file is written (or it will never be): readers go to the file.
    public func remove(_ path: String) {
        lock.lock()
        entries[path] = nil
        lock.unlock()
    }

    public func progress(_ path: String) -> Progress? {
        lock.lock()
        defer { lock.unlock() }
        guard let entry = entries[path] else { return nil }
        return Progress(width: entry.pixels.width, height: entry.pixels.height, format: entry.pixels.format, rows: entry.rows,
                        revision: entry.revision, isComplete: entry.complete, isCut: entry.cut, serial: entry.serial)
    }

    /// Whether no picture is arriving (a renderer keeps drawing frames while one is).
    public var isEmpty: Bool {
        lock.lock()
        defer { lock.unlock() }
        return !entries.values.contains { !$0.cut }
    }

    /// Rows `range` of the picture handed to `body` (packed rows, `bytesPerRow` each) under the
    /// lock, so nothing changes them meanwhile; with the oldest arrival among the bands not yet
    /// handed out, which is then forgotten (the renderer measures arrival to screen with it).
    /// False when there is no such picture or range.
    @discardableResult
    public func withRows(_ path: String, _ range: Range<Int>, _ body: (UnsafeRawBufferPointer, _ bytesPerRow: Int, _ oldestArrival: UInt64?) -> Void) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard let entry = entries[path], range.lowerBound >= 0, range.upperBound <= entry.pixels.height, !range.isEmpty else { return false }
        let stride = entry.pixels.bytesPerRow
        let arrival = entry.oldestUndrawn
        entry.oldestUndrawn = nil
        entry.pixels.bytes.withUnsafeBytes { all in
            body(UnsafeRawBufferPointer(rebasing: all[range.lowerBound * stride..<range.upperBound * stride]), stride, arrival)
        }
        return true
    }

    /// The whole picture as it is now.
    public func pixels(_ path: String) -> PixelBuffer? {
        lock.lock()
        defer { lock.unlock() }
        return entries[path]?.pixels
    }

    private static func grown(_ pixels: PixelBuffer, to height: Int) -> PixelBuffer {
        var bigger = PixelBuffer(width: pixels.width, height: height, format: pixels.format, filledWith: 255)
        let count = min(pixels.bytes.count, bigger.bytes.count)
        bigger.bytes.replaceSubrange(0..<count, with: pixels.bytes[0..<count])
        return bigger
    }
}
