/// The scan panel's keys, its own table: its handler looks keys up in it and the keys overlay lists it.
public enum ScanPanelKey: Hashable, Sendable {
    case row(Int), value(Int), scan, close

    public static let table = KeyTable<ScanPanelKey>([
        KeyRow(.scanning, "Setting", "picks a setting", [(.any(.up), .row(-1)), (.any(.down), .row(1))], context: "Scan panel"),
        KeyRow(.scanning, "Value", "changes it (a click too)", [(.any(.left), .value(-1)), (.any(.right), .value(1))], context: "Scan panel"),
        KeyRow(.scanning, "Scan", "scans", [(.any(.return), .scan)], context: "Scan panel"),
        KeyRow(.scanning, "Close", "closes the panel", [(.any(.escape), .close)], context: "Scan panel"),
    ])
}
