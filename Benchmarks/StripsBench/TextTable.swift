import StripsCore

/// A plain-text table with right-aligned columns, as `strips bench` prints it.
public struct TextTable: Sendable {
    public var header: [String]
    public var rows: [[String]] = []

    public init(_ header: [String]) { self.header = header }

    public mutating func add(_ row: [String]) { rows.append(row) }

    public var rendered: String {
        let all = [header] + rows
        let widths = header.indices.map { c in all.map { c < $0.count ? $0[c].count : 0 }.max() ?? 0 }
        func line(_ row: [String]) -> String {
            row.indices.map { c in
                let cell = row[c], pad = String(repeating: " ", count: widths[c] - cell.count)
                return c == 0 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        return ([line(header), rule] + rows.map(line)).joined(separator: "\n")
    }

    /// A duration in nanoseconds, in a unit that keeps 3 significant figures readable.
    public static func duration(ns: Double) -> String {
        switch ns {
        case ..<1_000: return format(ns, 0) + " ns"
        case ..<1_000_000: return format(ns / 1_000, ns < 10_000 ? 2 : 1) + " us"
        case ..<1_000_000_000: return format(ns / 1_000_000, ns < 10_000_000 ? 2 : 1) + " ms"
        default: return format(ns / 1_000_000_000, 2) + " s"
        }
    }

    public static func format(_ value: Double, _ decimals: Int) -> String { value.fixed(decimals) }
}
