import Foundation
import StripsCamera
import StripsCameraFootage
import StripsCore
import StripsDocumentPhotos
import StripsPictures
import StripsSampleScans
import Testing

/// An open book under the camera (issue 40): a film of a spread photographed whole, the page
/// turned (the desk seen bare for a moment, as a hand turning the leaf hides the book), then the
/// next spread. Each take gives the book's two pages, left then right, each its half.
@Suite(.serialized) struct BookModeTests {
    static let width = 1280, height = 720, rate = 12.0

    /// Four sample pages at 100 dpi, made once.
    static let pages: [PixelBuffer] = (0..<4).compactMap { k in
        var style = SampleScanStyle.standardSet[k]
        style.turn = 0; style.shadow = 0
        return SampleScanner.scan(style, dpi: 100)?.picture
    }

    @Test func eachTakeOfAnOpenBookGivesItsTwoPages() throws {
        try #require(Self.pages.count == 4)
        let bend = BookPagePhoto.Bend(rise: 0.06, droop: 0.015, offset: (0.02, -0.02))
        let first = BookPagePhoto.spread(left: Self.pages[0], right: Self.pages[1], bend: bend, width: Self.width, height: Self.height, seed: 1)
        let second = BookPagePhoto.spread(left: Self.pages[2], right: Self.pages[3], bend: bend, width: Self.width, height: Self.height, seed: 2)
        var desk = PixelBuffer(width: Self.width, height: Self.height, format: .rgb)
        for i in stride(from: 0, to: desk.bytes.count, by: 3) { (desk.bytes[i], desk.bytes[i + 1], desk.bytes[i + 2]) = (58, 44, 36) }
        // 2.5 s of the first spread, 0.5 s of bare desk while the leaf turns, 2.5 s of the next.
        let path = Footage.folder + "/book-spreads.avi"
        try? FileManager.default.removeItem(atPath: path)
        try FootageWriter.write(frames: 66, width: Self.width, height: Self.height, rate: Self.rate, to: path) { i in
            i < 30 ? first : i < 36 ? desk : second
        }
        let run = try CameraPathTests.run(path, script: "at 0 key ctrl+k\nat 5600 end")
        let taken = CameraPathTests.cameraPages(run.scene)
        #expect(taken.map(\.id) == ["Camera 1 left", "Camera 1 right", "Camera 2 left", "Camera 2 right"], "took \(taken.map(\.id))")
        // Each half lies on its side of the gutter (the picture's middle, give or take the book's framing).
        for page in taken {
            guard let crop = page.corrections.crop else { Issue.record("\(page.id) has no corners"); continue }
            let middle = crop.corners.map(\.x).reduce(0, +) / 4
            if page.id.hasSuffix("left") { #expect(middle < Double(Self.width) / 2, "\(page.id) at \(middle)") }
            else { #expect(middle > Double(Self.width) / 2, "\(page.id) at \(middle)") }
            #expect(crop.boundingBox.width < 0.6 * Double(Self.width))
        }
        // Two takes, two JPEGs kept: the halves share their frame's file.
        #expect(run.kept.count == 2)
    }

    /// The footage's open book (`CameraFilm.spread`: pages 1 | 2, the right leaf turned by a hand,
    /// then 3 | 4) at a small camera's sizes: every page of the book is taken, left then right.
    /// At 640x360 and 480x270 the second spread used to pass for the first still lying there (the
    /// two spreads' signatures 0.80 alike, their margins and gutter the same).
    @Test(arguments: [(640, 360), (480, 270)])
    func turningTheLeafOfABookGivesTheNextSpreadsTwoPagesAtSmallSizes(_ width: Int, _ height: Int) throws {
        let film = CameraFilm(.spread, width: width, height: height, rate: Self.rate)
        let path = Footage.folder + "/spread-\(width)x\(height).avi"
        try? FileManager.default.removeItem(atPath: path)
        try FootageWriter.write(film, to: path)
        let run = try CameraPathTests.run(path, script: "at 0 key ctrl+k\nat \(Int(film.duration * 1000)) end")
        let taken = CameraPathTests.cameraPages(run.scene)
        #expect(taken.map(\.id) == ["Camera 1 left", "Camera 1 right", "Camera 2 left", "Camera 2 right"], "took \(taken.map(\.id))")
        // Each half is its side of the book lying there (the film's spread, split at its middle).
        for page in taken {
            guard let crop = page.corrections.crop, let rest = film.rests.first else { Issue.record("\(page.id) has no corners"); continue }
            let middle = crop.corners.map(\.x).reduce(0, +) / 4
            let gutter = rest.quad.corners.map(\.x).reduce(0, +) / 4
            if page.id.hasSuffix("left") { #expect(middle < gutter, "\(page.id) at \(middle)") }
            else { #expect(middle > gutter, "\(page.id) at \(middle)") }
        }
    }
}
