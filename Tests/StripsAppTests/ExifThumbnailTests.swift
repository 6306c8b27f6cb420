import Foundation
import Testing
@testable import StripsPictures
@testable import StripsSDL

/// EXIF thumbnails, from fixtures made by Scripts/make-exif-thumbnail-fixtures.sh.
@Suite struct ExifThumbnailTests {
    static func fixture(_ name: String) -> String { LoaderFixtures.root.appendingPathComponent("exif-thumbnail/\(name)").path }

    @Test func theEmbeddedThumbnailIsDecodedAndTurnedUpright() throws {
        let path = Self.fixture("portrait-6.jpg")
        let bytes = try #require(ExifThumbnail.jpegBytes(path))
        #expect(bytes.starts(with: [0xFF, 0xD8]) && bytes.count > 100)
        let info = try ImageHeader.read(path).get()
        #expect(info.orientation == .right)
        let surface = try #require(ExifThumbnail.picture(path, info: info))
        #expect(surface.width == 12 && surface.height == 16)  // stored 16 x 12, shown turned
        func rgb(_ x: Int, _ y: Int) -> (Int, Int, Int) {
            let i = (y * surface.width + x) * 4
            return (Int(surface.bytes[i + 2]), Int(surface.bytes[i + 1]), Int(surface.bytes[i]))
        }
        let top = rgb(6, 2), bottom = rgb(6, 13)
        #expect(top.0 > 200 && top.2 < 60)       // red: the thumbnail's left half, now on top
        #expect(bottom.2 > 200 && bottom.0 < 60)  // blue, not the grey of the main picture
    }

    @Test func noThumbnailOrTheWrongShapeGivesNone() throws {
        let plain = LoaderFixtures.orientation(1)  // EXIF with an orientation and no thumbnail
        #expect(ExifThumbnail.jpegBytes(plain) == nil)
        #expect(ExifThumbnail.picture(plain, info: try ImageHeader.read(plain).get()) == nil)
        #expect(ExifThumbnail.jpegBytes(LoaderFixtures.format("png")) == nil)
        #expect(ExifThumbnail.jpegBytes("/nonexistent/strips.jpg") == nil)
        let square = Self.fixture("letterboxed.jpg")
        #expect(ExifThumbnail.jpegBytes(square) != nil)
        #expect(ExifThumbnail.picture(square, info: try ImageHeader.read(square).get()) == nil)
    }
}
