import StripsCore
import StripsPhotosFeatures
import StripsPhotos

/// A scripted few seconds of flinging the editor, as a user would: quick drags on the preview
/// (one page each) and on the thumbnail strip (many pages, the expansion shrinking and coming
/// back), back to back so something moves on nearly every frame.
public struct FlingSession: Sendable {
    public struct Step: Hashable, Sendable {
        public var time: Double
        public var event: InputEvent
    }

    public let window: Size
    public let duration: Double
    public let steps: [Step]


    public init(window: Size = Size(width: 1280, height: 800), duration: Double = 3) {
        self.window = window
        self.duration = duration
        let g = EditorGeometry(window: window)
        let previewY = g.preview.midY, thumbnailY = g.thumbnails.midY
        let w = window.width
        var steps: [Step] = []
        /// A flick right to left: 6 moves over 90 ms, released while still moving.
        func flick(at start: Double, y: Double, distance: Double) {
            let x0 = w * 0.7
            steps.append(Step(time: start, event: .pointerDown(Point(x: x0, y: y))))
            for i in 1...6 {
                steps.append(Step(time: start + 0.015 * Double(i),
                                  event: .pointerMove(Point(x: x0 - distance * Double(i) / 6, y: y))))
            }
            steps.append(Step(time: start + 0.095, event: .pointerUp(Point(x: x0 - distance, y: y))))
        }
        var t = 0.0
        var turn = 0
        while t < duration - 0.2 {
            if turn % 3 == 2 {
                flick(at: t, y: thumbnailY, distance: w * 0.35)
                t += 0.7
            } else {
                flick(at: t, y: previewY, distance: w * 0.3)
                t += 0.45
            }
            turn += 1
        }
        self.steps = steps
    }

    public var frameCount: Int { Int((duration / FrameStepper<PhotosScene>.interval).rounded()) }

    /// The steps delivered before frame `k` (those stamped after frame k-1 and up to frame k).
    public func steps(forFrame k: Int) -> ArraySlice<Step> {
        let t = Double(k) * FrameStepper<PhotosScene>.interval
        let previous = k == 0 ? -Double.infinity : Double(k - 1) * FrameStepper<PhotosScene>.interval
        let lo = steps.firstIndex { $0.time > previous } ?? steps.count
        let hi = steps.firstIndex { $0.time > t } ?? steps.count
        return steps[lo..<max(lo, hi)]
    }
}
