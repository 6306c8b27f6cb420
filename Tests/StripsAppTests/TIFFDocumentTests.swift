import Foundation
import StripsTestSupport
import Testing

/// A multi-page TIFF through the command line, as a user opens one: a page per page.
@Suite struct TIFFDocumentTests {
    @Test func aThreePageTIFFIsThreePagesInTheTrace() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strips-tiffdoc-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tiff = folder.appendingPathComponent("fax.tif").path
        #expect(TIFFMaker.write([.init(width: 80, height: 100, rgb: (250, 0, 0)), .init(width: 100, height: 80, rgb: (0, 250, 0)),
                                 .init(width: 64, height: 64, rgb: (0, 0, 250))], to: tiff))
        let script = folder.appendingPathComponent("run.strips").path
        try "window 640 480\nat 0 key End\nat 600 dump\nat 700 end\n".write(toFile: script, atomically: true, encoding: .utf8)
        let run = try runProcess(stripsBinary, ["photos", tiff, "--script", script])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        let line = try #require(run.stdout.split(separator: "\n").first)
        let trace = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(trace["pages"] as? [String] == ["fax.tif p. 1", "fax.tif p. 2", "fax.tif p. 3"])
        #expect(trace["active"] as? Int == 2)
    }
}
