import Foundation
@testable import StripsPictures
import Testing

/// The formats decoded whole from memory (BMP, TGA, PCX, PNM, QOI, LBM through ffmpeg, WebP through
/// libwebp, CMYK JPEGs through libjpeg-turbo): each fixture of Scripts/make-fixtures.sh decodes to
/// the pixels of the PNG it was made from, exactly (the CMYK JPEG nearly).
@Suite struct FormatDecoderTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/decoders").path

    func decoded(_ name: String) throws -> PixelBuffer {
        let path = "\(Self.folder)/\(name)"
        let info = try ImageHeader.read(path).get()
        let pixels = try PictureDecoder.decode(path, limit: PixelLimit(width: 1000, height: 1000)).get()
        // The header measured the picture that was decoded.
        #expect(pixels.width == info.width && pixels.height == info.height, "\(name)")
        return pixels
    }

    /// R, G, B, A of every pixel.
    func rgba(_ name: String) throws -> [UInt8] { try decoded(name).rgbaBytes() }

    @Test(arguments: ["rgb.bmp", "rle8.bmp", "bottom-up.tga", "palette.pcx", "binary.ppm", "plain.ppm", "rgba.qoi", "planar.lbm", "chunky.lbm", "lossless.webp"])
    func aColourPictureIsItsPixels(_ name: String) throws {
        #expect(try rgba(name) == rgba("flat.png"), "\(name)")
    }

    @Test(arguments: ["binary.pgm", "plain.pgm"])
    func aGreyPictureIsItsPixels(_ name: String) throws {
        #expect(try rgba(name) == rgba("grey.png"), "\(name)")
    }

    @Test(arguments: ["binary.pbm", "plain.pbm"])
    func aBitmapIsItsPixels(_ name: String) throws {
        #expect(try rgba(name) == rgba("bilevel.png"), "\(name)")
    }

    @Test func aTGAKeepsItsAlpha() throws {
        let picture = try rgba("rle-alpha.tga"), flat = try rgba("flat.png")
        for i in stride(from: 0, to: flat.count, by: 4) {
            #expect(Array(picture[i..<(i + 3)]) == Array(flat[i..<(i + 3)]))
            #expect(picture[i + 3] == 128)
        }
    }

    /// Inks turned into light: a CMYK JPEG (Photoshop's inverted inks, an Adobe marker) shows its
    /// colours, within the JPEG's own error.
    @Test func aCMYKJPEGShowsItsColours() throws {
        let picture = try rgba("cmyk.jpg"), flat = try rgba("flat.png")
        let worst = zip(picture, flat).map { abs(Int($0) - Int($1)) }.max() ?? 255
        #expect(worst <= 24)
        // Away from the edges between colours it is much closer: the red stripe's middle.
        let middle = (10 * 37 + 7) * 4
        #expect(abs(Int(picture[middle]) - 255) <= 4 && picture[middle + 1] <= 4 && picture[middle + 2] <= 4)
    }

    /// Every fixture cut short (at half, and missing only its last tenth) is one line, never a
    /// picture with its end left black.
    @Test func aCutFileIsOneLineNeverAPicture() throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.folder).sorted() where !name.hasSuffix(".png") {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(Self.folder)/\(name)")))
            for share in [0.5, 0.9] {
                let cut = Array(bytes.prefix(Int(Double(bytes.count) * share)))
                guard case .failure(let failure) = PictureDecoder.decode(cut, type: name.hasSuffix(".tga") ? .tga : nil) else {
                    Issue.record("\(name) cut to \(cut.count) of \(bytes.count) bytes decoded")
                    continue
                }
                #expect(!failure.reason.isEmpty && !failure.reason.contains("\n"))
            }
        }
        // No bytes at all, under a name that says TGA (the one format known by its name).
        #expect(throws: ImageFailure.self) { try PictureDecoder.decode([], type: .tga).get() }
        // A header that says more than the bytes that follow could hold is refused before decoding.
        var lying = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(Self.folder)/rgba.qoi")))
        lying.replaceSubrange(4..<12, with: [0, 0, 0x40, 0, 0, 0, 0x40, 0])
        guard case .failure(let failure) = PictureDecoder.decode(lying, type: nil) else {
            Issue.record("a QOI claiming 16384 x 16384 pixels decoded")
            return
        }
        #expect(failure.reason.contains("16384 x 16384"))
    }
}
