import StripsTestSupport
import Testing
@testable import StripsCore
@testable import StripsPhotosFeatures

@Suite struct ThumbnailLayoutTests {
    /// Aspect ratios: portrait, landscape, tall receipt, panorama beyond the clamp, square.
    let aspects = [0.7, 1.5, 0.1, 8.0, 1.0, 0.7, 0.7]


    func layout(slot: Double, width: Double = 800, rate: Double = 1) -> LayoutAt<ThumbnailLayout> {
        var l = ThumbnailLayout(itemCount: aspects.count)
        l.viewport = Size(width: width, height: 66)
        return LayoutAt(l, offset: l.offset(atPosition: slot), content: PageStripContent(aspects: aspects, expandingRate: rate))
    }

    func frames(_ l: LayoutAt<ThumbnailLayout>) -> [Int: Rect] {
        Dictionary(uniqueKeysWithValues: l.attributes(in: Rect(x: l.bounds.minX - 2000, y: 0, width: 5000, height: 66)).map { ($0.index, $0.drawnFrame) })
    }

    @Test func restingSizeAndSpacing() {
        let l = layout(slot: 1)
        #expect(l.itemSize == Size(width: 33, height: 66))
        #expect(l.pitch == 37)
        let f = frames(l)
        // Two cells away from the focus, thumbnails rest at 33 x 66 with 4 pt between them.
        #expect(f[4]?.width == 33)
        #expect(abs(f[5]!.minX - f[4]!.maxX - 4) < 1e-9)
    }

    @Test func focusedThumbnailTakesItsPagesAspectAndIsCentred() {
        let l = layout(slot: 1)
        let f = frames(l)
        #expect(abs(f[1]!.width - 66 * 1.5) < 1e-9)
        #expect(abs(f[1]!.midX - l.bounds.minX - 400) < 1e-9)  // centre of an 800 pt strip
        // 4 pt + 10 pt on each side of the focused thumbnail.
        #expect(abs(f[1]!.minX - f[0]!.maxX - 14) < 1e-9)
        #expect(abs(f[2]!.minX - f[1]!.maxX - 14) < 1e-9)
    }

    @Test func aspectIsClampedBetweenFifthAndFive() {
        #expect(abs(frames(layout(slot: 2))[2]!.width - 66 * 0.2) < 1e-9)
        #expect(abs(frames(layout(slot: 3))[3]!.width - 66 * 5) < 1e-9)
    }

    @Test func halfwayBothNeighboursAreHalfExpanded() {
        let l = layout(slot: 0.5)
        #expect(l.expanding(of: 0) == 0.5)
        #expect(l.expanding(of: 1) == 0.5)
        #expect(l.expanding(of: 2) == 0)
        let f = frames(l)
        #expect(abs(f[0]!.width - (33 + (66 * 0.7 - 33) * 0.5)) < 1e-9)
        #expect(abs(f[1]!.width - (33 + (66 * 1.5 - 33) * 0.5)) < 1e-9)
        // Between the two: 4 pt plus 10 pt * 0.5 from each side.
        #expect(abs(f[1]!.minX - f[0]!.maxX - 14) < 1e-9)
    }

    @Test func expandingFollowsTheDistanceInPitches() {
        let l = layout(slot: 1.25)
        #expect(abs(l.expanding(of: 1) - 0.75) < 1e-12)
        #expect(abs(l.expanding(of: 2) - 0.25) < 1e-12)
    }

    @Test func rateZeroMakesEveryThumbnailTheSame() {
        let f = frames(layout(slot: 1, rate: 0))
        #expect(f.values.allSatisfy { $0.width == 33 })
        #expect(abs(f[2]!.minX - f[1]!.maxX - 4) < 1e-9)
    }

    @Test func contentSizeIgnoresExpansion() {
        #expect(layout(slot: 0).contentSize == layout(slot: 3, rate: 0.3).contentSize)
        #expect(layout(slot: 0).contentSize.width == 7 * 33 + 6 * 4)
    }

    @Test func sideInsetsLetTheEndsReachTheCentre() {
        let l = layout(slot: 6)
        #expect(l.sideInset == (800.0 - 33) / 2)
        #expect(abs(frames(l)[6]!.midX - l.bounds.minX - 400) < 1e-9)
    }

    @Test func flingTargetIsTheNearestCellCentre() {
        let l = layout(slot: 0)
        #expect(l.restingOffset(proposed: l.offset(forSlot: 2.4)) == l.offset(forSlot: 2))
        #expect(l.restingOffset(proposed: l.offset(forSlot: 2.6)) == l.offset(forSlot: 3))
        #expect(l.restingOffset(proposed: l.offset(forSlot: 40)) == l.offset(forSlot: 6))
        #expect(l.restingOffset(proposed: l.offset(forSlot: -3)) == l.offset(forSlot: 0))
    }

    @Test func onlyVisibleCellsAreComputed() {
        var big = ThumbnailLayout(itemCount: 100_000)
        big.viewport = Size(width: 800, height: 66)
        let offset = big.offset(atPosition: 50_000.3)
        let cells = big.attributes(in: big.bounds(at: offset), offset: offset, content: PageStripContent(aspects: Array(repeating: 0.7, count: 100_000)))
        #expect(cells.count < 30)
        #expect(cells.contains { $0.index == 50_000 })
    }

    @Test func collapsingCellReleasesItsNeighbours() {
        var l = layout(slot: 1)
        let before = frames(l)
        l.content.slots = SlotMap([1: CellTransition(visibility: 0, presence: 0)])
        let after = frames(l)
        #expect(after[1] == nil)  // shrunk to nothing, not listed
        // Cell 2 now sits in slot 1, expanded and centred.
        #expect(abs(after[2]!.midX - before[1]!.midX) < 1e-9)
        #expect(abs(after[2]!.width - 66 * 0.1.clamped(to: 0.2...5)) < 1e-9)
    }
}

@Suite struct ExpandingRateTests {
    @Test func takesFifteenHundredthsTimesTheRemaining() {
        var rate = ExpandingRate()
        let full = Tuning.defaults.editor.expandingFullDuration
        rate.animate(to: 0, at: 1, fullDuration: full)
        rate.tick(at: 1.075)
        #expect(abs(rate.value - 0.5) < 1e-9)  // ease-in-out midpoint
        rate.tick(at: 1.15)
        #expect(rate.value == 0)
        #expect(!rate.isAnimating)
        // From a partial value only the remaining share of 0.15 s.
        var partial = ExpandingRate()
        partial.animate(to: 0, at: 0, fullDuration: full)
        partial.tick(at: 0.075)
        partial.animate(to: 1, at: 0.075, fullDuration: full)
        partial.tick(at: 0.075 + 0.15 * 0.5)
        #expect(partial.value == 1)
    }
}

@Suite struct ThumbnailVisibleRangeTests {
    /// The visible-range query must list exactly the cells a brute-force pass over every cell
    /// finds intersecting the rect: at any offset, rate, rect, transition or focus override.
    @Test(arguments: [11, 12, 13, 14] as [UInt64])
    func matchesBruteForce(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        let aspects = (0..<60).map { _ in [0.1, 0.3, 0.7, 1, 1.5, 3, 8].randomElement(using: &rng)! }
        for _ in 0..<300 {
            var layout = ThumbnailLayout(itemCount: aspects.count)
            let width = Double.random(in: 50...1400, using: &rng)
            layout.viewport = Size(width: width, height: 66)
            var content = PageStripContent(aspects: aspects, expandingRate: [0, 0.4, 1].randomElement(using: &rng)!)
            if Bool.random(using: &rng) {
                let i = Int.random(in: 0..<60, using: &rng)
                content.slots = SlotMap([i: CellTransition(visibility: .random(in: 0...1, using: &rng), presence: .random(in: 0...1, using: &rng))])
            }
            if Int.random(in: 0..<4, using: &rng) == 0 {
                content.focusOverride = FocusOverride(from: Int.random(in: 0..<60, using: &rng), to: Int.random(in: 0..<60, using: &rng),
                                                      progress: .random(in: 0...1, using: &rng))
            }
            let offset = layout.offset(atPosition: Double.random(in: -2...62, using: &rng))
            let rect = Bool.random(using: &rng) ? layout.bounds(at: offset)
                : Rect(x: offset + .random(in: -800...800, using: &rng), y: 0, width: .random(in: 1...900, using: &rng), height: 66)
            let fast = layout.attributes(in: rect, offset: offset, content: content).map(\.index)
            let brute = (0..<60).compactMap { layout.attributes(at: $0, offset: offset, content: content) }
                .filter { $0.drawnFrame.intersects(rect) }.map(\.index)
            #expect(fast == brute)
        }
    }
}

extension LayoutAt where L == ThumbnailLayout {
    var itemSize: Size { layout.itemSize }
    var pitch: Double { layout.pitch }
    var sideInset: Double { layout.sideInset }
    func expanding(of index: Int) -> Double { layout.expanding(of: index, offset: offset, content: content) }
    func offset(forSlot slot: Double) -> Double { layout.offset(atPosition: slot) }
}
