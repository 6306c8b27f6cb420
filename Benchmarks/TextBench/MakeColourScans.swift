import Foundation
import StripsSampleScans

/// `colour DIR [COUNT] [WxH]`: writes colour letter scans (`ColourScanner`: tinted paper, a blue
/// letterhead, a photograph, a highlighted line, a red stamp) as `colour-N.jpg`, 300 dpi, with
/// `colour-N.json`, the truth: the words, the photograph's rectangle and the stamp's ring. `WxH`:
/// another page size in inches (`4.25x5.5`, the tests' half letter).
enum MakeColourScans {
    struct Truth: Codable {
        var dpi: Double
        var width: Int
        var height: Int
        var words: [MakeScans.Truth.Word]
        var photo: [Int]
        var stamp: [Double]
    }

    static func run(into folder: String, count: Int, inches: (width: Double, height: Double) = (8.5, 11)) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for index in 0..<count {
            guard let scan = ColourScanner.scan(inches: inches, seed: index) else { throw CocoaError(.featureUnsupported) }
            let name = String(format: "%@/colour-%02d", folder, index + 1)
            try Data(scan.jpeg).write(to: URL(fileURLWithPath: name + ".jpg"))
            let truth = Truth(dpi: scan.dpi, width: scan.picture.width, height: scan.picture.height,
                              words: scan.words.map { MakeScans.Truth.Word(text: $0.text, x: $0.x, y: $0.y, width: $0.width, height: $0.height) },
                              photo: [scan.photo.x, scan.photo.y, scan.photo.width, scan.photo.height],
                              stamp: [scan.stamp.x, scan.stamp.y, scan.stamp.inner, scan.stamp.outer])
            try JSONEncoder().encode(truth).write(to: URL(fileURLWithPath: name + ".json"))
            print("\(name).jpg  \(scan.words.count) words, \(scan.jpeg.count / 1000) KB")
        }
    }
}
