import Foundation
@testable import StripsCore
@testable import StripsPhotosFeatures
@testable import StripsPhotos

/// Runs a script against a scene exactly as `strips --script` does, and returns the trace lines
/// both as text and parsed.
struct SceneHarness {
    static func pages(_ aspects: [Double]) -> [Page] {
        aspects.enumerated().map { i, a in
            Page(id: "p\(i).png", path: "/nonexistent/p\(i).png", pixelSize: Size(width: 1000 * a, height: 1000))
        }
    }

    static let fivePages = pages([0.7, 1.5, 0.3, 3.0, 1.0])

    static func photos(_ script: String, pages: [Page] = fivePages, everyFrame: Bool = false) throws -> [Trace] {
        let parsed = try Script.parse(script)
        let scene = PhotosScene(documentName: "Test", pages: pages, windowSize: parsed.window)
        return try run(HeadlessRunner(script: parsed, scene: scene, traceEveryFrame: everyFrame))
    }

    static func run<S: Scene>(_ runner: HeadlessRunner<S>) throws -> [Trace] {
        var runner = runner
        var lines: [String] = []
        try runner.run(
            // The scenes' own key names (SDL's, lower-cased); any other single letter is a key no
            // scene uses, as SDL would deliver it.
            resolveKey: { name, ctrl, shift in
                let known = Key.Name(rawValue: name.lowercased()) ?? (name.count == 1 ? .other : nil)
                return known.map { Key($0, ctrl: ctrl, shift: shift) }
            },
            emit: { lines.append($0) },
            screenshot: { _, _ in })
        return try lines.map { try Trace(line: $0) }
    }
}

/// One parsed trace line.
struct Trace {
    let line: String
    let json: [String: Any]

    init(line: String) throws {
        self.line = line
        json = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
    }

    func number(_ key: String) -> Double { (json[key] as? NSNumber)?.doubleValue ?? .nan }
    var t: Double { number("t") }
    var active: Int { Int(number("active")) }
    var count: Int { Int(number("count")) }
    var idle: Bool { json["idle"] as? Bool ?? false }
    var pages: [String] { json["pages"] as? [String] ?? [] }

    func strip(_ name: String) -> [String: Any] { json[name] as? [String: Any] ?? [:] }
    func offset(_ strip: String) -> Double { (self.strip(strip)["offset"] as? NSNumber)?.doubleValue ?? .nan }
    var expanding: Double { (strip("thumbnails")["expanding"] as? NSNumber)?.doubleValue ?? .nan }

    func cells(_ strip: String) -> [Cell] {
        (self.strip(strip)["cells"] as? [[String: Any]] ?? []).map(Cell.init)
    }

    struct Cell {
        let json: [String: Any]
        var index: Int { (json["index"] as? NSNumber)?.intValue ?? -1 }
        var page: String { json["page"] as? String ?? "" }
        var alpha: Double { (json["alpha"] as? NSNumber)?.doubleValue ?? .nan }
        func rect(_ key: String = "frame") -> Rect {
            let v = (json[key] as? [NSNumber] ?? []).map(\.doubleValue)
            return v.count == 4 ? Rect(x: v[0], y: v[1], width: v[2], height: v[3]) : .zero
        }
    }
}
