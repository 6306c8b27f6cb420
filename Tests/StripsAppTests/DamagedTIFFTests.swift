import Foundation
import StripsTestSupport
import Testing

/// Damaged multi-page TIFFs of every compression Strips reads (Scripts/make-damaged-tiffs.sh):
/// none hangs or crashes; a file that loses pages names the loss once ("damaged: 1 of 3 pages
/// could be read", as a PDF does) and keeps each page it cannot read as an error card, which a
/// save refuses; a file not named is whole (issue 28).
@Suite struct DamagedTIFFTests {
    @Test func damagedMultiPageTIFFsNameTheirLossAndDropNoPage() throws {
        let folder = try DamagedInputTests.scratch("tiffs")
        defer { try? FileManager.default.removeItem(at: folder) }
        let corpus = folder.appendingPathComponent("tiffs")
        let made = try DamagedInputTests.run("/bin/bash", [DamagedInputTests.repository.appendingPathComponent("Scripts/make-damaged-tiffs.sh").path, corpus.path],
                                             environment: ProcessInfo.processInfo.environment)
        try #require(made.status == 0, "\(made.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted()
        #expect(files.count == 7 * 12)

        // Every page drawn (so decoded) in turn, then the document dumped.
        var script = "window 160 120\n"
        let pagesAtMost = files.count * 3
        for page in 0..<pagesAtMost { script += "at \(page * 100 + 90) screenshot \(folder.path)/shot.png\nat \(page * 100 + 95) key Right\n" }
        script += "at \(pagesAtMost * 100 + 100) dump\n"
        let scriptPath = folder.appendingPathComponent("tiffs.strips").path
        try script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
        let result = try DamagedInputTests.run(CommandLineTests.binary, ["photos", corpus.path, "--script", scriptPath],
                                               environment: ProcessInfo.processInfo.environment)
        try #require(result.status == 0, "\(result.stderr.prefix(2000))")
        let dump = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let ids = try #require(dump["pages"] as? [String])
        var pages: [String: Int] = [:]
        for id in ids { pages[String(id.split(separator: " ").first ?? ""), default: 0] += 1 }

        let prefix = "strips: \(corpus.path)/"
        var said: [String: String] = [:]
        for line in result.stderr.split(separator: "\n").map(String.init) {
            #expect(line.hasPrefix(prefix), "\(line)")
            let rest = line.dropFirst(prefix.count)
            guard let colon = rest.range(of: ": ") else { continue }
            let file = String(rest[..<colon.lowerBound])
            #expect(said[file] == nil, "\(file) named twice")
            said[file] = String(rest[colon.upperBound...])
        }
        for file in files {
            let count = pages[file] ?? 0
            if file.contains("--pristine") { #expect(count == 3 && said[file] == nil, "\(file)") }
            // Nothing short without a word: a file not named has all its pages.
            if said[file] == nil { #expect(count == 3, "\(file) has \(count) pages and no word") }
            // A loss named is a loss kept: one card a page not read.
            if let line = said[file], line.hasPrefix("damaged: "), let of = line.range(of: " of ") {
                let total = Int(line[of.upperBound...].prefix { $0.isNumber }) ?? -1
                #expect(count == total, "\(file): \(line), \(count) pages")
            }
        }
        for compression in ["none", "lzw", "zip", "rle", "jpeg", "fax", "group4"] {
            #expect(said["\(compression)--next-past-end.tif"] == "damaged: 1 of 3 pages could be read")
        }
        #expect(said.values.filter { $0.hasPrefix("damaged: ") }.count >= 10)

        // Saving a file with lost pages is refused, naming the page, and writes nothing.
        let cut = corpus.appendingPathComponent("lzw--next-past-end.tif").path
        let save = folder.appendingPathComponent("save.strips").path
        try "at 0 key ctrl+s\nat 100 end\n".write(toFile: save, atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("out.pdf").path
        let saved = try DamagedInputTests.run(CommandLineTests.binary, ["photos", cut, "--script", save, "--output", output],
                                              environment: ProcessInfo.processInfo.environment)
        #expect(saved.stderr.contains("strips: \(output): lzw--next-past-end.tif: page 2 of the TIFF cannot be read"), "\(saved.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }
}
