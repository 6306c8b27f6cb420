import StripsPizza
import Foundation
import Testing

/// `strips pizza` as a user or a script sees it: trace fields, screenshots, a broken menu.
@Suite struct PizzaCommandLineTests {
    let cli = CommandLineTests()

    func run(_ args: [String], environment: [String: String] = [:]) throws -> CommandLineTests.Result {
        try cli.run(args, environment: environment)
    }

    @Test func scriptedRunTracesBothHalvesAndCaptions() throws {
        let shot = try cli.temp("pizza.png")
        try? FileManager.default.removeItem(atPath: shot)
        let script = try cli.temp("pizza.strips", """
            window 800 600
            at 0 dump
            at 10 move 600 300
            at 20 key down
            at 800 screenshot \(shot)
            at 800 dump
            at 800 end
            """)
        let result = try run(["pizza", "--script", script])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        let last = try #require(JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
        #expect(last["scene"] as? String == "pizza")
        let right = try #require(last["right"] as? [String: Any])
        #expect((right["index"] as? NSNumber)?.intValue == 1)
        let cell = try #require((right["cells"] as? [[String: Any]])?.first { ($0["index"] as? NSNumber)?.intValue == 1 })
        #expect(cell["pizza"] as? String == "Pepperoni")
        for key in ["frame", "alpha", "scale", "z"] { #expect(cell[key] != nil, "\(key)") }
        let captions = try #require(last["captions"] as? [[String: Any]])
        #expect(captions.compactMap { $0["text"] as? String }.sorted() == ["Margherita", "Pepperoni"])
        #expect(FileManager.default.fileExists(atPath: shot))
        // The same script, the same bytes.
        #expect(try run(["pizza", "--script", script]).stdout == result.stdout)
    }

    @Test func brokenMenuIsOneLineAndNonZero() throws {
        let root = try cli.temp("assets-broken")
        try? FileManager.default.removeItem(atPath: root)
        try FileManager.default.createDirectory(atPath: root + "/Sample", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/Pizza", withIntermediateDirectories: true)
        try "slug\tname\tprice_cents\nmargherita\tMargherita\tcheap\n".write(toFile: root + "/Pizza/menu.tsv", atomically: true, encoding: .utf8)
        let script = try cli.temp("end.strips", "at 0 end\n")
        let bad = try run(["pizza", "--script", script], environment: ["STRIPS_ASSETS": root])
        #expect(bad.status != 0)
        #expect(bad.stderr.split(separator: "\n").count == 1)
        #expect(bad.stderr.contains("menu.tsv") && bad.stderr.contains("line 2"))
        // A menu naming a pizza without its pictures.
        try "slug\tname\tprice_cents\nmargherita\tMargherita\t999\n".write(toFile: root + "/Pizza/menu.tsv", atomically: true, encoding: .utf8)
        let missing = try run(["pizza", "--script", script], environment: ["STRIPS_ASSETS": root])
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("margherita-left.png"))
        #expect(missing.stderr.split(separator: "\n").count == 1)
    }
}
