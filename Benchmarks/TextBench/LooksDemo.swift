import Foundation
import StripsCore
import StripsLooks
import StripsPictures
import StripsSampleScans

/// Writes a sample scan and a colour letter in every look, to look at.
enum LooksDemo {
    static func run(into folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var style = SampleScanStyle.standardSet[2]
        style.shadow = 0.6
        guard let scan = SampleScanner.scan(style) else { throw CocoaError(.featureUnsupported) }
        try PNM.write(scan.picture, to: "\(folder)/scan.ppm")
        for look in Look.allCases {
            let start = Date()
            let result = Looks.apply(look, to: scan.picture, pixelsPerInch: scan.dpi)
            print(look.name, String(format: "%.0f ms", Date().timeIntervalSince(start) * 1000))
            try PNM.write(result, to: "\(folder)/\(look.name).\(result.format == .grey ? "pgm" : "ppm")")
        }
        guard let letter = ColourScanner.scan() else { throw CocoaError(.featureUnsupported) }
        try PNM.write(letter.picture, to: "\(folder)/letter.ppm")
        for look in Look.allCases where look != .original {
            let start = Date()
            let result = Looks.apply(look, to: letter.picture, pixelsPerInch: letter.dpi)
            print("letter", look.name, String(format: "%.0f ms", Date().timeIntervalSince(start) * 1000))
            try PNM.write(result, to: "\(folder)/letter-\(look.name).\(result.format == .grey ? "pgm" : "ppm")")
        }
    }
}

