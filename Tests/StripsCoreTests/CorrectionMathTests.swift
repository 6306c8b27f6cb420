import Foundation
import Testing
@testable import StripsCore

/// A page of `width` x `height` (any unit) seen by a pinhole camera of focal length `focal`
/// (pixels) whose principal point is the centre of a `picture`-sized photo: the page is turned by
/// `roll` in its plane, tilted by `pitch` and `yaw` (degrees), set `distance` page heights away and
/// moved `shift` page heights across the view.
func photographedPage(width: Double, height: Double, picture: Size, focal: Double,
                      pitch: Double, yaw: Double, roll: Double, distance: Double = 2,
                      shift: Point = .zero) -> Quad {
    let (p, y, r) = (pitch * .pi / 180, yaw * .pi / 180, roll * .pi / 180)
    func rotate(_ v: (Double, Double, Double)) -> (Double, Double, Double) {
        // roll about z, then pitch about x, then yaw about y
        var (x0, y0, z0) = (v.0 * cos(r) - v.1 * sin(r), v.0 * sin(r) + v.1 * cos(r), v.2)
        (y0, z0) = (y0 * cos(p) - z0 * sin(p), y0 * sin(p) + z0 * cos(p))
        (x0, z0) = (x0 * cos(y) + z0 * sin(y), -x0 * sin(y) + z0 * cos(y))
        return (x0, y0, z0)
    }
    let corners = [(-width / 2, -height / 2), (width / 2, -height / 2), (width / 2, height / 2), (-width / 2, height / 2)]
    let projected = corners.map { c -> Point in
        let (x, y, z) = rotate((c.0, c.1, 0))
        let depth = z + distance * height
        return Point(x: picture.width / 2 + focal * (x + shift.x * height) / depth,
                     y: picture.height / 2 + focal * (y + shift.y * height) / depth)
    }
    return Quad(corners: projected)!
}

@Suite struct QuadTests {
    let square = Quad(rect: Rect(x: 10, y: 20, width: 100, height: 100))

    @Test func aPageOrderedQuadIsConvexAndATwistedOneIsNot() {
        #expect(square.isConvex)
        #expect(square.signedArea == 10_000)
        let bowTie = Quad(topLeft: square.topLeft, topRight: square.bottomRight, bottomRight: square.topRight, bottomLeft: square.bottomLeft)
        #expect(!bowTie.isConvex)
        let counterClockwise = Quad(topLeft: square.topLeft, topRight: square.bottomLeft, bottomRight: square.bottomRight, bottomLeft: square.topRight)
        #expect(!counterClockwise.isConvex)
        #expect(counterClockwise.area == 10_000)
        let dented = Quad(topLeft: square.topLeft, topRight: square.topRight, bottomRight: Point(x: 30, y: 40), bottomLeft: square.bottomLeft)
        #expect(!dented.isConvex)
        var flat = square
        flat.bottomRight = Point(x: 110, y: 20)
        flat.bottomLeft = Point(x: 10, y: 20)
        #expect(!flat.isConvex)
        #expect(!Quad(topLeft: Point(x: .nan, y: 0), topRight: square.topRight, bottomRight: square.bottomRight, bottomLeft: square.bottomLeft).isConvex)
    }

    @Test func containmentAreaAndScaling() {
        #expect(square.contains(Point(x: 60, y: 70)))
        #expect(square.contains(Point(x: 10, y: 20)))
        #expect(!square.contains(Point(x: 9, y: 70)))
        let half = square.scaled(from: Size(width: 400, height: 300), to: Size(width: 200, height: 150))
        #expect(half.topLeft == Point(x: 5, y: 10))
        #expect(half.bottomRight == Point(x: 55, y: 60))
        #expect(half.area == 2_500)
        #expect(square.cornerCosines.allSatisfy { abs($0) < 1e-12 })
        #expect(square.maxCornerDistance(to: square.map { Point(x: $0.x + 3, y: $0.y + 4) }) == 5)
    }
}

@Suite struct HomographyTests {
    let source = [Point(x: 0, y: 0), Point(x: 2100, y: 0), Point(x: 2100, y: 2970), Point(x: 0, y: 2970)]
    let target = [Point(x: 812.5, y: 433), Point(x: 3105, y: 610.25), Point(x: 3390, y: 2795), Point(x: 560, y: 2640)]

    @Test func mapsEachPointOntoItsPairAndBack() throws {
        let h = try #require(Homography(from: source, to: target))
        for (s, t) in zip(source, target) {
            #expect(h.apply(s).distance(to: t) < 1e-8)
        }
        let inverse = try #require(h.inverse)
        for (s, t) in zip(source, target) {
            #expect(inverse.apply(t).distance(to: s) < 1e-8)
        }
        // Straight lines stay straight: the midpoint of an edge lands on the edge in the photo.
        let mid = h.apply(Point(x: 1050, y: 0))
        let cross = (target[1].x - target[0].x) * (mid.y - target[0].y) - (target[1].y - target[0].y) * (mid.x - target[0].x)
        #expect(abs(cross) < 1e-6)
        // ...but not to the midpoint of the edge: perspective, not an affine map.
        #expect(mid.distance(to: Point(x: (target[0].x + target[1].x) / 2, y: (target[0].y + target[1].y) / 2)) > 1)
    }

    @Test func theIdentityAndACompositionRoundTrip() throws {
        let h = try #require(Homography(from: source, to: target))
        let back = try #require(h.inverse.flatMap { $0.after(h) })
        for (a, b) in zip(back.m, Homography.identity.m) { #expect(abs(a - b) < 1e-9) }
        let same = try #require(Homography(from: source, to: source))
        for (a, b) in zip(same.m, Homography.identity.m) { #expect(abs(a - b) < 1e-12) }
    }

    @Test func collinearOrNonFinitePointsHaveNoHomography() {
        let collinear = [Point(x: 0, y: 0), Point(x: 1, y: 1), Point(x: 2, y: 2), Point(x: 0, y: 5)]
        #expect(Homography(from: collinear, to: target) == nil)
        #expect(Homography(from: source, to: collinear) == nil)
        #expect(Homography(from: source, to: [Point](repeating: Point(x: 3, y: 3), count: 4)) == nil)
        #expect(Homography(from: source, to: [Point(x: .nan, y: 0)] + target.dropFirst()) == nil)
        #expect(Homography(from: source, to: Array(target.prefix(3))) == nil)
    }
}

@Suite struct PageAspectTests {
    let picture = Size(width: 4000, height: 3000)
    var diagonal: Double { 5000 }

    @Test func aPhotographedA4PageRecoversOneToRootTwo() {
        // Portrait A4 (210 x 297) under several poses, cameras from wide to short tele.
        let poses: [(pitch: Double, yaw: Double, roll: Double, focal: Double)] = [
            (25, 0, 0, 0.6), (20, 15, 10, 0.6), (-18, 22, -25, 0.8), (30, -10, 30, 0.5), (10, 30, 5, 1.2), (35, 25, -15, 0.7),
        ]
        for pose in poses {
            let quad = photographedPage(width: 210, height: 297, picture: picture, focal: pose.focal * diagonal,
                                        pitch: pose.pitch, yaw: pose.yaw, roll: pose.roll)
            let estimate = PageAspect.estimate(quad: quad, pictureSize: picture)
            #expect(abs(estimate / (210.0 / 297.0) - 1) < 0.01, "pose \(pose): \(estimate)")
            // The quad itself is far from the page's shape: the estimate did the work.
            #expect(abs(PageAspect.affineRatio(quad) / (210.0 / 297.0) - 1) > 0.02 || pose.pitch == 10)
        }
    }

    @Test func aSquareStaysASquare() {
        for (pitch, yaw, roll) in [(30.0, 20.0, 0.0), (-25.0, -30.0, 12.0), (0.0, 35.0, -20.0)] {
            let quad = photographedPage(width: 100, height: 100, picture: picture, focal: 0.7 * diagonal,
                                        pitch: pitch, yaw: yaw, roll: roll)
            #expect(abs(PageAspect.estimate(quad: quad, pictureSize: picture) - 1) < 0.01)
        }
    }

    @Test func aPageOffTheOpticalAxisToo() {
        // The principal point stays the picture's centre; the page is photographed off to a side.
        let quad = photographedPage(width: 216, height: 279, picture: picture, focal: 0.6 * diagonal,
                                    pitch: 20, yaw: -15, roll: 8, distance: 2.5, shift: Point(x: 0.4, y: -0.3))
        #expect(abs(PageAspect.estimate(quad: quad, pictureSize: picture) / (216.0 / 279.0) - 1) < 0.015)
    }

    @Test func oneVanishingPointUsesAPhoneCamerasFocalLength() {
        // Tilted forward only: the top and bottom edges stay parallel, the focal length is unknown.
        let quad = photographedPage(width: 210, height: 297, picture: picture,
                                    focal: PageAspect.typicalFocalOverDiagonal * diagonal, pitch: 30, yaw: 0, roll: 0)
        #expect(abs(quad.topLeft.y - quad.topRight.y) < 1e-6)
        #expect(abs(PageAspect.estimate(quad: quad, pictureSize: picture) / (210.0 / 297.0) - 1) < 0.01)
    }

    @Test func withoutPerspectiveItIsTheMeanOfOppositeEdges() {
        // A parallelogram 300 wide, sides 200 long, sheared: no vanishing point.
        let quad = Quad(topLeft: Point(x: 100, y: 100), topRight: Point(x: 400, y: 100),
                        bottomRight: Point(x: 460, y: 260), bottomLeft: Point(x: 160, y: 260))
        let side = (60.0 * 60 + 160 * 160).squareRoot()
        #expect(abs(PageAspect.estimate(quad: quad, pictureSize: picture) - 300 / side) < 1e-9)
    }

    @Test func degenerateQuadsGiveAFinitePositiveAspect() {
        let point = Quad(rect: Rect(x: 5, y: 5, width: 0, height: 0))
        let nan = Quad(topLeft: Point(x: .nan, y: 1), topRight: .zero, bottomRight: .zero, bottomLeft: .zero)
        let line = Quad(topLeft: .zero, topRight: Point(x: 100, y: 0), bottomRight: Point(x: 100, y: 0), bottomLeft: .zero)
        let bowTie = Quad(topLeft: .zero, topRight: Point(x: 100, y: 100), bottomRight: Point(x: 100, y: 0), bottomLeft: Point(x: 0, y: 100))
        for quad in [point, nan, line, bowTie] {
            for size in [picture, .zero, Size(width: .nan, height: 3)] {
                let a = PageAspect.estimate(quad: quad, pictureSize: size)
                #expect(a.isFinite && a > 0)
            }
        }
    }
}

@Suite struct PaperSizeTests {
    @Test func snapsWithinThreePercentEitherOrientation() {
        let a4 = 297.0 / 210.0
        let a5 = 210.0 / 148.0
        #expect(PaperSize.snap(aspect: a4 * 0.971).aspect == a4)
        #expect(PaperSize.snap(aspect: 1 / (a4 * 0.975)).aspect == 1 / a4)
        #expect(PaperSize.snap(aspect: a5 * 1.029).aspect == a5)
        // Past 3 % of both A4 and A5 (the larger), and of everything else.
        #expect(PaperSize.snap(aspect: a5 * 1.031).paper == nil)
        #expect(PaperSize.snap(aspect: a5 * 1.031).aspect == a5 * 1.031)
        #expect(PaperSize.snap(aspect: a4 * 0.969).paper == nil)
        #expect(PaperSize.snap(aspect: 11.0 / 8.5 * 0.972).paper == .letter)
        #expect(PaperSize.snap(aspect: 8.5 / 14.0 * 1.02).paper == .legal)
        #expect(abs(PaperSize.snap(aspect: 8.5 / 14.0 * 1.02).aspect - 8.5 / 14.0) < 1e-15)
        #expect(PaperSize.snap(aspect: 55.0 / 85.0).paper == .businessCard)
        #expect(PaperSize.snap(aspect: 85.0 / 55.0 * 0.98).aspect == 85.0 / 55.0)
        // A5 (1.419) and A4 (1.414) are 0.3 % apart: the nearer wins.
        #expect(PaperSize.snap(aspect: 1.4195).paper == .a5)
        #expect(PaperSize.snap(aspect: 1.4140).paper == .a4)
        #expect(PaperSize.snap(aspect: 1).paper == nil)
        #expect(PaperSize.snap(aspect: .nan).aspect == 1)
        #expect(PaperSize.snap(aspect: -2).aspect == 1)
    }
}

@Suite struct FlattenedSizeTests {
    let picture = Size(width: 4000, height: 3000)

    @Test func anUprightRectangleKeepsItsPixels() {
        let crop = Quad(rect: Rect(x: 120, y: 80, width: 1003, height: 1419))
        #expect(flattenedSize(quad: crop, pictureSize: picture) == Size(width: 1003, height: 1419))
        #expect(flattenedSize(quad: Quad(whole: picture), pictureSize: picture) == picture)
    }

    @Test func aPhotographedA4PageComesOutA4AtTheNearEdgesDensity() {
        let quad = photographedPage(width: 210, height: 297, picture: picture, focal: 3000, pitch: 25, yaw: 12, roll: 15)
        let size = flattenedSize(quad: quad, pictureSize: picture)
        #expect(abs(size.height / size.width - 297.0 / 210.0) < 1.5 / size.width)
        let e = quad.edgeLengths
        #expect(size.width >= max(e.top, e.bottom).rounded() - 1)
        #expect(size.height >= max(e.left, e.right).rounded() - 1)
        #expect(size.width < 1.5 * max(e.top, e.bottom))
    }

    @Test func anUnknownPaperKeepsItsEstimatedAspect() {
        // A square note is no paper size.
        let quad = photographedPage(width: 100, height: 100, picture: picture, focal: 3000, pitch: 20, yaw: -20, roll: 5)
        let size = flattenedSize(quad: quad, pictureSize: picture)
        #expect(abs(size.width / size.height - 1) < 0.01)
    }

    @Test func degenerateInputIsSaneNeverNaN() {
        let cases: [(Quad, Size)] = [
            (Quad(rect: Rect(x: 5, y: 5, width: 0, height: 0)), picture),
            (Quad(topLeft: Point(x: .nan, y: 0), topRight: .zero, bottomRight: .zero, bottomLeft: .zero), picture),
            (Quad(topLeft: .zero, topRight: Point(x: 100, y: 100), bottomRight: Point(x: 100, y: 0), bottomLeft: Point(x: 0, y: 100)), picture),
            (Quad(rect: Rect(x: -1e12, y: -1e12, width: 3e12, height: 2e12)), picture),
            (Quad(whole: picture), Size(width: .infinity, height: -4)),
            (Quad(topLeft: .zero, topRight: Point(x: 1e300, y: 1), bottomRight: Point(x: 1e300, y: 1e300), bottomLeft: Point(x: 3, y: 1e300)), .zero),
        ]
        for (quad, size) in cases {
            let s = flattenedSize(quad: quad, pictureSize: size)
            #expect(s.width.isFinite && s.height.isFinite && s.width >= 1 && s.height >= 1, "\(quad) \(size) -> \(s)")
            #expect(s.width == s.width.rounded() && s.height == s.height.rounded())
        }
        #expect(flattenedSize(quad: Quad(rect: Rect(x: 5, y: 5, width: 0, height: 0)), pictureSize: picture) == Size(width: 1, height: 1))
        let nan = Quad(topLeft: Point(x: .nan, y: 0), topRight: .zero, bottomRight: .zero, bottomLeft: .zero)
        #expect(flattenedSize(quad: nan, pictureSize: picture) == picture)
        let huge = flattenedSize(quad: Quad(rect: Rect(x: -1e12, y: -1e12, width: 3e12, height: 2e12)), pictureSize: picture)
        #expect(max(huge.width, huge.height) <= 10_000)
    }
}
