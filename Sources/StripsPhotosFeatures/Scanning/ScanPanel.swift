import StripsCore

/// The scan panel (Ctrl+Shift+N): five rows (device, source, resolution, mode, page size), each
/// with the values the device offers, and, when text is recognised, the language the pages are
/// read in (automatic, or one of those installed), then Scan. It opens on the last settings while the host
/// looks for devices on a worker; a device's offers come when it is chosen. Up and Down pick a
/// row, Left and Right (or a click on the value) change it, Return scans, Escape closes.
public struct ScanPanel: Hashable, Sendable {
    public enum Row: String, CaseIterable, Hashable, Sendable {
        case scanner, source, resolution, mode, pageSize, language

        var label: String {
            switch self {
            case .scanner: return tr("Scanner")
            case .source: return tr("Source")
            case .resolution: return tr("Resolution")
            case .mode: return tr("Mode")
            case .pageSize: return tr("Page size")
            case .language: return tr("Language")
            }
        }
    }

    public internal(set) var choice: ScanChoice
    /// The devices found; nil while the host is still looking.
    public internal(set) var scanners: [ScannerEntry]?
    /// What the chosen device offers; nil while the host asks it.
    public internal(set) var offers: ScanOffers?
    public internal(set) var row = Row.scanner
    /// The reading languages offered for the scan's pages (the scene's); none: no language row.
    public internal(set) var languages: [String] = []

    /// The rows shown: the language's only when there are languages to choose from.
    public var rows: [Row] { languages.isEmpty ? Row.allCases.filter { $0 != .language } : Row.allCases }
    /// Why there is nothing to scan with (no device found, a device that does not answer).
    public internal(set) var problem: String?

    public init(choice: ScanChoice = .last, languages: [String] = []) {
        self.choice = choice
        self.languages = languages
    }

    /// Something to scan with: a device, and what it offers.
    public var isReady: Bool { choice.device != nil && offers != nil }

    // MARK: Values

    /// The values `row` offers, as stored in the choice (`nil` for "the whole area").
    func values(_ row: Row) -> [String?] {
        switch row {
        case .scanner: return (scanners ?? []).map(\.name)
        case .source: return offers?.sources ?? []
        case .resolution: return (offers?.resolutions ?? []).map { String($0) }
        case .mode: return offers?.modes ?? []
        case .pageSize: return offers.map { [nil] + $0.pageSizes } ?? []
        case .language: return languages.isEmpty ? [] : [nil] + languages
        }
    }

    func current(_ row: Row) -> String? {
        switch row {
        case .scanner: return choice.device
        case .source: return choice.source
        case .resolution: return choice.dpi.map { String($0) }
        case .mode: return choice.mode
        case .pageSize: return choice.pageSize
        case .language: return choice.language
        }
    }

    /// What the row shows now, for people.
    public func shown(_ row: Row) -> String {
        switch row {
        case .scanner:
            guard let scanners else { return tr("Looking for scanners…") }
            guard let device = choice.device else { return scanners.isEmpty ? tr("None found") : "—" }
            return scanners.first { $0.name == device }?.label ?? device
        case .source:
            guard offers != nil else { return "…" }
            return choice.source ?? tr("The scanner's own")
        case .resolution:
            guard offers != nil else { return "…" }
            return choice.dpi.map { tr("%d dpi", $0) } ?? "—"
        case .mode:
            guard offers != nil else { return "…" }
            return Self.modeName(choice.mode)
        case .pageSize:
            guard offers != nil else { return "…" }
            return Self.pageSizeName(choice.pageSize)
        case .language:
            return choice.language.map(LanguageNames.name) ?? tr("Automatic")
        }
    }

    static func modeName(_ mode: String?) -> String {
        switch mode {
        case "color": return tr("Colour")
        case "gray": return tr("Grey")
        case "lineart": return tr("Line art (black and white)")
        default: return mode ?? "—"
        }
    }

    static func pageSizeName(_ size: String?) -> String {
        switch size {
        case nil: return tr("The whole glass")
        case "a4": return tr("A4 (210 × 297 mm)")
        case "a5": return tr("A5 (148 × 210 mm)")
        case "letter": return tr("Letter (8.5 × 11 in)")
        case "legal": return tr("Legal (8.5 × 14 in)")
        case let size?: return tr("%s mm", size)
        }
    }

    // MARK: Changes

    /// Moves to the row `delta` places down (or up), staying within the rows.
    mutating func moveRow(_ delta: Int) {
        let all = rows
        guard let i = all.firstIndex(of: row) else { return }
        row = all[max(0, min(all.count - 1, i + delta))]
    }

    /// The row's value `delta` places on (`wraps`: past the last comes the first, as a click
    /// cycles). Returns the device to describe when the scanner changed.
    mutating func step(_ row: Row, by delta: Int, wraps: Bool = false) -> String? {
        let values = values(row)
        guard !values.isEmpty else { return nil }
        let at = values.firstIndex(of: current(row)) ?? 0
        var next = at + delta
        next = wraps ? ((next % values.count) + values.count) % values.count : max(0, min(values.count - 1, next))
        guard next != at || values.firstIndex(of: current(row)) == nil else { return nil }
        let value = values[next]
        switch row {
        case .scanner:
            choice.device = value
            offers = nil
            problem = nil
            return value
        case .source: choice.source = value
        case .resolution: choice.dpi = value.flatMap { Int($0) }
        case .mode: choice.mode = value
        case .pageSize: choice.pageSize = value
        case .language: choice.language = value
        }
        return nil
    }

    /// The devices found: the last one used stays chosen if it is among them, else the first.
    /// Returns the device to describe.
    mutating func found(_ list: [ScannerEntry], last: ScanChoice) -> String? {
        scanners = list
        // The device's last settings, unless the user chose otherwise while it was looked for
        // (the language is the editor's: it stays as chosen).
        var settings = choice
        settings.language = nil
        if settings == .last {
            choice = ScanChoice(device: last.device, source: last.source, dpi: last.dpi, mode: last.mode, pageSize: last.pageSize, language: choice.language)
        }
        if let device = choice.device, list.contains(where: { $0.name == device }) {
            // Kept.
        } else {
            choice.device = list.first?.name
        }
        guard let device = choice.device else {
            problem = tr("No scanner found (is it connected and switched on?)")
            return nil
        }
        problem = nil
        return device
    }

    /// A device's offers: each value of the choice is kept where the device offers it, else the
    /// nearest (resolution) or the first the device lists.
    mutating func offered(_ offers: ScanOffers, device: String) {
        guard device == choice.device else { return }
        self.offers = offers
        problem = nil
        choice.source = Self.matching(choice.source, in: offers.sources)
        let dpi = choice.dpi ?? 300
        choice.dpi = offers.resolutions.min { abs($0 - dpi) < abs($1 - dpi) }
        choice.mode = offers.modes.contains(choice.mode ?? "") ? choice.mode : offers.modes.first
        if let size = choice.pageSize, !offers.pageSizes.contains(size) { choice.pageSize = nil }
    }

    /// The device's source named `wanted` (its own name, or a kind word such as `feeder`).
    static func matching(_ wanted: String?, in sources: [String]) -> String? {
        guard !sources.isEmpty else { return nil }
        guard let wanted = wanted?.lowercased() else { return sources.first }
        if let exact = sources.first(where: { $0.lowercased() == wanted }) { return exact }
        let words = wanted == "feeder" || wanted == "adf" ? ["feeder", "adf"] : [wanted]
        return sources.first { source in words.contains { source.lowercased().contains($0) } } ?? sources.first
    }

    mutating func failed(_ line: String) { problem = line }

    // MARK: The panel's reducer

    /// What a key asks of the editor beyond the panel itself.
    enum KeyOutcome: Hashable {
        /// Handled here (a row or a value changed, or a key the panel has no use for), with the
        /// effects it asks for (a device to describe).
        case stays([Effect])
        case close, scan
    }

    mutating func key(_ key: Key) -> KeyOutcome {
        switch ScanPanelKey.table.action(for: key) {
        case .close?: return .close
        case .row(let step)?: moveRow(step)
        case .value(let delta)?: return .stays(step(row, by: delta).map { [.scan(.describe($0))] } ?? [])
        case .scan?: return .scan
        case nil: break
        }
        return .stays([])
    }

    /// The host's news of scanners and their settings, while the panel is up; nil for news that
    /// is not the panel's (the scan's own).
    mutating func handle(_ update: ScanUpdate) -> [Effect]? {
        switch update {
        case .scanners(let list, let last):
            return found(list, last: last).map { [.scan(.describe($0))] } ?? []
        case .noScanners(let message):
            scanners = scanners ?? []
            failed(message.shown)
            return []
        case .offers(let device, let offers):
            offered(offers, device: device)
            return []
        default:
            return nil
        }
    }
}
