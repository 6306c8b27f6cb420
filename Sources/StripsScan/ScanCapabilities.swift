import CSANE

/// A source as the device names it, and what kind of source that name means.
public struct ScanSource: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable {
        /// The glass: one page a scan.
        case flatbed
        /// A document feeder, one side: pages until it is empty.
        case feeder
        /// A document feeder scanning both sides.
        case duplex
        /// Film and slide adapters.
        case transparency
        case other
    }

    public var name: String
    public var kind: Kind

    public init(name: String) {
        self.name = name
        kind = Self.kind(of: name)
    }

    /// Drivers name their sources freely ("ADF Front", "Automatic Document Feeder(centrally
    /// aligned,Duplex)", "Document Table", "Platen"); the words decide the kind.
    static func kind(of name: String) -> Kind {
        let lower = name.lowercased()
        if lower.contains("duplex") { return .duplex }
        if ["adf", "feeder", "automatic document", "sheet"].contains(where: lower.contains) { return .feeder }
        if ["flatbed", "flat bed", "platen", "glass", "document table", "normal"].contains(where: lower.contains) { return .flatbed }
        if ["transparen", "film", "slide", "negative", "positive", "tma", "tpu"].contains(where: lower.contains) { return .transparency }
        return .other
    }

    /// Kind words a person or a script may give instead of the device's name.
    static func kind(word: String) -> Kind? {
        switch word.lowercased() {
        case "flatbed", "glass": return .flatbed
        case "feeder", "adf", "document feeder": return .feeder
        case "duplex": return .duplex
        default: return nil
        }
    }
}

/// A mode the panel can offer and the device's name for it.
public struct ScanModeOffer: Hashable, Sendable {
    public var mode: ScanMode
    /// The device's mode value (`Color`, `Gray`, `Lineart`, `Binary`, ...).
    public var deviceMode: String
    /// Bits a sample to ask for with it (line art as 1-bit grey on devices without a line-art
    /// mode, 8 for colour and grey where the device offers a depth), nil to leave the depth alone.
    public var depth: Int?
}

/// The resolutions a device offers.
public enum ScanResolutions: Hashable, Sendable {
    case none
    case list([Int])
    case range(min: Int, max: Int, step: Int)

    public func offers(_ dpi: Int) -> Bool {
        switch self {
        case .none: return false
        case .list(let values): return values.contains(dpi)
        case .range(let min, let max, let step): return dpi >= min && dpi <= max && (step <= 1 || (dpi - min) % step == 0)
        }
    }

    /// What a panel lists: the device's own values, or the usual ones inside its range.
    public var suggested: [Int] {
        switch self {
        case .none: return []
        case .list(let values): return values
        case .range(let min, let max, _):
            let usual = [75, 100, 150, 200, 300, 400, 600, 1200, 2400].filter { offers($0) }
            return usual.isEmpty ? [min, max] : usual
        }
    }
}

/// What a device can do, read from its options now (they change with the source and mode).
public struct ScanCapabilities: Hashable, Sendable {
    public var sources: [ScanSource]
    public var currentSource: ScanSource?
    public var modes: [ScanModeOffer]
    public var resolutions: ScanResolutions
    /// The scan area's corners' ranges in millimetres (nil without tl-x/tl-y/br-x/br-y in mm).
    public var area: ScanArea?

    public func mode(_ mode: ScanMode) -> ScanModeOffer? { modes.first { $0.mode == mode } }

    /// The source a setting names: the device's own name (any case), else a kind word.
    public func source(named text: String) -> ScanSource? {
        if let exact = sources.first(where: { $0.name.caseInsensitiveCompare(text) == .orderedSame }) { return exact }
        guard let kind = ScanSource.kind(word: text) else { return nil }
        return sources.first { $0.kind == kind }
    }

    init(options: [ScanOption], values: [String: ScanOptionValue]) {
        let byName = Dictionary(options.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        if let source = byName[SANE_NAME_SCAN_SOURCE], source.isActive, case .strings(let names) = source.constraint {
            sources = names.map(ScanSource.init(name:))
        } else {
            sources = []
        }
        if case .string(let current)? = values[SANE_NAME_SCAN_SOURCE] {
            currentSource = ScanSource(name: current)
        } else {
            currentSource = nil
        }
        var depths: [Int] = []
        if let depth = byName[SANE_NAME_BIT_DEPTH], depth.isActive, depth.isSettable, case .numbers(let list) = depth.constraint {
            depths = list.map { Int($0) }
        }
        var modes: [ScanModeOffer] = []
        if let mode = byName[SANE_NAME_SCAN_MODE], mode.isActive, case .strings(let names) = mode.constraint {
            modes = Self.offers(names, depths: depths)
        }
        self.modes = modes
        if let resolution = byName[SANE_NAME_SCAN_RESOLUTION], resolution.isActive {
            switch resolution.constraint {
            case .numbers(let list): resolutions = .list(list.map { Int($0.rounded()) })
            case .range(let min, let max, let step):
                resolutions = .range(min: Int(min.rounded(.up)), max: Int(max.rounded(.down)), step: Swift.max(1, Int(step.rounded())))
            default: resolutions = .none
            }
        } else {
            resolutions = .none
        }
        area = ScanArea(options: byName)
    }

    /// The device's mode names sorted into colour, grey and line art; line art falls back to
    /// 1-bit grey where the depth option offers 1 (SANE's test backend, some sheet-feeders).
    static func offers(_ names: [String], depths: [Int]) -> [ScanModeOffer] {
        let eight = depths.contains(8) ? 8 : nil
        func first(_ words: [String]) -> String? {
            for word in words {
                if let hit = names.first(where: { $0.caseInsensitiveCompare(word) == .orderedSame }) { return hit }
            }
            for word in words {
                if let hit = names.first(where: { $0.lowercased().contains(word.lowercased()) }) { return hit }
            }
            return nil
        }
        var offers: [ScanModeOffer] = []
        if let color = first(["Color", "Colour", "24bit Color", "RGB"]) {
            offers.append(ScanModeOffer(mode: .color, deviceMode: color, depth: eight))
        }
        let gray = first(["Gray", "Grey", "Grayscale", "Greyscale", "8bit Gray", "Gray16"])
        if let gray { offers.append(ScanModeOffer(mode: .gray, deviceMode: gray, depth: eight)) }
        if let lineart = first(["Lineart", "Binary", "Black & White", "Black and White", "Monochrome", "Mono"]) {
            offers.append(ScanModeOffer(mode: .lineart, deviceMode: lineart, depth: nil))
        } else if let gray, depths.contains(1) {
            offers.append(ScanModeOffer(mode: .lineart, deviceMode: gray, depth: 1))
        }
        return offers
    }
}

/// Where on the device a scan can reach: the ranges of the top-left and bottom-right corners.
public struct ScanArea: Hashable, Sendable {
    public var left: ClosedRange<Double>
    public var top: ClosedRange<Double>
    public var right: ClosedRange<Double>
    public var bottom: ClosedRange<Double>

    /// The largest page: from the smallest top-left to the largest bottom-right.
    public var maxWidth: Double { right.upperBound - left.lowerBound }
    public var maxHeight: Double { bottom.upperBound - top.lowerBound }

    init?(options: [String: ScanOption]) {
        func range(_ name: String) -> ClosedRange<Double>? {
            guard let option = options[name], option.isActive, option.unit == .millimetre,
                  case .range(let min, let max, _) = option.constraint, min <= max else { return nil }
            return min...max
        }
        guard let left = range(SANE_NAME_SCAN_TL_X), let top = range(SANE_NAME_SCAN_TL_Y),
              let right = range(SANE_NAME_SCAN_BR_X), let bottom = range(SANE_NAME_SCAN_BR_Y) else { return nil }
        self.left = left
        self.top = top
        self.right = right
        self.bottom = bottom
    }
}
