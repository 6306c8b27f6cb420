import Testing
@testable import StripsCore
@testable import StripsPhotosFeatures

/// The zoom room's reducer on its own, with the context a scene would give it: an 800 x 600 window
/// (the preview 800 x 478 under the toolbar) and a 3000 x 4000 scan in focus, 358.5 pt wide at fit.
@Suite struct ZoomFeatureTests {
    static let pages = PreviewZoomTests.pages
    static let fitWidth = PreviewZoomTests.box.height * 0.75

    func context(focus: Int = 0, pressed: Bool = false, canStart: Bool = true, at time: Double = 0) -> ZoomFeature.Context {
        ZoomFeature.Context(pages: Self.pages, focus: focus, box: PreviewZoomTests.box, pressed: pressed, canStart: canStart,
                            tuning: Tuning.defaults.zoom, physics: Tuning.defaults.scroll, time: time)
    }

    func zoom(_ state: ZoomFeature.State) -> PreviewZoom? {
        if case .zoomed(let zoom) = state { return zoom }
        return nil
    }

    func isEnded(_ state: ZoomFeature.State) -> Bool {
        if case .ended = state { return true }
        return false
    }

    @Test func aCloseUpBeginsOnlyWhenTheSceneLetsOne() throws {
        var state = ZoomFeature.State.notZoomed
        let center = PreviewZoomTests.box.center
        #expect(ZoomFeature.reduce(into: &state, action: .closeUp(about: center), context: context(canStart: false)).isEmpty)
        #expect(zoom(state) == nil && !isEnded(state))

        _ = ZoomFeature.reduce(into: &state, action: .closeUp(about: center), context: context())
        let started = try #require(zoom(state))
        // The close-up is the scan's own pixels: 3000 over its width at fit.
        #expect(abs(started.targetScale - 3000 / Self.fitWidth) < 1e-9)
        #expect(started.scale == 1 && started.page == 0 && started.pageID == "scan.jpg")

        let duration = Tuning.defaults.zoom.duration
        _ = ZoomFeature.reduce(into: &state, action: .tick, context: context(at: duration + 0.01))
        #expect(abs(try #require(zoom(state)).scale - 3000 / Self.fitWidth) < 1e-9)
    }

    @Test func aZoomAtOnceGrowsFromFitAndEndsBackAtFit() throws {
        var state = ZoomFeature.State.notZoomed
        let anchor = PreviewZoomTests.box.center
        // Shrinking at fit starts nothing: the strips stay as they are.
        _ = ZoomFeature.reduce(into: &state, action: .zoom(by: 0.8, about: anchor), context: context())
        #expect(zoom(state) == nil && !isEnded(state))
        // A held pointer keeps a pinch step from zooming.
        _ = ZoomFeature.reduce(into: &state, action: .zoom(by: 1.25, about: anchor), context: context(pressed: true))
        #expect(zoom(state) == nil && !isEnded(state))

        _ = ZoomFeature.reduce(into: &state, action: .zoom(by: 1.25, about: anchor), context: context())
        #expect(abs(try #require(zoom(state)).scale - 1.25) < 1e-12)
        _ = ZoomFeature.reduce(into: &state, action: .zoom(by: 0.8, about: anchor), context: context())
        #expect(isEnded(state))
    }

    @Test func aTickEndsTheZoomWhenItsPageIsNoLongerInFocus() throws {
        var state = ZoomFeature.State.notZoomed
        _ = ZoomFeature.reduce(into: &state, action: .key(.zoomIn, anchor: PreviewZoomTests.box.center), context: context())
        #expect(abs(try #require(zoom(state)).targetScale - Tuning.defaults.zoom.keyFactor) < 1e-12)
        _ = ZoomFeature.reduce(into: &state, action: .tick, context: context(at: 0.05))
        #expect(zoom(state) != nil)
        _ = ZoomFeature.reduce(into: &state, action: .tick, context: context(focus: 1, at: 0.1))
        #expect(isEnded(state))
    }

    @Test func pointerActionsMoveNothingWithoutAZoom() {
        var state = ZoomFeature.State.notZoomed
        let p = PreviewZoomTests.box.center
        for action: ZoomFeature.Action in [.press(p), .drag(p), .release(p, backToFit: true), .pan(dx: 0, dy: 3), .endDrag, .tick] {
            #expect(ZoomFeature.reduce(into: &state, action: action, context: context()).isEmpty)
            #expect(zoom(state) == nil && !isEnded(state))
        }
    }

    /// A search hit's line 0.01 of the scan's height is 4.78 pt tall at fit: it is zoomed in on
    /// until it is `readableLine` (28 pt) tall, centred in the preview; one 0.05 tall (23.9 pt) is
    /// readable as it is and starts nothing.
    @Test func aSmallLineIsZoomedInOnUntilReadableAndCentred() throws {
        let small = [Rect(x: 0.45, y: 0.5, width: 0.1, height: 0.01)]
        var state = ZoomFeature.State.notZoomed
        _ = ZoomFeature.reduce(into: &state, action: .show(lines: [Rect(x: 0.45, y: 0.5, width: 0.1, height: 0.05)]), context: context())
        #expect(zoom(state) == nil && !isEnded(state))

        // Whoever asks has waited for the strips: `canStart` is not consulted.
        #expect(ZoomFeature.reduce(into: &state, action: .show(lines: small), context: context(canStart: false)).isEmpty)
        let started = try #require(zoom(state))
        let onScreen = 0.01 * PreviewZoomTests.box.height
        #expect(abs(started.targetScale - ZoomFeature.readableLine / onScreen) < 1e-9)

        _ = ZoomFeature.reduce(into: &state, action: .tick, context: context(at: Tuning.defaults.zoom.duration + 0.01))
        let shown = try #require(zoom(state))
        let line = try #require(SearchHighlight.rects(small, onPicture: shown.pictureFrame, quarterTurns: 0).first)
        #expect(abs(line.height - ZoomFeature.readableLine) < 1e-6)
        #expect(abs(line.midX - PreviewZoomTests.box.midX) < 1e-6 && abs(line.midY - PreviewZoomTests.box.midY) < 1e-6)

        // Readable now: asked again, the zoom is left as it is.
        _ = ZoomFeature.reduce(into: &state, action: .show(lines: small), context: context(at: 1))
        #expect(try #require(zoom(state)).pose == shown.pose)
    }
}
