import Foundation
import StripsPictures

/// Pictures written as PGM / PPM, to look at (ImageMagick turns them into PNG).
enum PNM {
    static func write(_ picture: PixelBuffer, to path: String) throws {
        var rgb = picture
        if picture.format == .bgra {
            var bytes = [UInt8](repeating: 0, count: picture.width * picture.height * 3)
            for i in 0..<(picture.width * picture.height) {
                bytes[3 * i] = picture.bytes[4 * i + 2]
                bytes[3 * i + 1] = picture.bytes[4 * i + 1]
                bytes[3 * i + 2] = picture.bytes[4 * i]
            }
            rgb = PixelBuffer(width: picture.width, height: picture.height, format: .rgb, bytes: bytes) ?? picture
        }
        let magic = rgb.format == .grey ? "P5" : "P6"
        var data = Data("\(magic)\n\(rgb.width) \(rgb.height)\n255\n".utf8)
        data.append(contentsOf: rgb.bytes)
        try data.write(to: URL(fileURLWithPath: path))
    }
}
