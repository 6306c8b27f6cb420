import Foundation
import StripsCore
import StripsDocumentPhotos
import StripsPictures
import Testing
@testable import StripsCorrection

/// The detector on a slice of the evaluation set (`Scripts/evaluate-borders.sh` runs 64+): one
/// photo of each desk, with and without a shadow across, at about 1 MP so the slice stays quick.
@Suite struct BorderDetectorTests {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Assets/Sample").standardized.path
    static let slice: [DocumentPhoto] = {
        let pages = PageArt.samples(in: samples)
        return (0..<8).map { DocumentPhotoSet.photo($0, pages: pages, maximumPixels: 1_100_000) }
    }()

    @Test func theSliceCoversEveryClass() {
        #expect(Set(Self.slice.map(\.className)).count == 8)
        #expect(Self.slice.allSatisfy { $0.coverage >= 0.2 && $0.coverage <= 0.92 })
        #expect(Self.slice.contains { abs($0.roll) >= 15 })
        #expect(Self.slice.contains { $0.coverage >= 0.65 })
        #expect(Self.slice.contains { $0.pageName.hasPrefix("rendered") } && Self.slice.contains { !$0.pageName.hasPrefix("rendered") })
    }

    @Test func findsThePageWithin1Point5PercentOfTheDiagonal() {
        var hits = 0, aspects = 0
        for photo in Self.slice {
            let size = Size(width: Double(photo.picture.width), height: Double(photo.picture.height))
            let diagonal = (size.width * size.width + size.height * size.height).squareRoot()
            guard let found = BorderDetector.detect(in: photo.picture) else {
                Issue.record("photo \(photo.index) (\(photo.className)): no page found")
                continue
            }
            let error = found.maxCornerDistance(to: photo.corners) / diagonal
            if error <= 0.015 { hits += 1 } else { Issue.record("photo \(photo.index) (\(photo.className)): corner off by \(error * 100)% of the diagonal") }
            let flat = flattenedSize(quad: found, pictureSize: size)
            if abs(flat.width / flat.height / photo.pageAspect - 1) <= 0.03 { aspects += 1 }
        }
        #expect(Double(hits) >= 0.9 * Double(Self.slice.count))
        #expect(Double(aspects) >= 0.9 * Double(Self.slice.count))
    }

    @Test func aSmallerDecodeFindsTheSamePage() throws {
        let photo = Self.slice[3]
        let half = photo.picture.boxReduced(by: 2)
        let found = try #require(BorderDetector.detect(in: half))
        let full = Size(width: Double(photo.picture.width), height: Double(photo.picture.height))
        let scaled = found.scaled(from: Size(width: Double(half.width), height: Double(half.height)), to: full)
        #expect(scaled.maxCornerDistance(to: photo.corners) < 0.015 * 1500)
    }

    @Test func anEmptyDeskOrATinyPictureHasNoPage() {
        for (i, desk) in Desk.allCases.enumerated() {
            let photo = DocumentPhotoSet.emptyDesk(desk, width: 800, height: 600, seed: UInt64(i + 1))
            #expect(BorderDetector.detect(in: photo) == nil, "\(desk)")
        }
        #expect(BorderDetector.detect(in: PixelBuffer(width: 10, height: 10, format: .rgb)) == nil)
        #expect(BorderDetector.detect(in: PixelBuffer(width: 0, height: 0, format: .grey)) == nil)
        #expect(BorderDetector.detect(in: PixelBuffer(width: 640, height: 480, format: .bgra, filledWith: 128)) == nil)
    }

    @Test func thePageFlattensToItsOwnShape() throws {
        let photo = Self.slice[5]
        let found = try #require(BorderDetector.detect(in: photo.picture))
        let size = flattenedSize(quad: found, pictureSize: Size(width: Double(photo.picture.width), height: Double(photo.picture.height)))
        let flat = try #require(Flattener.flatten(photo.picture, quad: found, size: size))
        #expect(abs(Double(flat.width) / Double(flat.height) / photo.pageAspect - 1) < 0.03)
        // No desk left at the page's edges: the flattened border is paper-bright.
        var edge = 0.0, count = 0.0
        for x in stride(from: 4, to: flat.width - 4, by: 7) {
            for y in [3, flat.height - 4] { edge += Double(flat.bytes[(y * flat.width + x) * 3]); count += 1 }
        }
        #expect(edge / count > 150)
    }
}
