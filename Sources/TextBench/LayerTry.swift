import Foundation
import StripsLooks
import StripsSampleScans
import StripsText

/// `layer PAGE.jpg OUT_DIR`: one page recognised, saved with its text layer, read back.
enum LayerTry {
    static func run(_ path: String, into folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let jpeg = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        guard let picture = SampleJPEG.decode(jpeg) else { return }
        let recognizer = try Recognizer(languages: "eng")
        let text = try recognizer.recognise(picture, dpi: 300)
        let image = PDFImage(bytes: jpeg, width: picture.width, height: picture.height, filter: .dct, colourSpace: .rgb, bitsPerComponent: 8, decodeParms: nil)
        let scan = folder + "/scan.pdf", layered = folder + "/layered.pdf"
        try? FileManager.default.removeItem(atPath: layered)
        try ScanPDF.write(image, dpi: 300, to: scan)
        let placement = TextPlacement.scan(width: picture.width, height: picture.height, dpi: 300)
        try Data(TextLayer.page(text, placement: placement)).write(to: URL(fileURLWithPath: folder + "/text.pdf"))
        switch TextOverlay.overlay([0: (text, placement)], of: scan, output: layered) {
        case .failure(let error): print("overlay:", error)
        case .success: print("written", layered)
        }
        let words = PDFWords.words(layered)
        var distances: [Double] = []
        var pool = Dictionary(grouping: text.words, by: \.text)
        for word in words {
            guard var candidates = pool[word.text], !candidates.isEmpty else { continue }
            let scale = 72 / 300.0
            func distance(_ t: TextWord) -> Double {
                [abs(t.box.x * scale - word.xMin), abs(t.box.y * scale - word.yMin), abs(t.box.maxX * scale - word.xMax), abs(t.box.maxY * scale - word.yMax)].max() ?? 0
            }
            let best = candidates.indices.min { distance(candidates[$0]) < distance(candidates[$1]) } ?? 0
            distances.append(distance(candidates[best]))
            candidates.remove(at: best)
            pool[word.text] = candidates
        }
        var horizontal: [Double] = [], vertical: [Double] = [], centres: [Double] = []
        pool = Dictionary(grouping: text.words, by: \.text)
        for word in words {
            guard var candidates = pool[word.text], !candidates.isEmpty else { continue }
            let scale = 72 / 300.0
            func centre(_ t: TextWord) -> Double {
                let dx = (t.box.x + t.box.width / 2) * scale - (word.xMin + word.xMax) / 2
                let dy = (t.box.y + t.box.height / 2) * scale - (word.yMin + word.yMax) / 2
                return (dx * dx + dy * dy).squareRoot()
            }
            let best = candidates.indices.min { centre(candidates[$0]) < centre(candidates[$1]) } ?? 0
            let t = candidates[best]
            horizontal.append(max(abs(t.box.x * scale - word.xMin), abs(t.box.maxX * scale - word.xMax)))
            // How far the ink sticks out of the text box (0 when inside).
            vertical.append(max(0, word.yMin - t.box.y * scale, t.box.maxY * scale - word.yMax))
            centres.append(centre(t))
            candidates.remove(at: best)
            pool[word.text] = candidates
        }
        for (name, values) in [("x edges", horizontal), ("ink outside box", vertical), ("centres", centres)] {
            let sorted = values.sorted()
            guard !sorted.isEmpty else { continue }
            print(String(format: "%@: median %.2f, p95 %.2f, max %.2f, within 2 pt %.1f %%", name, sorted[sorted.count / 2], sorted[sorted.count * 95 / 100],
                         sorted.last ?? 0, 100 * Double(sorted.filter { $0 <= 2 }.count) / Double(sorted.count)))
        }
        distances.sort()
        print("pdftotext words \(words.count), tesseract words \(text.words.count), matched \(distances.count)")
        if !distances.isEmpty {
            print(String(format: "box distance: median %.2f pt, p95 %.2f, max %.2f, within 2 pt %.1f %%", distances[distances.count / 2],
                         distances[distances.count * 95 / 100], distances.last ?? 0, 100 * Double(distances.filter { $0 <= 2 }.count) / Double(distances.count)))
        }
    }
}
