import Foundation
import StripsSampleScans

/// `make DIR [COUNT]`: writes the sample scans as `page-N.jpg` (300 dpi JPEGs, what a scanner
/// saves) with `page-N.json`, the truth: every drawn word and its ink box in pixels.
enum MakeScans {
    struct Truth: Codable {
        var dpi: Double
        var width: Int
        var height: Int
        var words: [Word]
        struct Word: Codable { var text: String; var x: Double; var y: Double; var width: Double; var height: Double }
    }

    static func run(into folder: String, count: Int) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let styles = SampleScanStyle.standardSet.prefix(count)
        for (index, style) in styles.enumerated() {
            guard let scan = SampleScanner.scan(style) else { throw CocoaError(.featureUnsupported) }
            let name = String(format: "%@/page-%02d", folder, index + 1)
            try Data(scan.jpeg).write(to: URL(fileURLWithPath: name + ".jpg"))
            let truth = Truth(dpi: scan.dpi, width: scan.picture.width, height: scan.picture.height,
                              words: scan.words.map { Truth.Word(text: $0.text, x: $0.x, y: $0.y, width: $0.width, height: $0.height) })
            try JSONEncoder().encode(truth).write(to: URL(fileURLWithPath: name + ".json"))
            print("\(name).jpg  \(style.font) \(style.points) pt, turned \(style.turn) deg, shadow \(style.shadow), \(scan.words.count) words")
        }
    }
}
