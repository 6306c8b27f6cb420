/// Colour, grey or line art: what the panel offers, mapped to each device's own mode names.
public enum ScanMode: String, Codable, Sendable, CaseIterable {
    case color, gray, lineart
}

/// A page's size in millimetres, scanned from the top-left corner of the scan area.
public struct ScanPageSize: Codable, Hashable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let a4 = ScanPageSize(width: 210, height: 297)
    public static let a5 = ScanPageSize(width: 148, height: 210)
    public static let letter = ScanPageSize(width: 215.9, height: 279.4)
    public static let legal = ScanPageSize(width: 215.9, height: 355.6)

    /// The named sizes a panel offers, by the words `init?(named:)` takes.
    public static let named: [(name: String, size: ScanPageSize)] = [("a4", .a4), ("a5", .a5), ("letter", .letter), ("legal", .legal)]

    /// `a4`, `letter`, ... or `WIDTHxHEIGHT` in millimetres (`100x150`).
    public init?(named text: String) {
        let lower = text.lowercased()
        if let match = Self.named.first(where: { $0.name == lower }) {
            self = match.size
            return
        }
        let parts = lower.split(separator: "x")
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
              width > 0, height > 0, width.isFinite, height.isFinite else { return nil }
        self.init(width: width, height: height)
    }

    public var name: String {
        Self.named.first { $0.size == self }?.name ?? "\(ScanOptionValue.fixed(width))x\(ScanOptionValue.fixed(height))"
    }
}

/// What a scan asks for. Nil fields take the device's own: the first device found, its current
/// source, its whole scan area. What the panel remembers (`ScannerMemory`) and what
/// `ScanDevice.apply` sets.
public struct ScanSettings: Codable, Hashable, Sendable {
    /// The SANE device name (`test:0`).
    public var device: String?
    /// A source as the device names it (`Flatbed`, `Automatic Document Feeder`, `ADF Duplex`),
    /// or a kind: `flatbed`, `feeder` (`adf`), `duplex`.
    public var source: String?
    public var dpi: Int
    public var mode: ScanMode
    /// Nil: the whole area the device can scan.
    public var pageSize: ScanPageSize?

    public init(device: String? = nil, source: String? = nil, dpi: Int = 300, mode: ScanMode = .color, pageSize: ScanPageSize? = nil) {
        self.device = device
        self.source = source
        self.dpi = dpi
        self.mode = mode
        self.pageSize = pageSize
    }

    /// 300 dpi colour from the first device's current source, its whole area.
    public static let defaults = ScanSettings()
}

/// What a device took for a `ScanSettings`: its own names for the source and mode, the
/// resolution and area it actually uses, and a line for each value it rounded.
public struct AppliedScanSettings: Hashable, Sendable {
    /// The settings with the device's own values (dpi and page size as rounded by the driver).
    public var settings: ScanSettings
    /// The source in use and its kind (nil when the device has no source option).
    public var source: ScanSource?
    /// The device's mode name (`Color`, `Gray`, `Lineart`, `Binary`, ...).
    public var deviceMode: String?
    /// Bits a sample asked of the device (1 for line art done as 1-bit grey), nil when the
    /// device has no depth option.
    public var depth: Int?
    /// One line per value the device changed (`scanner test:0: 301 dpi became 300 dpi`).
    public var adjustments: [String]

    /// Whether a session should scan until the feeder is empty rather than one page.
    public var isBatch: Bool { source?.kind == .feeder || source?.kind == .duplex }
}
