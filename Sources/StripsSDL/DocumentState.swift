import Foundation
import StripsFiles
import StripsPictures

/// What the live window remembers about a document between runs: the page in focus and the
/// window size. Headless runs neither read nor write it.
public struct DocumentState: Codable, Equatable, Sendable {
    /// The id of the page that was in focus (see the trace's page ids), nil for an empty document.
    public var focusedPage: String?
    public var windowWidth: Int
    public var windowHeight: Int

    public init(focusedPage: String?, windowWidth: Int, windowHeight: Int) {
        self.focusedPage = focusedPage
        self.windowWidth = windowWidth
        self.windowHeight = windowHeight
    }

    /// A state no real session has (a hand-edited or damaged file) is not used.
    var isPlausible: Bool {
        (1...16_384).contains(windowWidth) && (1...16_384).contains(windowHeight) && (focusedPage?.utf8.count ?? 0) <= 4096
    }
}

/// The remembered states, one small JSON file under `$XDG_STATE_HOME/strips/` holding the most
/// recent documents only. Deleting it loses nothing but the memory; a damaged file is ignored and
/// replaced by the next save, never a failure.
public struct DocumentStateStore: Sendable {
    /// Documents remembered; the least recently saved are forgotten first.
    public static let capacity = 200
    /// A larger file is not one Strips wrote: it is ignored rather than read.
    static let maxFileBytes = 1 << 20

    /// The JSON file.
    public let file: String

    /// The store in `folder` (made, mode 0700, at the first save).
    public init(folder: String) {
        file = folder + "/documents.json"
    }

    /// `$XDG_STATE_HOME/strips` (an unset, empty or relative value means `~/.local/state`), or nil
    /// with no usable home.
    public static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/strips" }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + "/.local/state/strips"
    }

    /// A document is the set of paths it was opened from, whatever their order or spelling
    /// (relative, `./`, `..`): the MD5 of the sorted canonical absolute paths.
    public static func documentKey(for paths: [String]) -> String {
        MD5.hex(paths.map(FileURI.canonicalPath).sorted().joined(separator: "\n"))
    }

    /// The remembered state of the document, or nil (never seen, forgotten, or the file is damaged).
    public func load(key: String) -> DocumentState? {
        entries().last { $0.key == key }?.state
    }

    /// Remembers the state (atomically); false when it could not be written, which costs nothing
    /// but the memory.
    @discardableResult
    public func save(_ state: DocumentState, key: String) -> Bool {
        guard state.isPlausible else { return false }
        var kept = entries().filter { $0.key != key }
        kept.append(Entry(key: key, state: state))
        kept.removeFirst(max(0, kept.count - Self.capacity))
        guard let data = try? JSONEncoder().encode(File(documents: kept)),
              WholeFile.makeFolders((file as NSString).deletingLastPathComponent) else { return false }
        return WholeFile.write(Array(data), to: file, mode: 0o600, placing: .replacing) == nil
    }

    private struct Entry: Codable {
        var key: String
        var state: DocumentState
    }

    /// Oldest first.
    private struct File: Codable {
        var version = 1
        var documents: [Entry]
    }

    private func entries() -> [Entry] {
        guard case .success(let bytes) = FileReader.contents(of: file), bytes.count <= Self.maxFileBytes,
              let decoded = try? JSONDecoder().decode(File.self, from: Data(bytes)), decoded.version == 1 else { return [] }
        return decoded.documents.filter { $0.state.isPlausible }.suffix(Self.capacity)
    }
}
