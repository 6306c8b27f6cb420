import Foundation
import StripsPictures
import StripsTestSupport
import Testing

/// Pages turned upright by themselves as they are opened, headless, on real pages nobody here made
/// (Tests/Corpus/real), turned at test time by quarter turns: the trace's `upright` says the turn
/// applied and `rotation` stays the user's own, Ctrl+Z takes the turn back for good, an upright
/// page gets nothing, a page the user turned first keeps the user's turn, `--rotate off` turns
/// nothing, and the page's menu says what was decided and why.
@Suite(.serialized) struct UprightWindowTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Corpus/real").path

    /// A real page turned `quarterTurns` clockwise, written as a PNG into `folder`.
    static func turned(_ file: String, quarterTurns: Int, into folder: TemporaryFolder) throws -> String {
        let pixels = try PictureDecoder.decodeStored("\(corpus)/\(file)").get()
        let orientation: Orientation = [.up, .right, .down, .left][quarterTurns]
        let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent + "-turned\(quarterTurns * 90).png"
        let path = folder.file(name)
        try PNGWriter().write(pixels.oriented(orientation), to: path).get()
        return path
    }

    /// Each thumbnail cell's page, `rotation` and `upright` (nil when absent) on a trace line.
    static func cells(_ line: Substring) throws -> [(page: String, rotation: Int, upright: Int?)] {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let cells = (json["thumbnails"] as? [String: Any])?["cells"] as? [[String: Any]] ?? []
        return cells.map { ($0["page"] as? String ?? "", $0["rotation"] as? Int ?? -1, $0["upright"] as? Int) }
    }

    static func run(_ pages: [String], script: String, in folder: TemporaryFolder, options: [String] = []) throws -> [Substring] {
        let path = folder.file("run.script")
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        let run = try runProcess(stripsBinary, ["photos"] + pages + options + ["--script", path])
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout.split(separator: "\n")
    }

    @Test func turnedScansAreTurnedUprightAsTheyOpenAndCtrlZTakesItBack() throws {
        let folder = try TemporaryFolder()
        // A scan lying on its left side, a book page upside down, a scan turned a quarter
        // clockwise, and a page already upright.
        let pages = [try Self.turned("tuned/scan-phototest.tif", quarterTurns: 1, into: folder),
                     try Self.turned("tuned/book-photo-cat.007.jpg", quarterTurns: 2, into: folder),
                     try Self.turned("tuned/scan-eurotext.tif", quarterTurns: 3, into: folder),
                     try Self.turned("tuned/scan-feyn.tif", quarterTurns: 0, into: folder)]
        let lines = try Self.run(pages, script: """
            window 1024 768
            at 1000 dump
            at 1100 key ctrl+z
            at 2500 dump
            at 2600 key ctrl+z
            at 3500 dump
            """, in: folder)
        try #require(lines.count == 3)
        let turned = try Self.cells(lines[0])
        #expect(turned.map(\.page) == ["scan-phototest-turned90.png", "book-photo-cat.007-turned180.png", "scan-eurotext-turned270.png",
                                       "scan-feyn-turned0.png"])
        // The turn that undoes each page's: 270 for a quarter clockwise, 180 for a half, 90 for three quarters.
        #expect(turned.map(\.upright) == [270, 180, 90, nil])
        #expect(turned.map(\.rotation) == [0, 0, 0, 0])
        // One undo step took them all back, and nothing turns them again.
        for line in lines[1...] {
            let cells = try Self.cells(line)
            #expect(cells.map(\.upright) == [nil, nil, nil, nil])
            #expect(cells.map(\.rotation) == [0, 0, 0, 0])
        }
    }

    /// `strips convert --ocr eng` reads each page as it lies first and runs orientation detection
    /// only on pages whose reading does not say by itself they are upright: the turned ones are
    /// still found, turned, and their text read upright; the upright one stays as it is.
    @Test func convertTurnsTurnedScansUprightAndReadsThem() throws {
        let folder = try TemporaryFolder()
        let pages = [try Self.turned("tuned/scan-phototest.tif", quarterTurns: 1, into: folder),
                     try Self.turned("tuned/scan-eurotext.tif", quarterTurns: 2, into: folder),
                     try Self.turned("tuned/scan-phototest.tif", quarterTurns: 3, into: folder),
                     try Self.turned("tuned/scan-feyn.tif", quarterTurns: 0, into: folder)]
        let out = folder.file("out.pdf")
        let run = try runProcess(stripsBinary, ["convert"] + pages + ["--output", out, "--ocr", "eng"],
                                 environment: ["XDG_CACHE_HOME": folder.file("cache")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("1 document from 4 pages, 3 turned upright"), "\(run.stdout)")
        let text = { (page: Int) throws -> String in
            try runProcess("/usr/bin/pdftotext", ["-f", "\(page)", "-l", "\(page)", out, "-"]).stdout
        }
        #expect(try text(1).contains("quick brown dog"))
        #expect(try text(2).contains("(quick) [brown]"))
        #expect(try text(3).contains("quick brown dog"))
        #expect(try text(4).contains("FEYNMAN"))
    }

    @Test func aPageTheUserTurnedFirstKeepsTheUsersTurn() throws {
        let folder = try TemporaryFolder()
        let pages = [try Self.turned("tuned/scan-phototest.tif", quarterTurns: 2, into: folder),
                     try Self.turned("tuned/scan-eurotext.tif", quarterTurns: 2, into: folder)]
        // R on the first page before its judgement lands: a quarter turn of the user's own.
        let lines = try Self.run(pages, script: "window 1024 768\nat 0 key r\nat 1500 dump\n", in: folder)
        let cells = try Self.cells(try #require(lines.first))
        #expect(cells.map(\.rotation) == [90, 0])
        #expect(cells.map(\.upright) == [nil, 180])
    }

    @Test func rotateOffTurnsNothing() throws {
        let folder = try TemporaryFolder()
        let pages = [try Self.turned("tuned/scan-phototest.tif", quarterTurns: 1, into: folder)]
        let lines = try Self.run(pages, script: "window 1024 768\nat 1000 dump\n", in: folder, options: ["--rotate", "off"])
        let cells = try Self.cells(try #require(lines.first))
        #expect(cells.map(\.upright) == [nil])
        #expect(cells.map(\.rotation) == [0])
    }

    @Test func thePagesMenuSaysWhatWasDecidedAndWhy() throws {
        let folder = try TemporaryFolder()
        let pages = [try Self.turned("tuned/scan-phototest.tif", quarterTurns: 3, into: folder)]
        // The menu of the page in focus (Shift+F10), once the turn has run.
        let lines = try Self.run(pages, script: "window 1024 768\nat 1000 key shift+F10\nat 1100 dump\n", in: folder)
        let line = try #require(lines.first)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let items = try #require((json["menu"] as? [String: Any])?["items"] as? [[String: Any]])
        #expect(items.prefix(2).map { $0["name"] as? String } == ["upright", "upright reason"])
        #expect(items.first?["label"] as? String == "Turned upright: 90° clockwise")
        let reason = try #require(items[1]["label"] as? String)
        #expect(reason.hasPrefix("The text read turned (confidence "), "\(reason)")
        #expect(items.prefix(2).allSatisfy { $0["enabled"] as? Bool == false })
        #expect(items[2]["name"] as? String == "rotate right")
    }
}
