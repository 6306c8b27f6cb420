import Foundation
import StripsSampleScans

/// `strips-bench-text saved DIR PDF`: a PDF the program saved from DIR's sample scans (page i is
/// `page-0i.jpg`, in any look), measured against the scans' truth: the share of each page's words
/// of four letters or more that `pdftotext` reads, how far `pdftotext -bbox`'s word edges lie from
/// the drawn words' (left and right, in points), and the bytes of each page's picture.
enum AppEvaluation {
    static func run(_ folder: String, saved pdf: String) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("page-") && $0.hasSuffix(".json") }.sorted()
        let images = imageSizes(pdf)
        print("| page | words | pdftotext words | left/right edges <= 2 pt of the drawn word | picture KB |")
        print("|---|---|---|---|---|")
        var found = 0, total = 0, close = 0, measured = 0
        for (i, name) in names.enumerated() {
            let truth = try JSONDecoder().decode(MakeScans.Truth.self, from: Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(name)")))
            let scale = 72 / truth.dpi
            let read = PDFWords.text(pdf, page: i + 1)
            let share = WordAccuracy.match(truth: WordAccuracy.longWords(truth.words.map(\.text).joined(separator: " ")), read: WordAccuracy.longWords(read))
            found += share.found
            total += share.of
            var drawn = Dictionary(grouping: truth.words, by: \.text)
            var edges: [Double] = []
            for word in PDFWords.words(pdf, page: i + 1) {
                guard var candidates = drawn[word.text], !candidates.isEmpty else { continue }
                let cx = (word.xMin + word.xMax) / 2, cy = (word.yMin + word.yMax) / 2
                func centre(_ d: MakeScans.Truth.Word) -> Double { hypot((d.x + d.width / 2) * scale - cx, (d.y + d.height / 2) * scale - cy) }
                let best = candidates.indices.min { centre(candidates[$0]) < centre(candidates[$1]) } ?? 0
                let d = candidates.remove(at: best)
                drawn[word.text] = candidates
                edges.append(max(abs(d.x * scale - word.xMin), abs((d.x + d.width) * scale - word.xMax)))
            }
            close += edges.filter { $0 <= 2 }.count
            measured += edges.count
            let kb = images.indices.contains(i) ? String(format: "%.0f", Double(images[i]) / 1000) : "-"
            print("| \(name.dropLast(5)) | \(share.of) | \(Evaluation.percent(share.found, share.of)) | \(Evaluation.percent(edges.filter { $0 <= 2 }.count, edges.count)) | \(kb) |")
        }
        print("all: \(found) of \(total) words (\(Evaluation.percent(found, total))); edges within 2 pt: \(Evaluation.percent(close, measured)); PDF \(fileSize(pdf) / 1000) KB")
    }

    /// Each page's image stream bytes, as `pdfimages -list` counts them (one image a page).
    static func imageSizes(_ pdf: String) -> [Int] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pdfimages")
        process.arguments = ["-list", pdf]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return [] }
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.split(separator: "\n").dropFirst(2).compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count >= 16, let value = Double(fields[14].dropLast()) else { return nil }
            let unit = fields[14].last
            return Int(value * (unit == "M" ? 1_048_576 : unit == "K" ? 1024 : 1))
        }
    }

    static func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }
}
