import Foundation
import StripsTestSupport
import Testing

/// The redesign of issue 20 must not change what a user sees: every script in Tests/Baseline is
/// run again by today's binary and its every-frame trace compared with the one recorded from the
/// build before the redesign (`Tests/Baseline/record.sh`). Numbers may differ by rounding (0.5 pt);
/// ids, counts, indices, booleans and strings must be equal; fields added since (the contract
/// allows additions) are ignored.
@Suite struct BaselineTraceTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Baseline")

    static var scripts: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".script") }.map { String($0.dropLast(".script".count)) }.sorted()
    }

    @Test func everyScriptHasItsTrace() {
        #expect(Self.scripts.count >= 12)
        for name in Self.scripts {
            #expect(FileManager.default.fileExists(atPath: Self.folder.appendingPathComponent("\(name).jsonl.gz").path), "\(name)")
        }
    }

    @Test(arguments: scripts) func traceUnchanged(_ name: String) throws {
        let script = Self.folder.appendingPathComponent("\(name).script").path
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("strips-baseline-\(getpid())-\(name)")
        try? FileManager.default.removeItem(at: scratch)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        // The first line names the scene and its options; {tmp} is a scratch folder.
        let header = try String(contentsOfFile: script, encoding: .utf8).split(separator: "\n").first ?? ""
        let run = header.replacingOccurrences(of: "# run: ", with: "").replacingOccurrences(of: "{tmp}", with: scratch.path)
        let trace = scratch.appendingPathComponent("trace.jsonl").path
        let args = run.split(separator: " ").map(String.init) + ["--script", script, "--trace-every-frame", "--trace", trace]
        let result = try runProcess(stripsBinary, args)
        try #require(result.status == 0, "\(result.stderr)")
        let now = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
        let gz = try runProcess("/bin/gzip", ["-dc", Self.folder.appendingPathComponent("\(name).jsonl.gz").path])
        let then = gz.stdout.split(separator: "\n")
        #expect(now.count == then.count, "\(name): \(now.count) frames, the baseline has \(then.count)")
        var differences: [String] = []
        for (i, (a, b)) in zip(then, now).enumerated() where a != b {
            let old = try TraceValue.parse(String(a)), new = try TraceValue.parse(String(b))
            differences += old.differences(from: new, at: "frame \(i)").prefix(3)
            if differences.count >= 12 { break }
        }
        #expect(differences.isEmpty, "\(name):\n\(differences.joined(separator: "\n"))")
    }

    /// The comparison can fail: a moved cell, a changed id and a dropped field are all found.
    @Test func comparisonFindsDifferences() throws {
        let base = try TraceValue.parse(#"{"active":1,"cells":[{"page":"a","frame":[0,0,10,10]}],"idle":true}"#)
        #expect(base.differences(from: try TraceValue.parse(#"{"active":1,"cells":[{"page":"a","frame":[0.4,0,10,10]}],"idle":true,"selected":[]}"#), at: "").isEmpty)
        #expect(!base.differences(from: try TraceValue.parse(#"{"active":1,"cells":[{"page":"a","frame":[0.6,0,10,10]}],"idle":true}"#), at: "").isEmpty)
        #expect(!base.differences(from: try TraceValue.parse(#"{"active":2,"cells":[{"page":"a","frame":[0,0,10,10]}],"idle":true}"#), at: "").isEmpty)
        #expect(!base.differences(from: try TraceValue.parse(#"{"active":1,"cells":[{"page":"b","frame":[0,0,10,10]}],"idle":true}"#), at: "").isEmpty)
        #expect(!base.differences(from: try TraceValue.parse(#"{"active":1,"cells":[],"idle":true}"#), at: "").isEmpty)
        #expect(!base.differences(from: try TraceValue.parse(#"{"active":1,"cells":[{"page":"a","frame":[0,0,10,10]}],"idle":false}"#), at: "").isEmpty)
        #expect(!base.differences(from: try TraceValue.parse(#"{"active":1,"cells":[{"page":"a","frame":[0,0,10,10]}]}"#), at: "").isEmpty)
    }
}

/// A trace line read back: just enough JSON for the comparison (the trace writes no escapes but
/// quotes and backslashes in ids, and no exponents).
indirect enum TraceValue {
    case number(Double), string(String), bool(Bool), null
    case array([TraceValue])
    case object([(String, TraceValue)])

    /// Fields that count things or name a frame: equal, not near ("frame" is also a cell's
    /// rectangle, which is near).
    static let exact: Set<String> = ["t", "count", "active", "index", "rotation", "z", "selected"]

    func differences(from new: TraceValue, at path: String, key: String = "", inArray: Bool = false) -> [String] {
        switch (self, new) {
        case (.number(let a), .number(let b)):
            let tolerance = Self.exact.contains(key) || (key == "frame" && !inArray) ? 1e-9 : 0.5
            return abs(a - b) <= tolerance ? [] : ["\(path): \(a) became \(b)"]
        case (.string(let a), .string(let b)) where a == b: return []
        case (.bool(let a), .bool(let b)) where a == b: return []
        case (.null, .null): return []
        case (.array(let a), .array(let b)):
            guard a.count == b.count else { return ["\(path): \(a.count) items became \(b.count)"] }
            return zip(a, b).enumerated().flatMap { i, pair in pair.0.differences(from: pair.1, at: "\(path)[\(i)]", key: key, inArray: true) }
        case (.object(let a), .object(let b)):
            let newFields = Dictionary(b, uniquingKeysWith: { first, _ in first })
            return a.flatMap { k, value in
                guard let other = newFields[k] else { return ["\(path).\(k): missing"] }
                return value.differences(from: other, at: "\(path).\(k)", key: k)
            }
        default:
            return ["\(path): \(self) became \(new)"]
        }
    }

    struct ParseError: Error {}

    static func parse(_ text: String) throws -> TraceValue {
        var reader = Reader(bytes: Array(text.utf8))
        return try reader.value()
    }

    private struct Reader {
        let bytes: [UInt8]
        var i = 0

        mutating func skip() { while i < bytes.count, bytes[i] == 0x20 { i += 1 } }

        mutating func value() throws -> TraceValue {
            skip()
            guard i < bytes.count else { throw ParseError() }
            switch bytes[i] {
            case UInt8(ascii: "{"):
                i += 1
                var fields: [(String, TraceValue)] = []
                skip()
                if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(fields) }
                while true {
                    skip()
                    guard case .string(let key) = try value() else { throw ParseError() }
                    skip()
                    guard bytes[i] == UInt8(ascii: ":") else { throw ParseError() }
                    i += 1
                    fields.append((key, try value()))
                    skip()
                    if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                    guard bytes[i] == UInt8(ascii: "}") else { throw ParseError() }
                    i += 1
                    return .object(fields)
                }
            case UInt8(ascii: "["):
                i += 1
                var items: [TraceValue] = []
                skip()
                if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
                while true {
                    items.append(try value())
                    skip()
                    if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                    guard bytes[i] == UInt8(ascii: "]") else { throw ParseError() }
                    i += 1
                    return .array(items)
                }
            case UInt8(ascii: "\""):
                i += 1
                var out: [UInt8] = []
                while bytes[i] != UInt8(ascii: "\"") {
                    if bytes[i] == UInt8(ascii: "\\") { i += 1 }
                    out.append(bytes[i])
                    i += 1
                }
                i += 1
                return .string(String(decoding: out, as: UTF8.self))
            case UInt8(ascii: "t"): i += 4; return .bool(true)
            case UInt8(ascii: "f"): i += 5; return .bool(false)
            case UInt8(ascii: "n"): i += 4; return .null
            default:
                let start = i
                while i < bytes.count, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: ".") || (0x30...0x39).contains(bytes[i]) { i += 1 }
                guard let n = Double(String(decoding: bytes[start..<i], as: UTF8.self)) else { throw ParseError() }
                return .number(n)
            }
        }
    }
}
