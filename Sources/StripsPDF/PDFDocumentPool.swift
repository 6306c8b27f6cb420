import CPoppler
import Foundation

/// Open poppler documents kept for reuse, each lent to one thread at a time.
///
/// A poppler-glib document must not be used by two threads at once. Rather than one document per
/// file behind a lock (which makes two decode workers on the same PDF take turns), a worker that
/// finds no idle document for its file opens another: opening costs about a millisecond, and two
/// workers then render two pages of one PDF in parallel (strips-bench-pdf measures both ways).
/// Documents go back to an idle list, at most `idleLimit` in all, the least recently used closed
/// first; a file that changed on disk is reopened, as poppler reads pages lazily from the file.
final class PDFDocumentPool: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`; most recently returned last.
    private var idle: [(path: String, document: PopplerDocument)] = []
    private let idleLimit: Int

    init(idleLimit: Int) { self.idleLimit = max(1, idleLimit) }

    func withDocument<T>(_ path: String, _ body: (PopplerDocument) -> Result<T, PDFFailure>) -> Result<T, PDFFailure> {
        let current = FileStamp.of(path)
        var stale: [PopplerDocument] = []
        lock.lock()
        var lent: PopplerDocument?
        if let index = idle.lastIndex(where: { $0.path == path && $0.document.stamp == current }) {
            lent = idle.remove(at: index).document
        }
        if lent == nil {
            idle.removeAll { entry in
                guard entry.path == path else { return false }
                stale.append(entry.document)
                return true
            }
        }
        lock.unlock()
        stale.removeAll()  // closed outside the lock

        let document: PopplerDocument
        if let lent {
            document = lent
        } else {
            switch PopplerDocument.open(path: path) {
            case .failure(let failure): return .failure(failure)
            case .success(let opened): document = opened
            }
        }
        let result = body(document)

        lock.lock()
        idle.append((path, document))
        var closing: [PopplerDocument] = []
        while idle.count > idleLimit { closing.append(idle.removeFirst().document) }
        lock.unlock()
        closing.removeAll()
        return result
    }

    /// Closes the idle documents of `path`; one lent at the moment goes back to the idle list as usual.
    func close(_ path: String) {
        lock.lock()
        let closing = idle.filter { $0.path == path }
        idle.removeAll { $0.path == path }
        lock.unlock()
        _ = closing
    }
}
