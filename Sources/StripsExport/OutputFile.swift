import Foundation

/// Bytes written by one save. Tests give it a limit past which writes fail as on a full disk,
/// so the failure path runs for real: the same code meets a real ENOSPC.
final class WriteBudget {
    private(set) var written = 0
    let limit: Int?

    init(limit: Int? = nil) { self.limit = limit }

    /// How many of `count` bytes may be written now; fewer means "the disk is full".
    func take(_ count: Int) -> Int {
        let allowed = limit.map { max(0, min(count, $0 - written)) } ?? count
        written += allowed
        return allowed
    }
}

/// A new file written under a temporary name in its final folder: flushed to disk and closed by
/// `finish()`, given its name by `publish`, removed by `discard()`. The first write error is kept
/// and later writes are skipped, so a writer calling back from C (cairo) can simply stop.
final class OutputFile {
    let temporaryPath: String
    /// What error messages name: the destination.
    let subject: String
    private(set) var failure: SaveError?
    private var fd: Int32
    private var pending: [UInt8] = []
    private let budget: WriteBudget
    private static let bufferSize = 1 << 18

    private init(fd: Int32, temporaryPath: String, subject: String, budget: WriteBudget) {
        self.fd = fd
        self.temporaryPath = temporaryPath
        self.subject = subject
        self.budget = budget
        pending.reserveCapacity(Self.bufferSize)
    }

    /// A fresh, empty file in `folder` with a hidden temporary name derived from `finalName`.
    static func create(in folder: String, finalName: String, subject: String, budget: WriteBudget) throws(SaveError) -> OutputFile {
        for _ in 0..<100 {
            if let file = try create(at: "\(folder)/\(TemporaryName.make(for: finalName))", subject: subject, budget: budget) { return file }
        }
        throw SaveError(subject, "cannot make a temporary file in \(folder)")
    }

    /// A new file at exactly `path`; nil when something is already there.
    static func create(at path: String, subject: String, budget: WriteBudget) throws(SaveError) -> OutputFile? {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        if fd >= 0 { return OutputFile(fd: fd, temporaryPath: path, subject: subject, budget: budget) }
        if errno == EEXIST { return nil }
        throw SaveError.creating(in: Destination.parentFolder(of: path), subject: subject, errno: errno)
    }

    var isOpen: Bool { fd >= 0 }

    func write(_ bytes: UnsafeRawBufferPointer) {
        guard failure == nil, fd >= 0, !bytes.isEmpty else { return }
        if pending.count + bytes.count <= Self.bufferSize {
            pending.append(contentsOf: bytes.bindMemory(to: UInt8.self))
            return
        }
        flush()
        if bytes.count < Self.bufferSize {
            pending.append(contentsOf: bytes.bindMemory(to: UInt8.self))
        } else {
            writeThrough(bytes)
        }
    }

    func write(_ bytes: [UInt8]) { bytes.withUnsafeBytes { write($0) } }

    private func flush() {
        let bytes = pending
        pending.removeAll(keepingCapacity: true)
        bytes.withUnsafeBytes { writeThrough($0) }
    }

    private func writeThrough(_ bytes: UnsafeRawBufferPointer) {
        var offset = 0
        while failure == nil, offset < bytes.count, let base = bytes.baseAddress {
            let allowed = budget.take(bytes.count - offset)
            guard allowed > 0 else {
                failure = SaveError.system(subject, "write", errno: ENOSPC)
                return
            }
            let n = Foundation.write(fd, base + offset, allowed)
            if n < 0 {
                if errno == EINTR { continue }
                failure = SaveError.system(subject, "write", errno: errno)
            } else if n < allowed {
                // A short write with no error only happens when the disk filled up meanwhile.
                failure = SaveError.system(subject, "write", errno: ENOSPC)
            }
            offset += max(n, 0)
        }
    }

    /// Writes what is buffered, flushes it to the disk and closes; throws the first error.
    func finish() throws(SaveError) {
        if failure == nil { flush() }
        if failure == nil, fsync(fd) != 0 { failure = SaveError.system(subject, "write", errno: errno) }
        if Foundation.close(fd) != 0, failure == nil { failure = SaveError.system(subject, "write", errno: errno) }
        fd = -1
        if let failure { throw failure }
    }

    /// Closes and removes the temporary file: nothing of this save is left.
    func discard() {
        if fd >= 0 { Foundation.close(fd) }
        fd = -1
        unlink(temporaryPath)
    }

    deinit { if fd >= 0 { discard() } }
}

/// Hidden names for work in progress: `.NAME.strips-RANDOM`, beside where NAME will appear.
enum TemporaryName {
    static let marker = ".strips-"

    static func make(for finalName: String) -> String {
        ".\(finalName)\(marker)\(String(UInt32.random(in: 0...UInt32.max), radix: 36))"
    }
}
