import Foundation
import StripsCore

/// What the loader saw of each picture file when the document was opened, so that a file which
/// changes or vanishes later is noticed; and which files' problems were already reported. One per
/// open document, made by the host and shared by its loader and its decoders (`PageReader`).
public final class ImageCatalog: Sendable {
    /// Size and modification time: enough to tell that a file was rewritten.
    public struct Signature: Hashable, Sendable {
        public var size: Int
        public var modified: Int

        public static func of(_ path: String) -> Signature? {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            return Signature(size: Int(info.st_size), modified: Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec))
        }
    }

    private struct State {
        var signatures: [String: Signature] = [:]
        var reported: Set<String> = []
    }

    private let state = Locked(State())

    public init() {}

    /// Notes the file as it is now (called when it becomes a page).
    public func remember(_ path: String) {
        let signature = Signature.of(path)
        state.withLock { $0.signatures[path] = signature }
    }

    /// Nil while the file is as it was when opened (or was never opened); else what happened.
    public func change(of path: String) -> ImageFailure? {
        guard let known = state.withLock({ $0.signatures[path] }) else { return nil }
        guard let now = Signature.of(path) else { return ImageFailure("the file is gone") }
        return now == known ? nil : ImageFailure("the file changed since it was opened")
    }

    /// True the first time a problem with `path` is to be reported: each file is reported once.
    public func shouldReport(_ path: String) -> Bool {
        state.withLock { $0.reported.insert(path).inserted }
    }
}
