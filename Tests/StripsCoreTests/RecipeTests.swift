import Testing
@testable import StripsCore
@testable import StripsPhotosFeatures
@testable import StripsPhotos

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

    /// A step of every kind, not the identity: what the tests below try each kind with.
    static func example(_ kind: RecipeStep.Kind) -> RecipeStep {
        switch kind {
        case .crop: return .crop(Quad(rect: Rect(x: 100, y: 50, width: 2000, height: 2800)))
        // Lines sagging by a hundredth of the page in the middle, as a book's page's do.
        case .dewarp: return .dewarp(.curve(PageCurve(columns: 3, rows: 2, vertical: [0, 0.01, 0, 0, 0.01, 0], lines: 20)!))
        case .straighten: return .straighten(1.5)
        // A thumb at the left margin, half way down.
        case .fingers: return .fingers([PaperPatch(box: Rect(x: 0, y: 0.4, width: 0.06, height: 0.1), columns: 2, rows: 2,
                                                   cover: [255, 128, 255, 0], paper: [240, 235, 220, 238, 233, 219])!])
        case .look: return .look(.bw)
        }
    }

    @Test func theStepsAreOneListInTheOrderTheyAreApplied() {
        // Set in any order, at most one of each kind, in the kinds' order.
        var recipe = PixelRecipe()
        for kind in RecipeStep.Kind.allCases.reversed() { recipe.set(Self.example(kind)) }
        #expect(recipe.steps.map(\.kind) == RecipeStep.Kind.allCases)
        recipe.set(.straighten(-2))
        #expect(recipe.steps.count == RecipeStep.Kind.allCases.count && recipe.straighten == -2)
        // A step that changes nothing is not in the list: the recipe is the identity again.
        recipe.set(.straighten(0))
        recipe.look = .original
        recipe.crop = nil
        recipe.dewarp = nil
        recipe.fingers = []
        #expect(recipe.isIdentity && recipe == .identity)
        #expect(PixelRecipe(crop: nil, straighten: 0, look: .original) == .identity)
    }

    @Test func everyKindOfStepReachesTheFingerprintAndTheTrace() {
        for kind in RecipeStep.Kind.allCases {
            let recipe = PixelRecipe(steps: [Self.example(kind)])
            #expect(recipe.steps == [Self.example(kind)])
            #expect(recipe.fingerprint.hasPrefix(kind.key + "="))
            #expect(recipe.traceFields.map(\.0) == [kind.key])
            #expect(recipe != .identity)
        }
        #expect(Set(RecipeStep.Kind.allCases.map(\.key)).count == RecipeStep.Kind.allCases.count)
    }

    @Test func onlyAToneChangeCrossFades() {
        let cropped = PixelRecipe(crop: a4Quad)
        var grey = cropped
        grey.look = .grey
        #expect(cropped.crossFades(to: grey) && grey.crossFades(to: cropped))
        // A crop or a turn moves the page: its own animation, no cross-fade.
        var turned = grey
        turned.straighten = 0.5
        #expect(!grey.crossFades(to: turned))
        #expect(!PixelRecipe().crossFades(to: cropped))
        #expect(!grey.crossFades(to: grey))
        // A new look keeps the text; a new crop does not.
        #expect(TextKey(source: photo.source, geometry: cropped) == TextKey(source: photo.source, geometry: grey))
        #expect(TextKey(source: photo.source, geometry: grey) != TextKey(source: photo.source, geometry: turned))
        #expect(grey.geometry == cropped && PixelRecipe(look: .bw).geometry.isIdentity)
    }

    @Test func aPartIsDrawnWithTheMarginItsStepsRead() {
        #expect(PixelRecipe().outputMargin == 0)
        #expect(PixelRecipe(crop: a4Quad, straighten: 2).outputMargin == 0)
        #expect(PixelRecipe(crop: a4Quad, look: .colour).outputMargin == 96)
    }

    @Test func theRecipeSaysWhatASaveKeepsOfTheSource() {
        #expect(PixelRecipe().keeping == .bytes)
        #expect(Corrections(quarterTurns: 3).pixels.keeping == .bytes)
        // An upright rectangle and a fine turn are a PDF page's transform over the bytes.
        #expect(PixelRecipe(crop: a4Quad, straighten: 1.5).keeping == .transformed(PageTransform(crop: a4Quad, straighten: 1.5)))
        #expect(PixelRecipe(straighten: -3).keeping == .transformed(PageTransform(crop: nil, straighten: -3)))
        // A perspective crop, a look, or a turn that is no number need new pixels.
        var skewed = a4Quad
        skewed.topRight.y += 40
        #expect(PixelRecipe(crop: skewed).keeping == .pixels)
        #expect(PixelRecipe(crop: a4Quad, look: .grey).keeping == .pixels)
        #expect(PixelRecipe(straighten: .nan).keeping == .pixels)
    }

    @Test func aCurveTakesEachPointFromWhereTheBookHeldItAtEveryScale() {
        // Lines sag by 1 % of the page's height in the middle column, none at the sides.
        let curve = PageCurve(columns: 3, rows: 2, vertical: [0, 0.01, 0, 0, 0.01, 0], lines: 20)!
        let page = Size(width: 2000, height: 3000), half = Size(width: 1000, height: 1500)
        let middle = curve.source(of: Point(x: 1000, y: 1500), in: page)
        #expect(abs(middle.x - 1000) < 1e-9 && abs(middle.y - 1470) < 1e-6)
        // A thumbnail's point is the same place on the page.
        let small = curve.source(of: Point(x: 500, y: 750), in: half)
        #expect(abs(small.y - 735) < 1e-6)
        #expect(abs(curve.source(of: Point(x: 0, y: 100), in: page).y - 100) < 1e-9)
        // The bend leaves out what a tilt explains: a plane of shifts bends nothing.
        #expect(curve.bend > 0.005)
        #expect(PageCurve(columns: 2, rows: 2, vertical: [0, 0.01, 0, 0.01], lines: 20)!.bend < 1e-9)
        // It moves pixels, keeps the page's size, needs new pixels to save, and is in the geometry.
        var recipe = PixelRecipe(crop: a4Quad)
        recipe.dewarp = curve
        #expect(recipe.keeping == .pixels)
        #expect(recipe.correctedSize(of: photo.pixelSize) == PixelRecipe(crop: a4Quad).correctedSize(of: photo.pixelSize))
        #expect(recipe.geometry.dewarp == curve)
        let geometry = RecipeGeometry(recipe: recipe, sourceSize: photo.pixelSize)!
        let centre = Point(x: geometry.pageSize.width / 2, y: geometry.pageSize.height / 2)
        let flat = geometry.flatten.apply(Point(x: centre.x, y: centre.y - 0.01 * geometry.pageSize.height))
        let found = geometry.source(of: centre)
        #expect(abs(found.x - flat.x) < 1e-6 && abs(found.y - flat.y) < 1e-6)
        #expect(PageCurve(columns: 1, rows: 2, vertical: [0, 0], lines: 1) == nil)
        #expect(PageCurve(columns: 2, rows: 2, vertical: [0, .nan, 0, 0], lines: 1) == nil)
    }

    /// A correction with a key is its step: `EditorCommand.cycle(kind)` gives the pages the step
    /// after the focus page's, `.set(step)` gives them the step; the editor knows no correction by name.
    @Test func aKindAKeyCyclesGivesTheStepAfterThePagesAndTheEditorSetsIt() {
        #expect(RecipeStep.Kind.look.next(after: .identity) == .look(.colour))
        #expect(RecipeStep.Kind.look.next(after: PixelRecipe(crop: a4Quad, look: .bw)) == .look(.original))
        #expect(RecipeStep.Kind.crop.next(after: .identity) == nil && RecipeStep.Kind.straighten.next(after: .identity) == nil)
        // A kind has a key's row exactly when a key cycles it, and the editor's table takes the row.
        for kind in RecipeStep.Kind.allCases {
            #expect((kind.keyRow != nil) == (kind.next(after: .identity) != nil), "\(kind)")
            for binding in kind.keyRow?.bindings ?? [] { #expect(EditorKey(binding.chord.press) == .command(.cycle(kind))) }
        }
        #expect(EditorKey(Key(.l)) == .command(.cycle(.look)))
        // Every kind that moves pixels says how (RecipeGeometry composes it); tones say nil.
        for kind in RecipeStep.Kind.allCases { #expect((Self.example(kind).motion != nil) == Self.example(kind).movesPixels) }
        #expect(Self.example(.look).motion == nil && Self.example(.straighten).motion == .turn(1.5))

        var scene = PhotosScene(documentName: "d", pages: [photo, Page(id: "b.jpg", path: "/x/b.jpg", pixelSize: Size(width: 300, height: 400))],
                                windowSize: Size(width: 800, height: 600))
        scene.handle(.key(Key(.l)), at: 0)
        #expect(scene.pages.map(\.corrections.look) == [.colour, .original])
        scene.tick(at: 1)
        scene.handle(.key(Key(.a, ctrl: true)), at: 1)
        scene.handle(.key(Key(.l)), at: 2)
        // The focus page's next look, for both: colour's next is grey.
        #expect(scene.pages.map(\.corrections.look) == [.grey, .grey])
    }
}
