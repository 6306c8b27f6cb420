import Foundation
import StripsCore
import StripsPhotosFeatures
import StripsCorrection
import StripsDocumentPhotos
import StripsHosts
import StripsPictures
import Testing

/// `findBorders` through the Photos host: the detector's corners on a photographed page, in the
/// picture's own pixels, answered at once headless and through `poll` in the window.
@Suite struct BorderFinderTests {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Assets/Sample").standardized.path

    /// A photo of a page on a desk (about 1 MP), written as a JPEG, opened as the program opens it.
    static func photoPage(_ fixture: HostFixture) throws -> (Page, DocumentPhoto) {
        let photo = DocumentPhotoSet.photo(0, pages: PageArt.samples(in: samples), maximumPixels: 1_100_000)
        let path = fixture.path("photo.jpg")
        try Data(photo.jpeg).write(to: URL(fileURLWithPath: path))
        let page = try #require(fixture.pages([path]).first)
        return (page, photo)
    }

    static func cornerError(_ found: Quad, _ photo: DocumentPhoto) -> Double {
        let w = Double(photo.picture.width), h = Double(photo.picture.height)
        return found.maxCornerDistance(to: photo.corners) / (w * w + h * h).squareRoot()
    }

    @Test func aSuggestionIsThePagesCornersAnsweredAtOnceInAScript() throws {
        let fixture = try HostFixture("borders-headless")
        let (page, photo) = try Self.photoPage(fixture)
        let answers = fixture.host.run(.findBorders(BorderRequest(purpose: .suggest, pages: [page])))
        guard let answer = answers.first?.as(BorderAnswer.self), answers.count == 1 else {
            Issue.record("answered \(answers)")
            return
        }
        #expect(answer.purpose == .suggest && answer.pages.map(\.pageID) == [page.id])
        let corners = try #require(answer.pages.first?.corners)
        #expect(Self.cornerError(corners, photo) <= 0.015, "\(corners) vs \(photo.corners)")
        // A suggestion is corners only: levelling is asked for when they are applied.
        #expect(answer.pages.first?.levelling == nil)
        #expect(fixture.host.poll().isEmpty)
    }

    @Test func inTheWindowTheAnswerComesThroughPoll() throws {
        let fixture = try HostFixture("borders-live", live: true)
        let (page, photo) = try Self.photoPage(fixture)
        #expect(fixture.host.run(.findBorders(BorderRequest(purpose: .apply, pages: [page]))).isEmpty)
        let answers = fixture.pollUntil { !$0.isEmpty }
        guard let answer = answers.first?.as(BorderAnswer.self) else {
            Issue.record("answered \(answers)")
            return
        }
        #expect(answer.purpose == .apply)
        let corners = try #require(answer.pages.first?.corners)
        #expect(Self.cornerError(corners, photo) <= 0.015)
    }
}

/// The border editor's suggestion on a real photo of a book page that fills it (page_dewarp's
/// boston_cooking_b): the detector finds the page's lit middle, which cuts half the lines; the
/// editor must not offer that as the page.
@Suite struct BookPageSuggestionTests {
    @Test func aSuggestionNeverCutsTheTextOfABookPageFillingThePhoto() throws {
        let fixture = try HostFixture("borders-book-suggestion")
        let book = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Fixtures/books/boston_cooking_b.jpg").standardized
        let page = try #require(fixture.pages([book.path]).first)
        let finder = BorderFinder(reader: fixture.reader)
        let text = try #require(finder.textGuard(of: page))
        // What the detector found would cut text (why this photo is here).
        let detected = try #require(finder.candidates(of: page)?.page)
        #expect(text.shares(detected, in: text.pictureSize).cutLetters > 0)
        let answers = fixture.host.run(.findBorders(BorderRequest(purpose: .suggest, pages: [page])))
        guard let answer = answers.first?.as(BorderAnswer.self) else {
            Issue.record("answered \(answers)")
            return
        }
        if let corners = answer.pages.first?.corners {
            let kept = text.shares(corners, in: text.pictureSize)
            #expect(kept.cutLetters == 0, "\(corners)")
        }
    }
}

/// Return on the whole picture of a real book photo that fills it (page_dewarp's
/// boston_cooking_b, which leptonica's model refuses): the host finds the whole picture's curve.
@Suite struct WholePictureLayFlatTests {
    @Test func aBookPhotoFillingThePictureGetsItsCurveOnTheWhole() throws {
        let fixture = try HostFixture("borders-lay-flat-whole")
        let book = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Fixtures/books/boston_cooking_b.jpg").standardized
        let page = try #require(fixture.pages([book.path]).first)
        let answers = fixture.host.run(.findBorders(BorderRequest(purpose: .layFlat, pages: [page])))
        guard let answer = answers.first?.as(BorderAnswer.self), let found = answer.pages.first else {
            Issue.record("answered \(answers)")
            return
        }
        #expect(found.corners == nil && found.curve != nil)
    }
}

/// Shift+C by itself on real photos whose page fills them (no crop kept): page_dewarp's
/// boston_cooking_b, curved beyond doubt, is laid flat whole and its lines come out straighter,
/// measured on the page drawn; a flat scan (Tesseract's phototest, leptonica's feyn) is left as it is.
@Suite struct ShiftCOnAWholeBookPhotoTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("..").standardized.path

    static func apply(_ page: Page, _ fixture: HostFixture) throws -> BorderAnswer.Found {
        let answers = fixture.host.run(.findBorders(BorderRequest(purpose: .apply, pages: [page])))
        guard let answer = answers.first?.as(BorderAnswer.self) else { return try #require(nil as BorderAnswer.Found?, "answered \(answers)") }
        return try #require(answer.pages.first)
    }

    /// The page as `corrections` draw it, at the curve finder's size.
    static func drawn(_ page: Page, _ corrections: Corrections, _ fixture: HostFixture) throws -> PixelBuffer {
        let ref = ImageRef(source: page.source, recipe: corrections.pixels, variant: .full, sourceSize: page.pixelSize)
        guard case .success(let decoded)? = fixture.reader.picture(ref, limit: PixelLimit(width: 2000, height: 2000), stage: .best).result
        else { return try #require(nil as PixelBuffer?, "not drawn") }
        return decoded.pixels
    }

    @Test func aCurvedBookPhotoIsLaidFlatWholeAndItsLinesComeOutStraighter() throws {
        let fixture = try HostFixture("borders-shift-c-whole")
        let page = try #require(fixture.pages([Self.fixtures + "/Fixtures/books/boston_cooking_b.jpg"]).first)
        let finder = BorderFinder(reader: fixture.reader)
        #expect(finder.keptCrop(of: page) == nil, "the page fills the photo: no crop is kept")
        let found = try Self.apply(page, fixture)
        #expect(found.curve != nil && found.corners == nil)
        let after = try #require(found.applied(to: page.corrections))
        let before = try #require(TextLineStraightness.measure(try Self.drawn(page, page.corrections, fixture)))
        let laid = try #require(TextLineStraightness.measure(try Self.drawn(page, after, fixture)))
        // Line centres' spread: 12.7 px median on the photo, 1.9 laid flat (docs/PERFORMANCE.md).
        #expect(before.median >= SureCurve.curvedLines && laid.median <= SureCurve.straightening * before.median, "\(before) -> \(laid)")
        // Every word's letters still shown.
        #expect(try #require(finder.wholeCurve(of: page)).leftOut == 0)
        // Laying flat turned off for the page: left as it is.
        var off = page
        off.corrections.laysFlat = false
        #expect(try Self.apply(off, fixture).curve == nil)
    }

    @Test(arguments: ["Corpus/real/tuned/scan-phototest.tif", "Corpus/real/tuned/scan-feyn.tif"])
    func aFlatScanIsNeverLaidFlatWhole(_ file: String) throws {
        let fixture = try HostFixture("borders-shift-c-flat")
        let page = try #require(fixture.pages([Self.fixtures + "/" + file]).first)
        #expect(try Self.apply(page, fixture).curve == nil)
    }
}

/// Laying flat as the page's recipe says: leptonica's photo of a curved 1555 book page is laid
/// flat when its corners are applied, and only levelled once the user turned laying flat off.
@Suite struct LayFlatHostTests {
    @Test func aPageWithLayingFlatOffGetsNoCurve() throws {
        let fixture = try HostFixture("borders-lay-flat")
        let book = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Fixtures/books/1555.007.jpg").standardized
        var page = try #require(fixture.pages([book.path]).first)
        // Corners just inside the photo's edges (the page fills it).
        let s = page.pixelSize
        page.corrections.crop = Quad(rect: Rect(x: 4, y: 4, width: s.width - 8, height: s.height - 8))
        func level(_ page: Page) throws -> BorderAnswer.Found {
            let answers = fixture.host.run(.findBorders(BorderRequest(purpose: .level, pages: [page])))
            guard let answer = answers.first?.as(BorderAnswer.self) else { return try #require(nil as BorderAnswer.Found?, "answered \(answers)") }
            return try #require(answer.pages.first)
        }
        #expect(try level(page).curve != nil)
        page.corrections.laysFlat = false
        let off = try level(page)
        #expect(off.curve == nil)
        // Shift+C's answer keeps it off.
        let applied = try #require(off.applied(to: page.corrections))
        #expect(!applied.laysFlat && applied.dewarp == nil)
    }
}
