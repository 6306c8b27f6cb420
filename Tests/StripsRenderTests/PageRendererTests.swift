import Foundation
import StripsCore
import StripsCorrection
import StripsPictures
import Testing
@testable import StripsRender

/// A photo of a page drawn analytically: every photo pixel (2 x 2 samples) mapped back onto the
/// page through the inverse of the page-to-photo homography; the desk around it is grey 60.
struct PhotoOfPage {
    static let photoSize = Size(width: 640, height: 480)
    static let pageSize = Size(width: 300, height: 424)
    static let quad = Quad(topLeft: Point(x: 190.5, y: 40.25), topRight: Point(x: 470, y: 70),
                           bottomRight: Point(x: 510, y: 440), bottomLeft: Point(x: 130, y: 410))

    /// A page whose colour says where on it a point is (smooth ramps plus a coarse checker).
    static func colour(_ u: Double, _ v: Double) -> SIMD3<Double> {
        let checker = (Int((u / 50).rounded(.down)) + Int((v / 50).rounded(.down))).isMultiple(of: 2) ? 40.0 : 0
        return SIMD3(60 + 150 * u / pageSize.width + checker, 50 + 150 * v / pageSize.height, 200 - checker)
    }

    static let photo: PixelBuffer = {
        var photo = PixelBuffer(width: Int(photoSize.width), height: Int(photoSize.height), format: .bgra, filledWith: 255)
        guard let toPage = Homography(rectangle: pageSize, to: quad)?.inverse else { return photo }
        for y in 0..<Int(photoSize.height) {
            for x in 0..<Int(photoSize.width) {
                var sum = SIMD3<Double>(repeating: 0)
                for (dx, dy) in [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)] {
                    let p = toPage.apply(Point(x: Double(x) + dx, y: Double(y) + dy))
                    let inside = p.x >= 0 && p.y >= 0 && p.x < pageSize.width && p.y < pageSize.height
                    sum += inside ? colour(p.x, p.y) : SIMD3(repeating: 60)
                }
                let o = (y * Int(photoSize.width) + x) * 4
                photo.bytes[o] = UInt8((sum.z / 4).rounded())
                photo.bytes[o + 1] = UInt8((sum.y / 4).rounded())
                photo.bytes[o + 2] = UInt8((sum.x / 4).rounded())
            }
        }
        return photo
    }()
}

/// The mean absolute difference of two buffers of one size and format, over every byte but alpha.
func meanDifference(_ a: PixelBuffer, _ b: PixelBuffer, inset: Int = 0) -> Double {
    precondition(a.width == b.width && a.height == b.height && a.format == b.format)
    let bpp = a.format.bytesPerPixel
    var total = 0, count = 0
    for y in inset..<(a.height - inset) {
        for x in inset..<(a.width - inset) {
            let o = (y * a.width + x) * bpp
            for c in 0..<min(bpp, 3) {
                total += abs(Int(a.bytes[o + c]) - Int(b.bytes[o + c]))
                count += 1
            }
        }
    }
    return Double(total) / Double(max(1, count))
}

@Suite struct PageRendererTests {
    let renderer = PageRenderer()
    let recipe = PixelRecipe(crop: PhotoOfPage.quad)

    @Test func aCropIsThePageFlattenedAtTheSourcesDensity() throws {
        let page = try #require(renderer.page(PhotoOfPage.photo, recipe: recipe, sourceSize: PhotoOfPage.photoSize))
        let size = recipe.correctedSize(of: PhotoOfPage.photoSize)
        #expect(Double(page.pixels.width) == size.width && Double(page.pixels.height) == size.height)
        #expect(page.region == nil)
        // The page itself, point for point (its own colours, no desk at the corners).
        var error = 0.0, n = 0.0
        for y in stride(from: 8, to: page.pixels.height - 8, by: 7) {
            for x in stride(from: 8, to: page.pixels.width - 8, by: 7) {
                // The flattened page is the true page at its own density: scale back to its points.
                let u = (Double(x) + 0.5) * PhotoOfPage.pageSize.width / Double(page.pixels.width)
                let v = (Double(y) + 0.5) * PhotoOfPage.pageSize.height / Double(page.pixels.height)
                let truth = PhotoOfPage.colour(u, v)
                let o = (y * page.pixels.width + x) * 4
                error += abs(Double(page.pixels.bytes[o + 2]) - truth.x) + abs(Double(page.pixels.bytes[o + 1]) - truth.y)
                n += 2
            }
        }
        #expect(error / n < 6, "mean error \(error / n)")
    }

    @Test func flattenAndStraightenInOnePassMatchTheTwoSteps() throws {
        let turned = PixelRecipe(crop: PhotoOfPage.quad, straighten: 3.5)
        let size = turned.correctedSize(of: PhotoOfPage.photoSize)
        let once = try #require(renderer.page(PhotoOfPage.photo, recipe: turned, sourceSize: PhotoOfPage.photoSize)).pixels
        let flat = try #require(Flattener.flatten(PhotoOfPage.photo, quad: PhotoOfPage.quad, size: size))
        let twice = Straightener.rotated(flat, degrees: 3.5, fill: .colour(PageRenderer.paperColour(
            PhotoOfPage.photo, quad: PhotoOfPage.quad, toPixels: .identity)))
        #expect(once.width == twice.width && once.height == twice.height)
        // One resampling is a little sharper than two; the pictures agree.
        #expect(meanDifference(once, twice, inset: 4) < 3)
        // The corners the turn uncovers are the paper's colour, not the desk's.
        let corner = Array(once.bytes[0..<3])
        #expect(corner.allSatisfy { $0 > 80 }, "\(corner)")
    }

    @Test func aSmallerDecodeGivesTheSamePageSmaller() throws {
        let full = try #require(renderer.page(PhotoOfPage.photo, recipe: recipe, sourceSize: PhotoOfPage.photoSize)).pixels
        let half = PhotoOfPage.photo.boxReduced(by: 2)
        let small = try #require(renderer.page(half, recipe: recipe, sourceSize: PhotoOfPage.photoSize)).pixels
        #expect(abs(small.width - full.width / 2) <= 1 && abs(small.height - full.height / 2) <= 1)
        let reduced = full.resized(width: small.width, height: small.height)
        #expect(meanDifference(small, reduced, inset: 3) < 4)
        // A limit smaller than the decode's density fits the page into it.
        let thumb = try #require(renderer.page(PhotoOfPage.photo, recipe: recipe, sourceSize: PhotoOfPage.photoSize,
                                               limit: PixelLimit(width: 100, height: 100))).pixels
        #expect(max(thumb.width, thumb.height) == 100)
        #expect(meanDifference(thumb, full.resized(width: thumb.width, height: thumb.height), inset: 2) < 6)
    }

    @Test func aPartOfThePageIsThatPartOfTheWholePage() throws {
        let turned = PixelRecipe(crop: PhotoOfPage.quad, straighten: -2)
        let whole = try #require(renderer.page(PhotoOfPage.photo, recipe: turned, sourceSize: PhotoOfPage.photoSize)).pixels
        let region = Rect(x: 0.25, y: 0.5, width: 0.5, height: 0.25)
        // The part's source pixels only, as the reader would decode them.
        let plan = try #require(RecipePlan(recipe: turned, sourceSize: PhotoOfPage.photoSize, limit: PixelLimit(width: .max, height: .max), region: region))
        let sourcePart = try #require(plan.sourceRegion)
        #expect(sourcePart.width < 0.9 && sourcePart.height < 0.9)
        let (x, y, w, h) = sourcePart.pixelBounds(width: 640, height: 480)
        let decoded = PhotoOfPage.photo.cropped(x: x, y: y, width: w, height: h)
        let exact = Rect(x: Double(x) / 640, y: Double(y) / 480, width: Double(w) / 640, height: Double(h) / 480)
        let part = try #require(renderer.page(decoded, part: exact, recipe: turned, sourceSize: PhotoOfPage.photoSize, region: region))
        let got = try #require(part.region)
        let (px, py, pw, ph) = got.pixelBounds(width: whole.width, height: whole.height)
        #expect(part.pixels.width == pw && part.pixels.height == ph)
        let cut = whole.cropped(x: px, y: py, width: pw, height: ph)
        #expect(meanDifference(part.pixels, cut) < 0.5)
    }

    @Test func anUprightRectangleAtTheSourcesScaleIsItsPixels() throws {
        let rect = PixelRecipe(crop: Quad(rect: Rect(x: 100, y: 50, width: 200, height: 300)))
        let page = try #require(renderer.page(PhotoOfPage.photo, recipe: rect, sourceSize: PhotoOfPage.photoSize)).pixels
        #expect(page == PhotoOfPage.photo.cropped(x: 100, y: 50, width: 200, height: 300))
    }

    @Test func theLookIsDrawnInTheDecodesFormat() throws {
        let bw = PixelRecipe(crop: PhotoOfPage.quad, look: .bw)
        let decoded = DecodedPicture(PhotoOfPage.photo)
        let page = try #require(renderer.render(decoded, recipe: bw, sourceSize: PhotoOfPage.photoSize,
                                                limit: PixelLimit(width: 2000, height: 2000), region: nil))
        #expect(page.pixels.format == .bgra)
        var levels = Set<UInt8>()
        for i in stride(from: 0, to: page.pixels.bytes.count, by: 4) { levels.insert(page.pixels.bytes[i]) }
        #expect(levels.isSubset(of: [0, 255]))
        let grey = try #require(renderer.page(PhotoOfPage.photo, recipe: PixelRecipe(look: .grey), sourceSize: PhotoOfPage.photoSize))
        #expect(grey.pixels.format == .grey && grey.pixels.width == 640)
    }

    @Test func aCropWithNoProjectiveMapDrawsNothing() {
        let line = Quad(topLeft: .zero, topRight: Point(x: 10, y: 0), bottomRight: Point(x: 20, y: 0), bottomLeft: Point(x: 30, y: 0))
        #expect(renderer.page(PhotoOfPage.photo, recipe: PixelRecipe(crop: line), sourceSize: PhotoOfPage.photoSize) == nil)
    }

    @Test func twoThreadsDrawTheSamePage() throws {
        let turned = PixelRecipe(crop: PhotoOfPage.quad, straighten: 1.5)
        let one = try #require(renderer.page(PhotoOfPage.photo, recipe: turned, sourceSize: PhotoOfPage.photoSize)).pixels
        let two = try #require(PageRenderer(threads: 2).page(PhotoOfPage.photo, recipe: turned, sourceSize: PhotoOfPage.photoSize)).pixels
        #expect(one == two)
    }
}

@Suite struct RecipePlanTests {
    @Test func theSourceIsDecodedAtThePagesDensity() throws {
        let recipe = PixelRecipe(crop: PhotoOfPage.quad.scaled(from: PhotoOfPage.photoSize, to: Size(width: 4000, height: 3000)))
        let plan = try #require(RecipePlan(recipe: recipe, sourceSize: Size(width: 4000, height: 3000), limit: PixelLimit(width: 160, height: 160), region: nil))
        #expect(plan.sourceRegion == nil)
        let density = plan.density
        #expect(abs(Double(plan.sourceLimit.width) - 4000 * density) <= 2)
        #expect(max(plan.page.whole.width, plan.page.whole.height) == 160)
        // A part of a zoomed page: only the source around it.
        let part = try #require(RecipePlan(recipe: recipe, sourceSize: Size(width: 4000, height: 3000), limit: PixelLimit(width: 4000, height: 4000),
                                           region: Rect(x: 0, y: 0, width: 0.2, height: 0.2)))
        let region = try #require(part.sourceRegion)
        #expect(region.width < 0.35 && region.height < 0.35)
        // It holds the page's top-left corner.
        let corner = recipe.crop!.topLeft
        #expect(Rect(x: region.minX * 4000, y: region.minY * 3000, width: region.width * 4000, height: region.height * 3000).contains(corner))
    }
}
