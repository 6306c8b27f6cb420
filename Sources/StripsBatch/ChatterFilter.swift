import Dispatch
import Foundation

/// Keeps a library's own chatter off standard error. ZBar prints a warning for each of its
/// internal assertions that fails on a picture ("WARNING: qrcode/qrdectxt.c:...: Assertion ...
/// failed." and a tab-indented detail line) with `fprintf(stderr)`, whatever its verbosity, in the
/// middle of a convert's output. While a call runs `whileQuiet`, standard error (descriptor 2)
/// goes into a pipe; a thread passes on every line but ZBar's to where standard error went before.
/// Outside such calls descriptor 2 is left as it was, so a crash's last words are never held back.
///
/// Calls on several threads share one redirection (counted); the last to finish puts descriptor
/// 2 back and waits until every byte written before has been passed on, so lines keep their order.
public final class ChatterFilter: @unchecked Sendable {
    /// The one filter of the process (descriptor 2 is one per process).
    public static let shared = ChatterFilter()

    private let lock = NSLock()
    private var users = 0
    /// Where standard error went before, kept open: descriptor 2 is put back to it.
    private var original: Int32 = -1
    /// Where lines are passed on (`original` unless a test gives a file).
    private var target: Int32 = -1
    private var pipeRead: Int32 = -1
    private var pipeWrite: Int32 = -1
    private let drained = DispatchSemaphore(value: 0)
    /// A line nothing prints, written after descriptor 2 is back: the thread answers it once all
    /// before it is passed on.
    private static let sync = Array("\u{1}strips-chatter-sync\u{1}\n".utf8)

    /// `target`: where lines are passed on (nil: standard error as it is when first used); tests
    /// give a file.
    init(target: Int32? = nil) {
        if let target { self.target = target }
    }

    /// Runs `body` with ZBar's warnings kept off standard error.
    public func whileQuiet<T>(_ body: () -> T) -> T {
        let routed = begin()
        defer { if routed { end() } }
        return body()
    }

    private func begin() -> Bool {
        lock.lock(); defer { lock.unlock() }
        if pipeRead < 0, !start() { return false }
        if users == 0 { guard dup2(pipeWrite, 2) >= 0 else { return false } }
        users += 1
        return true
    }

    private func end() {
        lock.lock(); defer { lock.unlock() }
        users -= 1
        guard users == 0 else { return }
        _ = dup2(original, 2)
        _ = Self.sync.withUnsafeBytes { write(pipeWrite, $0.baseAddress, $0.count) }
        drained.wait()
    }

    /// The pipe and its thread, made on first use; false (and nothing routed) when the system
    /// gives no pipe.
    private func start() -> Bool {
        original = dup(2)
        if target < 0 { target = original }
        var ends: [Int32] = [-1, -1]
        guard original >= 0, target >= 0, pipe(&ends) == 0 else { return false }
        pipeRead = ends[0]
        pipeWrite = ends[1]
        _ = fcntl(pipeRead, F_SETFD, FD_CLOEXEC)
        _ = fcntl(pipeWrite, F_SETFD, FD_CLOEXEC)
        let thread = Thread { [self] in pass() }
        thread.name = "stderr filter"
        thread.start()
        return true
    }

    /// Reads the pipe for the rest of the process, line by line.
    private func pass() {
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        var inWarning = false
        while true {
            let count = chunk.withUnsafeMutableBytes { read(pipeRead, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            pending.append(contentsOf: chunk[0..<count])
            while let end = pending.firstIndex(where: { $0 == 10 || $0 == 13 }) {
                var line = Array(pending[...end])
                pending.removeSubrange(...end)
                if line.count >= Self.sync.count, Array(line.suffix(Self.sync.count)) == Self.sync {
                    // A partial line someone wrote before it is passed on as it is.
                    line.removeLast(Self.sync.count)
                    _ = line.withUnsafeBytes { write(target, $0.baseAddress, $0.count) }
                    drained.signal()
                    continue
                }
                if Self.isChatter(line, afterWarning: inWarning) {
                    inWarning = true
                    continue
                }
                inWarning = false
                _ = line.withUnsafeBytes { write(target, $0.baseAddress, $0.count) }
            }
        }
    }

    /// ZBar's warning lines ("WARNING: ...") and the tab-indented details that follow one.
    static func isChatter(_ line: [UInt8], afterWarning: Bool) -> Bool {
        if line.starts(with: Array("WARNING: ".utf8)) { return true }
        return afterWarning && line.first == 9
    }
}
