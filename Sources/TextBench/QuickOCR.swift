import Foundation
import StripsPictures
import StripsSampleScans
import StripsText

/// `ocr FILE.jpg...`: recognises JPEGs and prints words, time and orientation (for trying things).
enum QuickOCR {
    static func run(_ paths: [String]) throws {
        let recognizer = try Recognizer(languages: "eng")
        for path in paths {
            let jpeg = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            guard let picture = SampleJPEG.decode(jpeg) else { continue }
            var start = CPUClock.now()
            let page = try recognizer.recognise(picture, dpi: 300)
            let read = CPUClock.now() - start
            start = CPUClock.now()
            let orientation = recognizer.orientation(of: picture, dpi: 300)
            let osd = CPUClock.now() - start
            print(path, page.words.count, "words", page.lines.count, "lines", String(format: "%.2f s (cpu %.2f); osd %.2f s (cpu %.2f)", read.wall, read.own, osd.wall, osd.own),
                  orientation.map { "turns \($0.quarterTurnsToUpright) conf \($0.confidence) \($0.script ?? "")" } ?? "no orientation")
            print(page.words.prefix(12).map { "\($0.text)@\(Int($0.box.x)),\(Int($0.box.y))" }.joined(separator: " "))
        }
    }
}
