import Testing
@testable import StripsRecording

/// Frame differencing against what a GIF viewer shows.
@Suite struct GIFCanvasTests {
    /// An opaque RGBA picture of one colour.
    func flat(_ width: Int, _ height: Int, _ r: UInt8, _ g: UInt8 = 50, _ b: UInt8 = 60) -> [UInt8] {
        Array(Array(repeating: [r, g, b, 255], count: width * height).joined())
    }

    /// Draws every drawn pixel of `rgba` exactly (a palette of its own colours), as a GIF frame would.
    func exact(_ rgba: [UInt8]) -> QuantizedImage {
        var palette: [(UInt8, UInt8, UInt8)] = [(0, 0, 0)]
        var indices: [UInt8] = []
        for p in stride(from: 0, to: rgba.count, by: 4) {
            if rgba[p + 3] == 0 { indices.append(0); continue }
            if let i = palette.indices.dropFirst().first(where: { palette[$0] == (rgba[p], rgba[p + 1], rgba[p + 2]) }) {
                indices.append(UInt8(i))
            } else {
                palette.append((rgba[p], rgba[p + 1], rgba[p + 2]))
                indices.append(UInt8(palette.count - 1))
            }
        }
        return QuantizedImage(indices: indices, palette: palette, transparent: 0)
    }

    @Test func theFirstFrameIsAllOfItAndAStillFrameNothing() throws {
        var canvas = GIFCanvas(width: 4, height: 3, tolerance: 0)
        let first = flat(4, 3, 10)
        let all = try #require(canvas.changes(to: first))
        #expect(all.rect == PixelRect(x: 0, y: 0, width: 4, height: 3) && all.rgba == first)
        canvas.record(first)
        canvas.draw(exact(all.rgba), in: all.rect)
        #expect(canvas.changes(to: first) == nil)
    }

    @Test func onlyTheBoundingRectangleOfWhatChangedWithTheRestSeeThrough() throws {
        var canvas = GIFCanvas(width: 5, height: 4, tolerance: 0)
        let first = flat(5, 4, 10)
        canvas.record(first)
        canvas.draw(exact(first), in: PixelRect(x: 0, y: 0, width: 5, height: 4))
        var next = first
        for (x, y) in [(1, 1), (3, 2)] { next[(y * 5 + x) * 4] = 200 }
        let change = try #require(canvas.changes(to: next))
        #expect(change.rect == PixelRect(x: 1, y: 1, width: 3, height: 2))
        let alphas = stride(from: 3, to: change.rgba.count, by: 4).map { change.rgba[$0] }
        #expect(alphas == [255, 0, 0, 0, 0, 255])
        #expect(change.rgba[0] == 200 && change.rgba[20] == 200)
    }

    /// Within the tolerance of what is shown a pixel is left alone; the error never builds up,
    /// since each new value is compared with what is shown, not with the frame before.
    @Test func smallChangesWaitUntilTheyAddUpToMoreThanTheTolerance() throws {
        var canvas = GIFCanvas(width: 2, height: 2, tolerance: 4)
        var frame = flat(2, 2, 100)
        canvas.record(frame)
        canvas.draw(exact(frame), in: PixelRect(x: 0, y: 0, width: 2, height: 2))
        var drawnAt: [Int] = []
        for step in 1...6 {
            frame[0] = UInt8(100 + 3 * step)  // one pixel drifts by 3 levels a frame
            if let change = canvas.changes(to: frame) {
                drawnAt.append(step)
                #expect(change.rect == PixelRect(x: 0, y: 0, width: 1, height: 1))
                canvas.draw(exact(change.rgba), in: change.rect)
            }
            canvas.record(frame)
            #expect(abs(Int(canvas.shown[0]) - Int(frame[0])) <= 4)
        }
        // 103 is within 4 of 100; 106 is not (drawn); 109 within 4 of 106; 112 drawn; ...
        #expect(drawnAt == [2, 4, 6])
    }
}
