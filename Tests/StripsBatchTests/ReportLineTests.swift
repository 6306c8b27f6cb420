import Foundation
import StripsConvert
import Testing

/// `--report`'s lines and `--after-save`'s command.
@Suite struct ReportLineTests {
    @Test func aLineIsOneJSONObjectWithTheContractsFields() throws {
        let written = DocumentOutcome(inputs: ["/in/a \"b\".jpg", "/in/c.pdf"], pages: 3, output: "/out/x\ny.pdf", bytes: 1234, seconds: 1.5, error: nil)
        let line = written.jsonLine
        #expect(!line.contains("\n"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["input"] as? [String] == ["/in/a \"b\".jpg", "/in/c.pdf"])
        #expect(object["pages"] as? Int == 3)
        #expect(object["output"] as? String == "/out/x\ny.pdf")
        #expect(object["bytes"] as? Int == 1234)
        #expect(object["seconds"] as? Double == 1.5)
        #expect(object["error"] is NSNull)
        #expect(object["resumed"] == nil)
        #expect(line.hasPrefix("{\"input\": "), "the contract's order")

        let failed = DocumentOutcome(inputs: [], pages: 0, output: nil, bytes: nil, seconds: 0, error: "the disk is full")
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(failed.jsonLine.utf8)) as? [String: Any])
        #expect(parsed["output"] is NSNull && parsed["bytes"] is NSNull && parsed["error"] as? String == "the disk is full")
    }

    @Test func theAfterSaveCommandGetsThePathAsAnArgumentNeverAsShellText() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("strips-after-save-\(getpid())").path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        // A name a shell would run if it were pasted into the command.
        let marker = "strips-pwned-\(getpid())"
        let hostile = scratch + "/a $(mkdir \(marker)) `mkdir \(marker)`; 'q' \"d\" b.pdf"
        #expect(AfterSave(command: "cp -- \"$1\" \(scratch)/copy.pdf").run(for: hostile) != nil, "no such file: the command failed")
        _ = FileManager.default.createFile(atPath: hostile, contents: Data("%PDF".utf8))
        #expect(AfterSave(command: "cp -- \"$1\" \(scratch)/copy.pdf").run(for: hostile) == nil)
        #expect(FileManager.default.contents(atPath: scratch + "/copy.pdf") == Data("%PDF".utf8))
        // Without $1, the path comes last.
        try FileManager.default.createDirectory(atPath: scratch + "/consume", withIntermediateDirectories: true)
        #expect(AfterSave(command: "cp -t \(scratch)/consume").run(for: hostile) == nil)
        #expect(FileManager.default.fileExists(atPath: scratch + "/consume/" + (hostile as NSString).lastPathComponent))
        #expect(!FileManager.default.fileExists(atPath: marker), "the name was never run as shell text")
        try? FileManager.default.removeItem(atPath: marker)
        let failed = AfterSave(command: "exit 3").run(for: hostile)
        #expect(failed?.hasSuffix("the command ended with status 3") == true)
        #expect(failed?.contains("\n") == false)
    }
}
