import Foundation
import StripsTestSupport
import Testing

/// One picture too large to save in the middle of a batch (issue 38): left out at load with one
/// line, as an empty or unknown file is, and the rest of the batch saved. It used to be accepted
/// and judged, then fail the save of every document ("none of the 2 documents was saved").
@Suite struct OversizedPictureBatchTests {
    /// A PNG that says it is `width` x `height` (its header is all the loader reads; the pixels
    /// are never asked for).
    static func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func crc(_ bytes: [UInt8]) -> UInt32 {
            var c: UInt32 = 0xFFFF_FFFF
            for b in bytes {
                c ^= UInt32(b)
                for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
            }
            return ~c
        }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return be(UInt32(data.count)) + body + be(crc(body))
        }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", be(width) + be(height) + [8, 0, 0, 0, 0])
            + chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]) + chunk("IEND", [])
    }

    @Test(arguments: [(30_001, 20), (10_001, 10_001)])
    func anOversizedPictureIsLeftOutAtLoadAndTheRestIsSaved(_ size: (Int, Int)) throws {
        let folder = try TemporaryFolder()
        let first = folder.file("a.png"), big = folder.file("b.png"), last = folder.file("c.png")
        try FileManager.default.copyItem(atPath: LoaderFixtures.samplePage, toPath: first)
        try FileManager.default.copyItem(atPath: LoaderFixtures.samplePage, toPath: last)
        try Data(Self.pngHeader(width: UInt32(size.0), height: UInt32(size.1))).write(to: URL(fileURLWithPath: big))
        let output = folder.file("out.pdf")
        let run = try runProcess(stripsBinary, ["convert", first, big, last, "--output", output])
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("strips: \(big): too large: \(size.0) x \(size.1) pixels"), "\(run.stderr)")
        #expect(lines.first?.hasSuffix("too large to save, left out") == true, "\(run.stderr)")
        #expect(run.stdout.contains("from 2 pages"), "\(run.stdout)")
        #expect(FileManager.default.fileExists(atPath: output))
    }

    /// The window (here its headless run) shows such a picture, read a few rows at a time; its
    /// Ctrl+S refuses the save whole, before anything is written, with one line naming the page,
    /// and the document stays as it was (still unsaved, every page there).
    @Test func theWindowsSaveOfAnOversizedPageIsRefusedWholeNamingIt() throws {
        let folder = try TemporaryFolder()
        let first = folder.file("a.png"), big = folder.file("b.png")
        try FileManager.default.copyItem(atPath: LoaderFixtures.samplePage, toPath: first)
        try Data(Self.pngHeader(width: 30_001, height: 20)).write(to: URL(fileURLWithPath: big))
        let output = folder.file("out.pdf"), script = folder.file("s.txt"), trace = folder.file("t.jsonl")
        try "at 100 key ctrl+s\nat 600 dump\n".write(toFile: script, atomically: true, encoding: .utf8)
        let run = try runProcess(stripsBinary, ["photos", first, big, "--output", output, "--script", script, "--trace", trace])
        let expected = "strips: \(output): page b.png is too large to save (30001 x 20 pixels; at most 100 megapixels, 30000 pixels a side); nothing was written"
        #expect(run.stderr.split(separator: "\n").filter { $0.contains("too large") } == [Substring(expected)], "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output))
        #expect(folder.contents.allSatisfy { !$0.contains(".strips-") }, "\(folder.contents)")
        let line = try String(contentsOfFile: trace, encoding: .utf8)
        #expect(line.contains("\"count\":2,"), "every page still there: \(line.prefix(200))")
    }
}
