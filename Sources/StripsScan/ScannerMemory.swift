import Foundation

/// `$XDG_STATE_HOME/strips`: the app's own state (an unset, empty or relative
/// `XDG_STATE_HOME` means `~/.local/state`, as the XDG base directory spec says).
enum StateFolder {
    static func strips(environment: [String: String]) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/strips" }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + "/.local/state/strips"
    }
}

/// The scan panel's last choices (device, source, resolution, mode, page size) in
/// `$XDG_STATE_HOME/strips/scanner.json`, written atomically. A missing file means the
/// defaults; a damaged one means the defaults and one line, and the next save replaces it.
public struct ScannerMemory: Sendable {
    public let file: String
    /// A larger file is not one Strips wrote.
    static let maxBytes = 64 << 10

    public init(file: String) {
        self.file = file
    }

    /// The memory in `$XDG_STATE_HOME/strips/scanner.json`, or nil without a usable home.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> ScannerMemory? {
        StateFolder.strips(environment: environment).map { ScannerMemory(file: $0 + "/scanner.json") }
    }

    private struct Stored: Codable {
        var version = 1
        var settings: ScanSettings
    }

    /// The remembered settings, or the defaults with a line saying why when the file is
    /// damaged (a missing file is no problem).
    public func load() -> (settings: ScanSettings, problem: String?) {
        let bytes: [UInt8]
        switch ScanFiles.read(file, limit: Self.maxBytes) {
        case .success(let read): bytes = read
        case .failure(let error) where error.code == ENOENT: return (.defaults, nil)
        case .failure(let error): return (.defaults, "scanner settings: cannot read \(file) (\(error)); using the defaults")
        }
        guard let stored = try? JSONDecoder().decode(Stored.self, from: Data(bytes)), stored.version == 1,
              let settings = Self.plausible(stored.settings) else {
            return (.defaults, "scanner settings: \(file) is damaged; using the defaults")
        }
        return (settings, nil)
    }

    /// Remembers `settings` (atomically: a reader sees the old file or the new one). Returns
    /// the line to show when it could not, which costs nothing but the memory.
    @discardableResult
    public func save(_ settings: ScanSettings) -> String? {
        guard let settings = Self.plausible(settings) else { return "scanner settings: not saved (values out of range)" }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        guard let data = try? encoder.encode(Stored(settings: settings)) else { return "scanner settings: cannot encode" }
        let folder = (file as NSString).deletingLastPathComponent
        if let error = ScanFiles.makeFolders(folder) { return "scanner settings: cannot make \(folder): \(error)" }
        if let error = ScanFiles.replace(Array(data), at: file) { return "scanner settings: cannot write \(file): \(error)" }
        return nil
    }

    /// Values no panel offers (a hand-edited or damaged file) are not used.
    static func plausible(_ settings: ScanSettings) -> ScanSettings? {
        guard (1...19_200).contains(settings.dpi) else { return nil }
        if let page = settings.pageSize {
            guard page.width.isFinite, page.height.isFinite, (1...2000).contains(page.width), (1...2000).contains(page.height) else { return nil }
        }
        guard (settings.device?.utf8.count ?? 0) <= 1024, (settings.source?.utf8.count ?? 0) <= 256 else { return nil }
        return settings
    }
}
