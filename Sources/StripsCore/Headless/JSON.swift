import Foundation

/// Just enough JSON to write trace lines deterministically: keys keep their given order and
/// numbers are rounded to a thousandth of a point, so the same run always prints the same bytes.
public indirect enum JSON: Hashable, Sendable {
    case number(Double)
    case string(String)
    case bool(Bool)
    case array([JSON])
    case object([Field])
    case null

    public struct Field: Hashable, Sendable {
        public var key: String
        public var value: JSON
        public init(_ key: String, _ value: JSON) {
            self.key = key
            self.value = value
        }
    }

    public static func object(_ pairs: [(String, JSON)]) -> JSON { .object(pairs.map { Field($0.0, $0.1) }) }
    public static func rect(_ r: Rect) -> JSON { .array([.number(r.x), .number(r.y), .number(r.width), .number(r.height)]) }
    public static func int(_ i: Int) -> JSON { .number(Double(i)) }

    public var serialized: String {
        var out = ""
        write(to: &out)
        return out
    }

    public func write(to out: inout String) {
        switch self {
        case .number(let n): out += Self.format(n)
        case .string(let s): Self.writeString(s, to: &out)
        case .bool(let b): out += b ? "true" : "false"
        case .null: out += "null"
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .object(let fields):
            out += "{"
            for (i, field) in fields.enumerated() {
                if i > 0 { out += "," }
                Self.writeString(field.key, to: &out)
                out += ":"
                field.value.write(to: &out)
            }
            out += "}"
        }
    }

    /// The largest magnitude a trace number has: what is written exactly as an integer (a
    /// coordinate past it is a fault elsewhere; the line stays JSON either way).
    static let limit = 1e15

    static func format(_ n: Double) -> String {
        guard n.isFinite else { return "0" }
        let rounded = (min(limit, max(-limit, n)) * 1000).rounded() / 1000
        if rounded == 0 { return "0" }
        if rounded == rounded.rounded() { return String(Int64(rounded)) }
        var s = String(format: "%.3f", rounded)
        while s.hasSuffix("0") { s.removeLast() }
        return s
    }

    static func writeString(_ s: String, to out: inout String) {
        out += "\""
        // Page ids and names rarely need escaping: copy them whole (a 100,000-page trace line
        // spends most of its time here).
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            out += s
            out += "\""
            return
        }
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
