import StripsTestSupport
import Testing
@testable import StripsCore

@Suite struct PreviewLayoutTests {
    /// Five A4 portrait pages in a 1000 x 700 preview.

    func layout(offset: Double) -> LayoutAt<PreviewLayout> {
        var layout = PreviewLayout(itemCount: 5)
        layout.viewport = Size(width: 1000, height: 700)
        return LayoutAt(layout, offset: offset, content: PageStripContent(aspects: Array(repeating: 1 / 1.414, count: 5)))
    }

    @Test func oneViewportPerPage() {
        let l = layout(offset: 0)
        #expect(l.contentSize == Size(width: 5000, height: 700))
        #expect(l.attributes(at: 3)?.frame == Rect(x: 3000, y: 0, width: 1000, height: 700))
        #expect(l.attributes(in: l.bounds).map(\.index) == [0])
    }

    @Test func atRestThereIsNoParallax() throws {
        let a = try #require(layout(offset: 2000).attributes(at: 2))
        #expect(a.parallax == 0)
        #expect(a.drawnFrame == a.frame)
    }

    @Test func halfwayCellsDriftApartBy44Points() throws {
        // Offset 2500: page 2 is half a page left of centre, page 3 half a page right.
        let l = layout(offset: 2500)
        let left = try #require(l.attributes(at: 2)), right = try #require(l.attributes(at: 3))
        #expect(left.parallax == -0.5)
        #expect(right.parallax == 0.5)
        #expect(left.drawnFrame.minX == 2000 - 22)
        #expect(right.drawnFrame.minX == 3000 + 22)
        #expect(right.drawnFrame.minX - left.drawnFrame.maxX == 44)
    }

    @Test func pictureLagsByThirtyPercentOfTheWidth() throws {
        let l = layout(offset: 2250)
        let a = try #require(l.attributes(at: 3))  // relative = (3500 - 2250 - 500) / 1000 = 0.75
        #expect(a.parallax == 0.75)
        #expect(a.transform.translation.x == 0.75 * 44)
        let fitted = a.drawnFrame.aspectFit(1 / 1.414)
        let picture = l.pictureFrame(for: a)
        #expect(abs(picture.minX - (fitted.minX - 0.3 * 1000 * 0.75)) < 1e-9)
        #expect(picture.size == fitted.size)
        // The picture is clipped to its own aspect-fit rectangle, not to the cell.
        #expect(l.pictureClip(for: a) == fitted)
        #expect(fitted.width < a.drawnFrame.width)
    }

    @Test func aWholePageAwayHasNoParallax() throws {
        let a = try #require(layout(offset: 1000).attributes(at: 2))
        #expect(a.parallax == nil)
        #expect(a.transform == .identity)
    }

    @Test func aspectFitCentresThePicture() {
        let cell = Rect(x: 0, y: 0, width: 1000, height: 700)
        #expect(cell.aspectFit(2) == Rect(x: 0, y: 100, width: 1000, height: 500))
        #expect(cell.aspectFit(0.5) == Rect(x: 325, y: 0, width: 350, height: 700))
    }
}

extension LayoutAt where L == PreviewLayout {
    func pictureFrame(for a: LayoutAttributes) -> Rect { layout.pictureFrame(aspect: content.aspects[a.index], cell: a.drawnFrame, parallax: a.parallax) }
    func pictureClip(for a: LayoutAttributes) -> Rect { layout.pictureClip(aspect: content.aspects[a.index], cell: a.drawnFrame) }
}
