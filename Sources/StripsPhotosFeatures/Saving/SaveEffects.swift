import StripsCore

/// The saving feature's requests and answers: pages to write (Ctrl+S, Ctrl+Shift+S), answered by
/// the save's progress, then where it was saved or why not (`SaveEvent`).

/// What the host should save: pages as they stand when the user asked.
public struct SaveRequest: FeatureRequest {
    public enum Scope: Hashable, Sendable {
        /// The whole document: once written, it is no longer unsaved.
        case document
        /// Some pages (the selection, or the page in focus): the document stays as it is.
        case selection
    }

    public var pages: [Page]
    /// The document's revision the pages are (a document save marks it saved).
    public var revision: Int
    public var scope: Scope
    /// The pages split into documents, one file each (separator sheets left out): one holding
    /// every page unless the batch is split.
    public var documents: [SavedDocument]

    public init(pages: [Page], revision: Int, scope: Scope = .document) {
        self.pages = pages
        self.revision = revision
        self.scope = scope
        documents = [SavedDocument(pages: pages)]
    }
}

/// One document of a split batch as saved: its pages, and the text of the separator sheet before
/// it (which names its file; nil: `NAME-N`).
public struct SavedDocument: Hashable, Sendable {
    public var pages: [Page]
    public var title: String?

    public init(pages: [Page], title: String? = nil) {
        self.pages = pages
        self.title = title
    }
}

public struct SaveOutcome: Hashable, Sendable {
    public var path: String
    public var request: SaveRequest
    /// What was written: the file's size (every file's together when there are several), or a
    /// folder's pictures' together.
    public var bytes: Int
    /// Every file (or folder) written, one a document: `path` first.
    public var paths: [String]

    public init(path: String, request: SaveRequest, bytes: Int = 0) {
        self.path = path
        self.request = request
        self.bytes = bytes
        paths = [path]
    }

    /// What the status line and the trace say of it.
    public var report: SaveReport { SaveReport(path: path, bytes: bytes, pages: request.pages.count) }
}

/// A save's result as the user hears of it: where, how many bytes, how many pages.
public struct SaveReport: Hashable, Sendable {
    public var path: String
    public var bytes: Int
    public var pages: Int

    public init(path: String, bytes: Int, pages: Int) {
        self.path = path
        self.bytes = bytes
        self.pages = pages
    }

    /// `1.2 MB, 46 KB a page` (decimal units, as file managers count them); empty when the size
    /// is not known.
    public var size: String {
        guard bytes > 0 else { return "" }
        let total = Self.amount(bytes)
        return pages > 1 ? "\(total), \(Self.amount(bytes / pages)) a page" : total
    }

    static func amount(_ bytes: Int) -> String {
        switch bytes {
        case ..<1000: return "\(bytes) bytes"
        case ..<1_000_000: return "\(Int((Double(bytes) / 1000).rounded())) KB"
        case ..<10_000_000: return String(format: "%.1f MB", Double(bytes) / 1_000_000)
        default: return "\(Int((Double(bytes) / 1_000_000).rounded())) MB"
        }
    }
}

public struct SaveProgress: Hashable, Sendable {
    public var done: Int
    public var total: Int
}

/// The saver's news of a save (`SaveRequest`).
public enum SaveEvent: FeatureAnswer {
    /// `done` of `total` pages written; a total of 0: the desktop's file chooser is asking where.
    case progress(done: Int, total: Int)
    case saved(SaveOutcome)
    /// Not saved (refused, cancelled, a write error): why, in one line.
    case failed(HostMessage)
}

extension Effect {
    public static func save(_ request: SaveRequest) -> Effect { Effect(request) }
}

extension HostEvent {
    public static func saveProgress(done: Int, total: Int) -> HostEvent { HostEvent(SaveEvent.progress(done: done, total: total)) }
    public static func saved(_ outcome: SaveOutcome) -> HostEvent { HostEvent(SaveEvent.saved(outcome)) }
    public static func saveFailed(_ message: HostMessage) -> HostEvent { HostEvent(SaveEvent.failed(message)) }
}
