import StripsCore
import TOMLKit

extension Tuning {
    /// The value as a TOML file a designer can edit: every key with its meaning, unit, valid
    /// range and default, grouped in the sections of `Tuning.sections`.
    public func commentedTOML() -> String {
        var lines = [
            "# Strips tuning: every number of the design, with the articles' defaults.",
            "# Edit a value and load the file with --tuning FILE. Keys left out keep their defaults;",
            "# a bad key or value is named on standard error and ignored, the rest still applies.",
        ]
        for section in Self.sections {
            lines += ["", "# \(section.comment)", "[\(section.key)]"]
            for field in Self.fields where field.section == section.key {
                let unit = field.unit.isEmpty ? "" : "\(field.unit), "
                lines.append("# \(field.comment)")
                lines.append("# (\(unit)\(Self.format(field.range.lowerBound)) ... \(Self.format(field.range.upperBound)), default \(Self.format(field.defaultValue)))")
                lines.append("\(field.key) = \(Self.format(self[keyPath: field.keyPath]))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// This value with the keys of a TOML file applied. Each bad key or value keeps the old
    /// value and is named in one line of `problems`: an unknown section or key, a value that is
    /// not a number, a number out of range. A file that is not TOML at all changes nothing and
    /// gives one problem with its line.
    public func applying(toml: String) -> (Tuning, problems: [String]) {
        let table: TOMLTable
        do {
            table = try TOMLTable(string: toml)
        } catch let error as TOMLParseError {
            return (self, ["line \(error.source.begin.line): \(Self.oneLine(error.description)); nothing applied"])
        } catch {
            return (self, ["\(Self.oneLine("\(error)")); nothing applied"])
        }
        var result = self
        var problems: [String] = []
        let known = Set(Self.sections.map(\.key))
        for sectionKey in table.keys.sorted(by: Self.fileOrder) {
            guard let value = table[sectionKey] else { continue }
            guard known.contains(sectionKey) else {
                problems.append(value.type == .table ? "unknown section [\(sectionKey)]" : "unknown key \(sectionKey)")
                continue
            }
            guard let section = value.table else {
                problems.append("\(sectionKey): expected a section of numbers, got \(Self.describe(value.type))")
                continue
            }
            let fields = Dictionary(uniqueKeysWithValues: Self.fields.filter { $0.section == sectionKey }.map { ($0.key, $0) })
            for key in section.keys.sorted(by: Self.fileOrder) {
                guard let item = section[key] else { continue }
                guard let field = fields[key] else {
                    problems.append("unknown key \(sectionKey).\(key)")
                    continue
                }
                let number: Double
                switch item.type {
                case .double: number = item.double ?? .nan
                case .int: number = Double(item.int ?? 0)
                default:
                    problems.append("\(field.name): expected a number, got \(Self.describe(item.type)); keeping \(Self.format(result[keyPath: field.keyPath]))")
                    continue
                }
                guard field.accepts(number) else {
                    problems.append("\(field.name) = \(Self.format(number)) is outside \(Self.format(field.range.lowerBound)) ... \(Self.format(field.range.upperBound)); keeping \(Self.format(result[keyPath: field.keyPath]))")
                    continue
                }
                result[keyPath: field.keyPath] = number
            }
        }
        return (result, problems)
    }

    /// Sections and keys in the order the printed file has them, unknown ones after, by name:
    /// problems come out in a stable, readable order.
    private static func fileOrder(_ a: String, _ b: String) -> Bool {
        switch (rank[a], rank[b]) {
        case let (x?, y?): return x < y
        case (.some, nil): return true
        case (nil, .some): return false
        case (nil, nil): return a < b
        }
    }

    private static let rank = Dictionary((sections.map(\.key) + fields.map(\.key)).enumerated().map { ($1, $0) },
                                         uniquingKeysWith: min)

    /// Swift's shortest round-trip form: "44.0", "0.998"; valid TOML floats, and the file
    /// parses back to the same bits.
    static func format(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value > 0 ? "inf" : "-inf" }
        return "\(value)"
    }

    private static func describe(_ type: TOMLType) -> String {
        switch type {
        case .table: "a table"
        case .array: "an array"
        case .string: "a string"
        case .int: "an integer"
        case .double: "a number"
        case .bool: "a boolean"
        case .date, .time, .dateTime: "a date or time"
        }
    }

    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
