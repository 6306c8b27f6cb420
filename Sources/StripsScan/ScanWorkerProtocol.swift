import Foundation
import StripsPictures

/// The scan worker's protocol (docs/SCANNING.md, "The scan worker"): the app never calls SANE
/// itself; `strips-scan-probe --worker` does, in a process of its own, so a driver that hangs
/// or crashes costs that process, never the window. Both directions are lines of JSON, one
/// message a line; a `rows` message is followed by exactly `bytes` bytes of pixels (the band's
/// rows, packed, 1 byte a pixel for grey, 3 for RGB).
///
///     app -> worker   {"op":"list"}
///                     {"op":"describe","device":"test:0"}
///                     {"op":"scan","settings":{...ScanSettings},"firstNumber":4,"readTimeout":30}
///                     {"op":"cancel"}
///                     end of input: the worker cancels what it does and exits
///     worker -> app   {"event":"alive"}                        every second, from its own thread
///                     {"event":"devices","devices":[{"name":..,"vendor":..,"model":..,"type":..}]}
///                     {"event":"offers","device":..,"sources":[..],"modes":[..],"resolutions":[..],"area":[w,h]}
///                     {"event":"applied","line":"Flatbed Gray 150 dpi","notes":[adjustments]}
///                     {"event":"started","page":1,"name":"Scan 4","width":..,"height":..,"format":"grey"}
///                     {"event":"rows","page":1,"first":0,"count":9,"bytes":11016,"arrived":NS} + bytes
///                     {"event":"finished","page":1,"name":"Scan 4","width":..,"height":..}
///                     {"event":"cut","page":2,"name":"Scan 5","rows":40,"stop":"fault","line":..}
///                     {"event":"ended","stop":"finished|cancelled|fault","line":..,"pages":1}
///                     {"event":"fault","op":"list|describe","device":..,"line":..}
///
/// `arrived` is when `sane_read` returned the bytes that completed the band, in nanoseconds of
/// CLOCK_MONOTONIC (the same clock in both processes), so the app measures arrival to screen.
public enum ScanWorkerProtocol {
    /// A band larger than this is not one a worker sends (a 1200 dpi A3 colour row is 42 KB).
    public static let maxBandBytes = 64 << 20
    /// A line longer than this is not one a worker sends.
    public static let maxLineBytes = 1 << 20

    /// A request, app to worker.
    public struct Request: Codable, Hashable, Sendable {
        public enum Op: String, Codable, Sendable { case list, describe, scan, cancel }

        public var op: Op
        public var device: String?
        public var settings: ScanSettings?
        public var firstNumber: Int?
        /// Seconds a `sane_read` may take before the scan stops with a time-out.
        public var readTimeout: Double?

        public init(op: Op, device: String? = nil, settings: ScanSettings? = nil, firstNumber: Int? = nil, readTimeout: Double? = nil) {
            self.op = op
            self.device = device
            self.settings = settings
            self.firstNumber = firstNumber
            self.readTimeout = readTimeout
        }
    }

    /// A message, worker to app: one flat object, the fields its `event` uses.
    public struct Message: Codable, Hashable, Sendable {
        public enum Event: String, Codable, Sendable {
            case alive, devices, offers, applied, started, rows, finished, cut, ended, fault
        }

        public var event: Event
        public var devices: [ScannerInfo]?
        public var device: String?
        public var sources: [String]?
        public var modes: [String]?
        public var resolutions: [Int]?
        /// The largest page, width and height in mm.
        public var area: [Double]?
        public var page: Int?
        public var name: String?
        public var width: Int?
        public var height: Int?
        /// `grey` or `rgb`.
        public var format: String?
        public var first: Int?
        public var count: Int?
        public var bytes: Int?
        public var arrived: UInt64?
        public var rows: Int?
        /// `finished`, `cancelled`, `fault`.
        public var stop: String?
        public var line: String?
        public var pages: Int?
        public var notes: [String]?
        /// For `fault`: the request it answers (`list`, `describe`, `scan`).
        public var op: String?

        public init(_ event: Event) { self.event = event }
    }

    public static func encode<T: Encodable>(_ value: T) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var bytes = (try? Array(encoder.encode(value))) ?? Array("{}".utf8)
        bytes.append(0x0A)
        return bytes
    }

    public static func decode<T: Decodable>(_ type: T.Type, _ line: some Collection<UInt8>) -> T? {
        try? JSONDecoder().decode(type, from: Data(line))
    }

    /// CLOCK_MONOTONIC now, in nanoseconds.
    public static func monotonicNow() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }
}

/// Reads a worker's messages from a pipe: lines, and the bytes after a `rows` line. One thread
/// reads; nothing here blocks another.
public struct ScanWorkerReader {
    private let fd: Int32
    private var buffer: [UInt8] = []
    private var start = 0

    public init(fd: Int32) { self.fd = fd }

    /// The next message and its band (for `rows`), nil at the end of the stream or on nonsense
    /// (a line too long, a band of a size no worker sends, a line that is not a message).
    public mutating func next() -> (ScanWorkerProtocol.Message, [UInt8]?)? {
        guard let line = readLine(), let message = ScanWorkerProtocol.decode(ScanWorkerProtocol.Message.self, line) else { return nil }
        guard message.event == .rows else { return (message, nil) }
        guard let count = message.bytes, count >= 0, count <= ScanWorkerProtocol.maxBandBytes, let band = read(count) else { return nil }
        return (message, band)
    }

    /// The next line (without its newline), nil at the end of the stream or past the longest line.
    public mutating func nextLine() -> [UInt8]? { readLine().map(Array.init) }

    private mutating func readLine() -> ArraySlice<UInt8>? {
        // Bytes after `start` already searched (`fill` may move what is kept to the front).
        var searched = 0
        while true {
            if let newline = buffer[(start + searched)...].firstIndex(of: 0x0A) {
                let line = buffer[start..<newline]
                start = newline + 1
                return line
            }
            searched = buffer.count - start
            guard searched <= ScanWorkerProtocol.maxLineBytes, fill() else { return nil }
        }
    }

    private mutating func read(_ count: Int) -> [UInt8]? {
        while buffer.count - start < count {
            guard fill() else { return nil }
        }
        let bytes = Array(buffer[start..<start + count])
        start += count
        return bytes
    }

    /// More bytes from the pipe; false at its end.
    private mutating func fill() -> Bool {
        if start > 0, start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        } else if start > 1 << 20 {
            buffer.removeFirst(start)
            start = 0
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return false }
            buffer.append(contentsOf: chunk[0..<n])
            return true
        }
    }
}

/// Writes whole messages to a pipe, one writer at a time.
public final class ScanWorkerWriter: @unchecked Sendable {
    private let fd: Int32
    private let lock = NSLock()
    private var broken = false

    public init(fd: Int32) { self.fd = fd }

    /// False once the other end is gone.
    @discardableResult
    public func send(_ bytes: [UInt8], then payload: [UInt8]? = nil) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !broken else { return false }
        if !writeAll(bytes) || !(payload.map(writeAll) ?? true) { broken = true }
        return !broken
    }

    private func writeAll(_ bytes: [UInt8]) -> Bool {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { raw in raw.baseAddress.map { Glibc.write(fd, $0 + done, raw.count - done) } ?? -1 }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return false }
            done += n
        }
        return true
    }
}
