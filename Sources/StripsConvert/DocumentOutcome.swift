import Foundation
import StripsCore

/// One document of a run as `--report` writes it: written, found already written (`--resume`),
/// or failed.
public struct DocumentOutcome: Sendable, Equatable {
    /// The files its pages came from, in order (for a batch that made no document: its files).
    public var inputs: [String]
    public var pages: Int
    /// The document's path; nil when the batch made no document to name.
    public var output: String?
    /// Its size; nil when it was not written.
    public var bytes: Int?
    /// Time spent on it in this run (its text and its saving), seconds.
    public var seconds: Double
    /// Why it was not written; nil when it was.
    public var error: String?
    /// Found already written whole by an earlier run (`--resume`): not written again.
    public var resumed = false

    public init(inputs: [String], pages: Int, output: String?, bytes: Int?, seconds: Double, error: String?, resumed: Bool = false) {
        self.inputs = inputs
        self.pages = pages
        self.output = output
        self.bytes = bytes
        self.seconds = seconds
        self.error = error
        self.resumed = resumed
    }

    /// The report's line: `{"input": [...], "pages": n, "output": ..., "bytes": n, "seconds": s,
    /// "error": ...}`, in that order (plus `"resumed": true` for a document found written).
    public var jsonLine: String {
        var fields = [
            "\"input\": [" + inputs.map(Self.quoted).joined(separator: ", ") + "]",
            "\"pages\": \(pages)",
            "\"output\": " + (output.map(Self.quoted) ?? "null"),
            "\"bytes\": " + (bytes.map(String.init) ?? "null"),
            "\"seconds\": " + String(format: "%.3f", seconds),
            "\"error\": " + (error.map(Self.quoted) ?? "null"),
        ]
        if resumed { fields.append("\"resumed\": true") }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    /// A JSON string, escaped as the trace escapes its strings.
    static func quoted(_ text: String) -> String { JSON.string(text).serialized }
}

/// `--report FILE.jsonl`: a line per document, appended as each is done (a rerun, another shard
/// or a watch adds to it). Each line goes out in one `write` to a file opened for appending, so
/// processes sharing a report on one machine never mix their lines.
public final class ReportLog: @unchecked Sendable {
    private let descriptor: Int32
    private let lock = NSLock()
    public let path: String

    /// Opens (or makes) `path` for appending; nil and why when it cannot be.
    public static func open(_ path: String) -> Result<ReportLog, ReportError> {
        var info = stat()
        // Never a new file under /dev: a typo there would leave a stray file among the devices.
        if path.hasPrefix("/dev/"), lstat(path, &info) != 0 { return .failure(ReportError("--report \(path): no such device")) }
        let fd = Glibc.open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o666)
        guard fd >= 0 else { return .failure(ReportError("--report \(path): cannot be opened (\(String(cString: strerror(errno))))")) }
        return .success(ReportLog(descriptor: fd, path: path))
    }

    private init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    deinit { close(descriptor) }

    /// Appends the outcome's line; false when it could not be written whole.
    @discardableResult
    public func append(_ outcome: DocumentOutcome) -> Bool {
        let bytes = Array((outcome.jsonLine + "\n").utf8)
        return lock.withLock { Self.appendWhole(bytes, to: descriptor) }
    }

    /// Writes `bytes` to `descriptor` (opened with O_APPEND), a short write continued; false when
    /// they could not all be written. One `write` for a line, so lines of processes sharing the
    /// file never mix.
    static func appendWhole<Bytes: ContiguousBytes>(_ bytes: Bytes, to descriptor: Int32) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let n = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { return false }
                written += n
            }
            return true
        }
    }
}

public struct ReportError: Error, Sendable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
