import StripsTestSupport
import Testing
@testable import StripsCore
@testable import StripsPhotosFeatures
@testable import StripsPhotos

/// While a strip moves to where it will rest, the pictures there are asked for first, the page's
/// preview then its thumbnails from the middle outward; at rest, the focus's neighbours as before.
@Suite struct LandingFirstTests {
    static func pages(_ n: Int) -> [Page] {
        (0..<n).map { Page(id: "p\($0).jpg", path: "/scans/p\($0).jpg", pixelSize: Size(width: 1240, height: 1754)) }
    }

    @Test func theLandingComesFirstThenOutward() {
        let pages = Self.pages(200)
        let requests = PagePrefetch.requests(pages: pages, focus: 10, previewBox: Size(width: 800, height: 500), landing: 150, landingReach: 3)
        let first = requests.prefix(8).map { ($0.image.path, $0.image.variant, $0.landing) }
        #expect(first.map(\.0) == ["/scans/p150.jpg", "/scans/p150.jpg", "/scans/p151.jpg", "/scans/p149.jpg", "/scans/p152.jpg",
                                   "/scans/p148.jpg", "/scans/p153.jpg", "/scans/p147.jpg"])
        #expect(first.map(\.1) == [.full] + Array(repeating: .thumbnail, count: 7))
        #expect(first.allSatisfy { $0.2 })
        // Then the focus as at rest, none of it marked.
        #expect(requests[8].image.path == "/scans/p10.jpg" && requests[8].image.variant == .full && !requests[8].landing)
        // At rest (no landing, or landing on the focus) nothing is marked.
        #expect(!PagePrefetch.requests(pages: pages, focus: 10, previewBox: Size(width: 800, height: 500)).contains { $0.landing })
        #expect(!PagePrefetch.requests(pages: pages, focus: 10, previewBox: Size(width: 800, height: 500), landing: 10).contains { $0.landing })
    }

    @Test func aFlingOfTheThumbnailStripAsksForWhereItWillRest() {
        var scene = PhotosScene(documentName: "Fling", pages: Self.pages(500), windowSize: Size(width: 1024, height: 768))
        let strip = scene.geometry.thumbnails
        // A quick flick to the left: the strip decelerates toward a thumbnail far to the right.
        var t = 1.0
        scene.handle(.pointerDown(Point(x: 900, y: strip.midY)), at: t)
        for _ in 0..<4 {
            t += 0.016
            scene.handle(.pointerMove(Point(x: 900 - (t - 1) * 6000, y: strip.midY)), at: t)
        }
        scene.handle(.pointerUp(Point(x: 900 - (t - 1) * 6000, y: strip.midY)), at: t)
        t += 0.016
        scene.tick(at: t)
        let frame = scene.frame(at: t)
        guard let photos = frame.content as? PhotosFrame, let resting = photos.strips.first(where: { $0.name == "thumbnails" })?.restingIndex else {
            Issue.record("the strip is not decelerating")
            return
        }
        #expect(resting > photos.focusIndex + 5)
        let first = frame.content.prefetch.first
        #expect(first?.landing == true && first?.image == scene.pages[resting].picture(.full))
        // The thumbnails asked for first are as many as the strip shows, around the resting one.
        let landing = frame.content.prefetch.filter { $0.landing }.filter { $0.image.variant == .thumbnail }
        #expect(landing.count == 2 * (photos.thumbnails.count / 2 + 1) + 1)
        // Once it rests there, nothing is marked any more.
        while !scene.isIdle { t += 0.016; scene.tick(at: t) }
        #expect(scene.strips.focusIndex == resting)
        #expect(!scene.frame(at: t).content.prefetch.contains { $0.landing })
    }
}
