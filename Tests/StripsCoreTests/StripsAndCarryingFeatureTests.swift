import Testing
@testable import StripsCore
@testable import StripsPhotosFeatures

/// The strips' room and the carrying room on their own, no scene: the strips laid out around the
/// page in focus, the follower set from the leader, the lead handed over; a thumbnail lifted,
/// carried, scrolled near the end, dropped into its slot and put back.
@Suite struct StripsAndCarryingFeatureTests {
    static let window = Size(width: 1200, height: 800)
    static let context = StripsFeature.Context(pageCount: 10, geometry: EditorGeometry(window: window), tuning: .defaults)

    /// Ten pages laid out with page `focus` in focus.
    static func laidOut(focus: Int = 4) -> StripsState {
        var state = StripsState(focusIndex: focus)
        _ = StripsFeature.reduce(into: &state, action: .layOut, context: context)
        return state
    }

    @Test func theStripsAreLaidOutAroundTheFocusAndTheThumbnailsFollowThePreviewsEveryPoint() {
        var state = Self.laidOut()
        #expect(state.preview.layout.itemCount == 10 && state.thumbnails.layout.itemCount == 10)
        #expect(state.preview.frame == Self.context.geometry.preview && state.thumbnails.frame == Self.context.geometry.thumbnails)
        #expect(abs(state.preview.position - 4) < 1e-9 && abs(state.thumbnails.position - 4) < 1e-9)
        // The preview dragged to 6.4: the thumbnails follow that point, the focus is its nearest page.
        state.preview.show(position: 6.4)
        _ = StripsFeature.reduce(into: &state, action: .follow(lead: .preview), context: Self.context)
        #expect(abs(state.thumbnails.position - 6.4) < 1e-9)
        #expect(state.focusIndex == 6)
        // The thumbnails lead at 2.3: the preview follows whole pages only.
        state.thumbnails.show(position: 2.3)
        _ = StripsFeature.reduce(into: &state, action: .follow(lead: .thumbnails), context: Self.context)
        #expect(abs(state.preview.position - 2) < 1e-9 && state.focusIndex == 2)
        // A window with no preview keeps the focus where it was.
        var none = Self.context
        none.geometry = EditorGeometry(window: Size(width: 0, height: 0))
        state.thumbnails.show(position: 7)
        _ = StripsFeature.reduce(into: &state, action: .follow(lead: .thumbnails), context: none)
        #expect(state.focusIndex == 2)
    }

    @Test func anEditsAnimationSetsBothStripsAndTheLeadStopsTheOtherStrip() {
        var state = Self.laidOut()
        _ = StripsFeature.reduce(into: &state, action: .show(slot: 3.5), context: Self.context)
        #expect(abs(state.preview.position - 3.5) < 1e-9 && abs(state.thumbnails.position - 3.5) < 1e-9)
        // The thumbnails flung, then the preview takes the lead: the thumbnails stop at rest.
        state.thumbnails.show(position: 3.5)
        _ = StripsFeature.reduce(into: &state, action: .lead(.preview, moving: .thumbnails), context: Self.context)
        #expect(state.thumbnails.isIdle)
        #expect(StripsFeature.reduce(into: &state, action: .lead(.preview, moving: nil), context: Self.context).isEmpty)
    }

    static func carrying(_ state: StripsState, pageCount: Int = 10, x: Double? = nil, sinceLastTick: Double = 0, at time: Double) -> CarryingFeature.Context {
        CarryingFeature.Context(pageCount: pageCount, strip: Self.context.geometry.thumbnails, tuning: Tuning.defaults.editor,
                                previewPage: state.preview.nearestIndex, sinceLastTick: sinceLastTick, time: time)
    }

    /// The thumbnail in focus lifted by a press on its centre.
    static func lifted() -> (CarryingFeature.State, Point) {
        let strips = laidOut()
        var state = CarryingFeature.State(thumbnails: strips.thumbnails, expanding: strips.expanding, carry: nil)
        let content = PageStripContent(aspects: Array(repeating: 0.7, count: 10))
        let centre = strips.thumbnails.cells(in: .infinite, content: content).first { $0.index == 4 }.map { Point(x: $0.frame.midX, y: $0.frame.midY) }
        let point = centre ?? Point(x: 0, y: 0)
        let cell = strips.thumbnails.cell(at: point, content: content)
        _ = CarryingFeature.reduce(into: &state, action: .lift(at: point, cell: cell), context: carrying(strips, at: 1))
        return (state, point)
    }

    @Test func aHeldThumbnailLiftsOnlyWithAnotherPageAndACellUnderThePress() {
        let strips = Self.laidOut()
        var state = CarryingFeature.State(thumbnails: strips.thumbnails, expanding: strips.expanding, carry: nil)
        _ = CarryingFeature.reduce(into: &state, action: .lift(at: Point(x: 0, y: 0), cell: nil), context: Self.carrying(strips, at: 1))
        #expect(state.carry == nil)
        let (lifted, point) = Self.lifted()
        let carry = try? #require(lifted.carry)
        #expect(carry?.moving == 4 && carry?.pointerX == point.x && carry?.gapTo == 4 && carry?.liftStart == 1)
        // Lifting evens the thumbnails out: the expanding rate heads for 0.
        var expanding = lifted.expanding
        expanding.tick(at: 1 + Tuning.defaults.editor.expandingFullDuration)
        #expect(expanding.value == 0)
        // A single page has nowhere to go.
        var one = CarryingFeature.State(thumbnails: strips.thumbnails, expanding: strips.expanding, carry: nil)
        let cell = strips.thumbnails.cell(at: point, content: PageStripContent(aspects: Array(repeating: 0.7, count: 10)))
        #expect(cell != nil)
        _ = CarryingFeature.reduce(into: &one, action: .lift(at: point, cell: cell), context: Self.carrying(strips, pageCount: 1, at: 1))
        #expect(one.carry == nil)
    }

    @Test func carriedTwoPitchesOnTheGapEasesThereAndTheDropMovesThePage() throws {
        var (state, point) = Self.lifted()
        let pitch = state.thumbnails.layout.pitch
        #expect(pitch > 0)
        _ = CarryingFeature.reduce(into: &state, action: .move(toX: point.x + 2 * pitch), context: Self.carrying(Self.laidOut(), at: 2))
        let carry = try #require(state.carry)
        #expect(carry.gapFrom == 4 && carry.gapTo == 6 && carry.gapStart == 2)
        let outputs = CarryingFeature.reduce(into: &state, action: .drop, context: Self.carrying(Self.laidOut(), at: 2 + Tuning.defaults.editor.gapDuration))
        #expect(state.carry == nil)
        guard case .enqueue(.drop(let from, let to, let carried, let previewSlot))? = outputs.first, outputs.count == 1 else {
            Issue.record("\(described(outputs))")
            return
        }
        #expect(from == 4 && to == 6 && abs(carried.gap - 6) < 1e-9 && abs(carried.movingSlot - 6) < 0.5)
        // The preview showed the carried page: it rides with it.
        #expect(abs(previewSlot - carried.movingSlot) < 1e-9)
    }

    @Test func escapePutsItBackAndLetsGoOfThePress() throws {
        var (state, point) = Self.lifted()
        let pitch = state.thumbnails.layout.pitch
        _ = CarryingFeature.reduce(into: &state, action: .move(toX: point.x - pitch), context: Self.carrying(Self.laidOut(), at: 2))
        let outputs = CarryingFeature.reduce(into: &state, action: .cancel, context: Self.carrying(Self.laidOut(), at: 2))
        #expect(state.carry == nil)
        guard case .abandonPress? = outputs.first, case .enqueue(.drop(let from, let to, _, _))? = outputs.last, outputs.count == 2 else {
            Issue.record("\(described(outputs))")
            return
        }
        #expect(from == 4 && to == 4)
    }

    @Test func nearTheEndTheCarriedThumbnailScrollsTheStripAtTheTuningsSpeed() throws {
        var (state, _) = Self.lifted()
        let strip = Self.context.geometry.thumbnails
        let before = state.thumbnails.position
        // At the very right edge: the full speed, for a tenth of a second.
        _ = CarryingFeature.reduce(into: &state, action: .move(toX: strip.maxX), context: Self.carrying(Self.laidOut(), at: 2))
        _ = CarryingFeature.reduce(into: &state, action: .autoscroll, context: Self.carrying(Self.laidOut(), sinceLastTick: 0.1, at: 2.1))
        let expected = Tuning.defaults.editor.autoscrollSpeed * 0.1 / state.thumbnails.layout.pitch
        #expect(abs(state.thumbnails.position - before - expected) < 1e-9)
        // In the middle: nothing scrolls.
        let still = state.thumbnails.position
        _ = CarryingFeature.reduce(into: &state, action: .move(toX: strip.midX), context: Self.carrying(Self.laidOut(), at: 2.2))
        _ = CarryingFeature.reduce(into: &state, action: .autoscroll, context: Self.carrying(Self.laidOut(), sinceLastTick: 0.1, at: 2.3))
        #expect(state.thumbnails.position == still)
    }
}
