import Foundation
import Glibc
import StripsCore

/// qpdf's reading of one file held to a time budget. A damaged file makes qpdf rebuild its
/// cross-reference table token by token, which has no limit and no way to be stopped (one of
/// qpdf's own fuzzing reproducers, 376 KB, took qpdf 28 s to 80 s, and `strips convert` read it
/// twice): the read runs on a worker of its own, and when it is not done within `seconds` it is
/// abandoned (it finishes, and frees its document, unseen) and the file is refused with one line.
/// A file that ran out of time is refused at once the next time, until it changes.
enum QPDFBudget {
    /// How long qpdf may take to read one file. Sound files of thousands of pages read in well
    /// under a second; only a repair runs this long.
    static let seconds = 8.0

    static func read(_ path: String, within seconds: Double = seconds,
                     _ reading: @escaping @Sendable (String) -> Result<QPDFFile, PDFFailure>) -> Result<QPDFFile, PDFFailure> {
        let stamp = SlowFile(path: path)
        if let stamp, slow.withLock({ $0.contains(stamp) }) { return .failure(tooSlow(seconds)) }
        let handover = Handover()
        let worker = Thread { handover.finish(reading(path)) }
        // qpdf recurses through damaged object trees: the main thread's stack size, not a worker's default.
        worker.stackSize = 8 << 20
        worker.start()
        if let result = handover.wait(seconds) { return result }
        if let stamp { slow.withLock { _ = $0.insert(stamp) } }
        return .failure(tooSlow(seconds))
    }

    static func tooSlow(_ seconds: Double) -> PDFFailure {
        PDFFailure("damaged: repairing it takes longer than \(Int(seconds)) s; left out")
    }

    /// A file by its path and its size and time as last changed: the same bytes, as far as we can tell.
    private struct SlowFile: Hashable {
        var path: String
        var stamp: FileStamp
        init?(path: String) {
            guard let stamp = FileStamp.of(path) else { return nil }
            self.path = path
            self.stamp = stamp
        }
    }

    private static let slow = Locked<Set<SlowFile>>([])

    /// The worker's result, taken by the waiter in time or left to the worker to drop.
    private final class Handover: @unchecked Sendable {
        private let lock = NSLock()
        private let done = DispatchSemaphore(value: 0)
        private var result: Result<QPDFFile, PDFFailure>?
        private var abandoned = false

        func finish(_ outcome: Result<QPDFFile, PDFFailure>) {
            lock.lock()
            defer { lock.unlock() }
            // Nobody waits any more: the document goes with the worker (qpdf frees it here).
            guard !abandoned else { return }
            result = outcome
            done.signal()
        }

        func wait(_ seconds: Double) -> Result<QPDFFile, PDFFailure>? {
            _ = done.wait(timeout: .now() + seconds)
            lock.lock()
            defer { lock.unlock() }
            if result == nil { abandoned = true }
            return result
        }
    }
}
