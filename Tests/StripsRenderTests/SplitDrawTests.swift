import Foundation
import StripsCore
import StripsCorrection
import StripsDocumentPhotos
import StripsPictures
import StripsRender
import Testing

/// A whole photo laid flat (no crop, no turn) is drawn in leptonica's two steps, one pass down the
/// columns and one along the rows (`PageRenderer.split`), where a page with a crop is drawn in one
/// pass of sixteen taps asked point by point (`RecipeGeometry.source(of:)`). The two must show the
/// same page: each column takes its own vertical shift instead of the one at the sample's place,
/// which on a real book's curve moves a sample by hundredths of a pixel.
@Suite struct SplitDrawTests {
    /// The page drawn both ways: the renderer's (split) and the point-by-point map's.
    static func bothWays(_ name: String, scale: Double = 1) throws -> (split: PixelBuffer, whole: PixelBuffer, curve: PageCurve) {
        let data = try Data(contentsOf: DewarpTests.fixtures.appendingPathComponent(name))
        let photo = try #require(JPEG.decode([UInt8](data)))
        let size = Size(width: Double(photo.width), height: Double(photo.height))
        let renderer = PageRenderer()
        let small = try #require(renderer.page(photo, recipe: PixelRecipe(), sourceSize: size, limit: PixelLimit(width: 2000, height: 2000))?.pixels)
        let curve = try #require(PageCurveFinder.curve(of: small), "\(name) is found curved")
        var recipe = PixelRecipe()
        recipe.dewarp = curve
        let (w, h) = (Int((size.width * scale).rounded()), Int((size.height * scale).rounded()))
        let split = try #require(renderer.page(photo, recipe: recipe, sourceSize: size, limit: PixelLimit(width: Int32(w), height: Int32(h)))?.pixels)
        let geometry = try #require(RecipeGeometry(recipe: recipe, sourceSize: size))
        let (sx, sy) = (Double(split.width) / size.width, Double(split.height) / size.height)
        let whole = try #require(Flattener.warp(photo, width: split.width, height: split.height, outputToSource: { p in
            geometry.source(of: Point(x: p.x / sx, y: p.y / sy))
        }))
        return (split, whole, curve)
    }

    /// Mean and largest difference of two pictures' bytes, and the share of bytes differing by
    /// more than 8, over the pixels whose point of the flattened page lies inside it. Where the
    /// curve's sideways shift carries a point past the photo's edge (a strip by boston_cooking_a's
    /// leaves), both draws repeat the edge column, down rows that differ: the one-pass draw takes
    /// the vertical shift where the point would have been, the columns where they are.
    static func difference(_ a: PixelBuffer, _ b: PixelBuffer, curve: PageCurve) -> (mean: Double, largest: Int, over8: Double) {
        var sum = 0, largest = 0, over = 0, counted = 0
        let bpp = a.format.bytesPerPixel
        let size = Size(width: Double(a.width), height: Double(a.height))
        for y in 0..<a.height {
            for x in 0..<a.width {
                let flat = curve.source(of: Point(x: Double(x) + 0.5, y: Double(y) + 0.5), in: size).x
                guard flat >= 2, flat <= size.width - 2 else { continue }
                for c in 0..<bpp {
                    let o = (y * a.width + x) * bpp + c
                    let d = abs(Int(a.bytes[o]) - Int(b.bytes[o]))
                    sum += d; largest = max(largest, d); counted += 1
                    if d > 8 { over += 1 }
                }
            }
        }
        return (Double(sum) / Double(max(1, counted)), largest, Double(over) / Double(max(1, counted)))
    }

    @Test(arguments: ["boston_cooking_a.jpg", "boston_cooking_b.jpg", "cat.035.jpg", "1555.007.jpg"])
    func theTwoPassDrawShowsThePageTheSixteenTapDrawShows(_ name: String) throws {
        let (split, whole, curve) = try Self.bothWays(name)
        #expect(split.width == whole.width && split.height == whole.height && split.format == whole.format)
        let d = Self.difference(split, whole, curve: curve)
        // Leptonica's model shifts sideways too (boston_cooking_a, cat.035, 1555.007); the sheet
        // only down (boston_cooking_b), where the two draws differ only by the floats' rounding.
        #expect(d.mean < 0.3 && d.over8 < 0.001, "\(name) (\(curve.horizontal.isEmpty ? "sheet" : "model")): \(d)")
    }

    @Test func aSmallerPageOfTheWholePhotoToo() throws {
        // The thumbnail and the 2000-pixel page of a photo laid flat take the same path.
        let (split, whole, curve) = try Self.bothWays("boston_cooking_a.jpg", scale: 0.6)
        #expect(split.width == 900 && split.height == 1200)
        let d = Self.difference(split, whole, curve: curve)
        #expect(d.mean < 0.3 && d.over8 < 0.001, "\(d)")
    }
}
