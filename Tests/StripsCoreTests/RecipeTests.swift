import Testing
@testable import StripsCore

/// A page's corrections decide its shape, its picture's name and its trace, and nothing else does.
@Suite struct RecipeTests {
    /// A 4000 x 3000 photo of an A4 page seen straight on, covering the middle of the picture.
    let photo = Page(id: "photo.jpg", path: "/x/photo.jpg", pixelSize: Size(width: 4000, height: 3000))
    let a4Quad = Quad(rect: Rect(x: 1000, y: 200, width: 1800, height: 1800 * 1.4142))

    @Test func aCropGivesThePageTheQuadrilateralsShape() {
        var cropped = photo
        cropped.corrections.crop = a4Quad
        // An upright rectangle keeps its own pixels: 1800 x 2546.
        #expect(abs(cropped.correctedSize.width - 1800) <= 1 && abs(cropped.correctedSize.height - 2546) <= 1)
        #expect(abs(cropped.pictureAspect - 1 / 1.4142) < 0.001)
        // Turned a quarter, the strips lay it out landscape.
        cropped.corrections.quarterTurns = 1
        #expect(abs(cropped.aspectRatio - 1.4142) < 0.002)
        #expect(abs(cropped.shownSize.width - 2546) <= 1)
    }

    @Test func straightenAndLookKeepTheSize() {
        var page = photo
        page.corrections.straighten = 2.5
        page.corrections.look = .bw
        #expect(page.correctedSize == photo.pixelSize)
        #expect(page.aspectRatio == photo.aspectRatio)
    }

    @Test func thePictureIsNamedByItsRecipe() {
        var page = photo
        #expect(page.picture(.full).recipe.isIdentity)
        #expect(page.corrections.onlyTurns)
        page.corrections.quarterTurns = 2
        // Turns are drawn: the same texture serves.
        #expect(page.picture(.full) == photo.picture(.full))
        page.corrections.look = .grey
        #expect(page.picture(.full) != photo.picture(.full))
        #expect(!page.corrections.onlyTurns)
        #expect(page.picture(.full).recipe.fingerprint == "look=grey")
        page.corrections.straighten = -0.25
        page.corrections.crop = Quad(rect: Rect(x: 10, y: 20.004, width: 30, height: 40))
        #expect(page.picture(.full).recipe.fingerprint == "crop=10.00,20.00;40.00,20.00;40.00,60.00;10.00,60.00 straighten=-0.25 look=grey")
    }

    @Test func correctedCellsCarryTheirCorrectionsInTheTrace() {
        var page = photo
        #expect(PhotosFrame.correctionFields(page.corrections).isEmpty)
        page.corrections = Corrections(quarterTurns: 1, crop: a4Quad, straighten: 1.5, look: .colour)
        let fields = PhotosFrame.correctionFields(page.corrections)
        #expect(fields.map(\.0) == ["crop", "straighten", "look"])
        #expect(fields[1].1 == .number(1.5))
        #expect(fields[2].1 == .string("colour"))
        #expect(fields[0].1 == .array(a4Quad.corners.map { .array([.number($0.x), .number($0.y)]) }))
    }
}
