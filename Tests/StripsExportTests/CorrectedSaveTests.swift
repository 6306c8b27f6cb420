import Foundation
import StripsCore
import StripsPhotosFeatures
import StripsPictures
import StripsRender
import Testing
@testable import StripsExport

/// Saving corrected pages (issue 21): a rectangle crop and a straighten keep a JPEG's bytes in a
/// PDF; a perspective crop is resampled once and stored as a JPEG of quality 92 (a lossless
/// source stays lossless); a folder gets the flattened picture. Each checked against the page
/// the renderer draws in the window.
@Suite struct CorrectedSaveTests {
    static let size = Size(width: 400, height: 300)
    static let perspective = Quad(topLeft: Point(x: 60, y: 40), topRight: Point(x: 350, y: 70),
                                  bottomRight: Point(x: 330, y: 270), bottomLeft: Point(x: 40, y: 250))

    /// A JPEG of the four quadrants with a little noise, its path, and its decoded upright pixels.
    func photo(_ files: SaveFixtures) throws -> (path: String, pixels: PixelBuffer) {
        var image = RGBImage.quadrants(width: 400, height: 300)
        let noise = RGBImage.noise(width: 400, height: 300, seed: 7)
        for i in image.pixels.indices { image.pixels[i] = UInt8(clamping: Int(image.pixels[i]) + Int(noise.pixels[i] % 16) - 8) }
        let jpeg = JPEGMaker.encode(image)
        let path = try files.write("photo.jpg", jpeg)
        let decoded = try #require(JPEGMaker.decode(jpeg))
        return (path, try #require(PixelBuffer(width: 400, height: 300, format: .rgb, bytes: decoded.pixels)))
    }

    /// The page the window draws for `recipe`, as RGB.
    func drawn(_ source: PixelBuffer, _ recipe: PixelRecipe) throws -> PixelBuffer {
        try #require(PageRenderer().page(source, recipe: recipe, sourceSize: Self.size)).pixels
    }

    func difference(_ a: RGBImage, _ b: PixelBuffer, inset: Int) -> Double {
        let fitted = b.resized(width: a.width, height: a.height)
        var total = 0, count = 0
        for y in inset..<(a.height - inset) {
            for x in inset..<(a.width - inset) {
                for c in 0..<3 { total += abs(Int(a.pixels[(y * a.width + x) * 3 + c]) - Int(fitted.bytes[(y * fitted.width + x) * 3 + c])) }
                count += 3
            }
        }
        return Double(total) / Double(max(1, count))
    }

    @Test func aRectangleCropAndAStraightenKeepTheJPEGsBytes() throws {
        let files = try SaveFixtures()
        let (path, pixels) = try photo(files)
        let crop = Quad(rect: Rect(x: 40, y: 30, width: 300, height: 200))
        let recipes = [PixelRecipe(crop: crop), PixelRecipe(crop: crop, straighten: 5), PixelRecipe(straighten: -3)]
        let pages = recipes.enumerated().map { i, r in
            ExportPage(source: .picture(path: path), corrections: Corrections(quarterTurns: i == 2 ? 1 : 0, crop: r.crop, straighten: r.straighten),
                       pixelSize: Self.size)
        }
        let destination = files.path("cropped.pdf")
        _ = try DocumentExporter.save(pages, to: destination, sourcePaths: [path])
        // The file's own JPEG on every page, byte for byte.
        #expect(try Tool.images(destination).map(\.encoding) == ["jpeg", "jpeg", "jpeg"])
        try Tool.run("pdfimages", ["-j", destination, files.path("x")])
        for i in 0..<3 { #expect(SaveFixtures.bytes(files.path(String(format: "x-%03d.jpg", i))) == SaveFixtures.bytes(path)) }
        // Pages of the crop's shape (the last turned a quarter).
        let sizes = try Tool.pageSizes(destination)
        #expect(abs(sizes[0].0 / sizes[0].1 - 1.5) < 0.01 && abs(sizes[1].0 / sizes[1].1 - 1.5) < 0.01)
        #expect(abs(sizes[2].0 / sizes[2].1 - 0.75) < 0.01)
        // Rendered, each page is what the window draws (the turn's direction, the fill).
        let rendered = try Tool.render(destination, dpi: 24, into: files.path("rendered"))
        for (i, recipe) in recipes.enumerated() where i < 2 {
            let want = try drawn(pixels, recipe)
            let error = difference(rendered[i], want, inset: 3)
            #expect(error < 8, "page \(i + 1): \(error)")
            if recipe.straighten != 0 {
                let mirrored = try drawn(pixels, PixelRecipe(crop: crop, straighten: -recipe.straighten))
                #expect(difference(rendered[i], mirrored, inset: 3) > 2 * error)
            }
        }
    }

    @Test func aPerspectiveCropIsResampledOnceIntoAJPEGOfQuality92() throws {
        let files = try SaveFixtures()
        let (path, pixels) = try photo(files)
        let recipe = PixelRecipe(crop: Self.perspective)
        let want = try drawn(pixels, recipe)
        let destination = files.path("flat.pdf")
        _ = try DocumentExporter.save([ExportPage(source: .picture(path: path), corrections: Corrections(crop: Self.perspective), pixelSize: Self.size)],
                                      to: destination, sourcePaths: [path])
        let images = try Tool.images(destination)
        #expect(images.count == 1 && images[0].encoding == "jpeg" && images[0].width == want.width && images[0].height == want.height)
        try Tool.run("pdfimages", ["-j", destination, files.path("x")])
        let stored = try #require(JPEGMaker.decode(SaveFixtures.bytes(files.path("x-000.jpg"))))
        #expect(difference(stored, want, inset: 0) < 3)

        // A PNG stays lossless: the page's pixels exactly as drawn.
        let png = files.path("photo.png")
        #expect(SDLPictures.savePNG(RGBImage(width: 400, height: 300, pixels: pixels.bytes), to: png))
        let lossless = files.path("lossless.pdf")
        _ = try DocumentExporter.save([ExportPage(source: .picture(path: png), corrections: Corrections(crop: Self.perspective), pixelSize: Self.size)],
                                      to: lossless, sourcePaths: [png])
        #expect(try Tool.images(lossless).map(\.encoding) == ["image"])
    }

    @Test func aFolderGetsTheFlattenedPicture() throws {
        let files = try SaveFixtures()
        let (path, pixels) = try photo(files)
        let recipe = PixelRecipe(crop: Self.perspective, straighten: 1.5)
        let want = try drawn(pixels, recipe)
        let folder = files.path("out")
        let result = try DocumentExporter.save([ExportPage(source: .picture(path: path), corrections: Corrections(crop: Self.perspective, straighten: 1.5),
                                                           pixelSize: Self.size)], to: folder, sourcePaths: [path])
        #expect(result.files == ["001.jpg"])
        let saved = try #require(JPEGMaker.decode(SaveFixtures.bytes(folder + "/001.jpg")))
        #expect(saved.width == want.width && saved.height == want.height)
        #expect(difference(saved, want, inset: 0) < 3)
    }
}
