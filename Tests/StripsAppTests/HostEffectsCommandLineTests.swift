import Foundation
import StripsTestSupport
import Testing

/// The scene's effects carried out by the headless host, exactly as the window would: saving the
/// selection, reading dropped files, recording by Ctrl+R; and the keys the window knows (F) and
/// the script lines the contract added (`down X Y ctrl`, `text`, `drop`).
@Suite struct HostEffectsCommandLineTests {
    let cli = CommandLineTests()
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func scratch(_ name: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strips-effects-\(getpid())-\(name)")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.path
    }

    func lines(_ stdout: String) throws -> [[String: Any]] {
        try stdout.split(separator: "\n").map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
    }

    @Test func ctrlShiftSSavesTheSelectionToOutputAndTheDocumentStaysAsItIs() throws {
        let dir = try scratch("selection")
        let script = try cli.temp("selection.strips", """
            window 1024 768
            at 100 down 565 727 ctrl
            at 130 up 565 727
            at 200 down 640 727 ctrl
            at 230 up 640 727
            at 300 key ctrl+shift+s
            at 400 dump
            at 500 end
            """)
        let result = try cli.run(["photos", "--output", dir + "/out", "--script", script])
        #expect(result.status == 0, "\(result.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir + "/out").sorted()
        #expect(files == ["001.jpg", "002.jpg"])
        // The second and fourth pages of the sample, byte for byte.
        let sample = Self.repository.appendingPathComponent("Assets/Sample")
        #expect(FileManager.default.contentsEqual(atPath: dir + "/out/001.jpg", andPath: sample.appendingPathComponent("02-invoice.jpg").path))
        #expect(FileManager.default.contentsEqual(atPath: dir + "/out/002.jpg", andPath: sample.appendingPathComponent("04-receipt.jpg").path))
        let line = try #require(try lines(result.stdout).first)
        #expect(line["count"] as? Int == 8)
        #expect(line["selected"] as? [Int] == [1, 3])
        #expect(line["dirty"] as? Bool == false)
    }

    @Test func aDroppedFolderIsReadByTheHostAndInsertedAfterTheFocus() throws {
        let dropped = Self.repository.appendingPathComponent("Tests/Fixtures/orientation").path
        let script = try cli.temp("drop.strips", "at 0 key Right\nat 500 drop \(dropped)\nat 2000 dump\nat 2100 key ctrl+z\nat 3000 dump")
        let result = try cli.run(["photos", "--script", script])
        #expect(result.status == 0, "\(result.stderr)")
        let (dropLine, undone) = try (#require(try lines(result.stdout).first), #require(try lines(result.stdout).last))
        let pages = try #require(dropLine["pages"] as? [String])
        let inserted = try FileManager.default.contentsOfDirectory(atPath: dropped).filter { !$0.hasPrefix(".") }.count
        #expect(pages.count == 8 + inserted)
        #expect(pages[0] == "01-contract.jpg" && pages[1] == "02-invoice.jpg" && pages[2 + inserted] == "03-report-landscape.jpg")
        #expect(dropLine["active"] as? Int == 2)
        #expect((undone["pages"] as? [String])?.count == 8)
    }

    @Test func ctrlRRecordsIntoTheVideosFolderAndStops() throws {
        let home = try scratch("home")
        let script = try cli.temp("record.strips", "at 100 key ctrl+r\nat 200 key Right\nat 700 key ctrl+r\nat 800 end")
        let result = try cli.run(["photos", "--script", script], environment: ["HOME": home, "XDG_CONFIG_HOME": home + "/config"])
        #expect(result.status == 0, "\(result.stderr)")
        let gifs = try FileManager.default.contentsOfDirectory(atPath: home).filter { $0.hasPrefix("Strips ") && $0.hasSuffix(".gif") }
        #expect(gifs.count == 1)
        let gif = try #require(gifs.first)
        let blocks = try InstrumentsCommandLineTests.GIFBlocks(Array(try Data(contentsOf: URL(fileURLWithPath: home + "/" + gif))))
        #expect(blocks.width == 1024 && blocks.frames >= 2)
        // 0.6 s recorded: the frame delays add up to it.
        #expect(abs(blocks.delays.reduce(0, +) - 60) <= 4)
        #expect(result.stderr.contains("recording to \(home)/Strips "))
    }

    @Test func theWindowsOwnKeysAndTypedTextLeaveTheTraceAlone() throws {
        let plain = try cli.temp("plain.strips", "at 100 key Right\nat 600 key Delete\nat 1500 end")
        let extra = try cli.temp("extra.strips", "at 50 key f\nat 100 key Right\nat 300 text hello\nat 600 key Delete\nat 700 key f\nat 1500 end")
        let a = try cli.run(["photos", "--script", plain, "--trace-every-frame"])
        let b = try cli.run(["photos", "--script", extra, "--trace-every-frame"])
        #expect(a.status == 0 && b.status == 0, "\(b.stderr)")
        #expect(a.stdout == b.stdout)
        #expect(!a.stdout.isEmpty)
    }
}
