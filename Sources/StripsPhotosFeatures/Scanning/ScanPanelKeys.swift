import StripsCore

/// The scan panel's keys, its own table: its handler looks keys up in it and the keys overlay lists it.
public enum ScanPanelKey: Hashable, Sendable {
    case row(Int), value(Int), scan, close

    public static let table = KeyTable<ScanPanelKey>([
        KeyRow(.scanning, tr("Setting"), tr("picks a setting"), [(.any(.up), .row(-1)), (.any(.down), .row(1))], context: tr("Scan panel")),
        KeyRow(.scanning, tr("Value"), tr("changes it (a click too)"), [(.any(.left), .value(-1)), (.any(.right), .value(1))], context: tr("Scan panel")),
        KeyRow(.scanning, tr("Scan"), tr("scans"), [(.any(.return), .scan)], context: tr("Scan panel")),
        KeyRow(.scanning, tr("Close"), tr("closes the panel"), [(.any(.escape), .close)], context: tr("Scan panel")),
    ])
}
