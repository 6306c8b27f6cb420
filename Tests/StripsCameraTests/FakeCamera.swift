import StripsCamera
import StripsCore
import StripsPictures

/// A camera for the host's unit tests, decoding nothing: `frames` pictures (BGRA) at `rate`
/// frames a second, then the end of the stream with `ending`'s line (a file's end, a camera
/// unplugged). Each frame is made into what a look needs as ffmpeg's converter makes it (the
/// picture shown, the detector's small RGB copy, the grey detail), from the pixels given.
final class FakeCamera: CameraFrames, @unchecked Sendable {
    let width: Int
    let height: Int
    let rate: Double
    let label: String
    private let frames: [Prepared]
    private let ending: CameraFault
    private var current = -1

    /// A frame made once into what a look needs (the same picture shared by many frames is
    /// converted once, so a test pays for the host's work, not the stand-in's).
    final class Prepared: @unchecked Sendable {
        let picture: PixelBuffer
        let small: PixelBuffer
        let detail: PixelBuffer
        private var fitted: [Int32: PixelBuffer] = [:]

        init(_ picture: PixelBuffer) {
            self.picture = picture
            let (width, height) = (picture.width, picture.height)
            let scale = min(1, Double(PageLooker.smallSide) / Double(max(width, height)))
            small = FakeCamera.rgb(picture.resized(width: max(1, Int((Double(width) * scale).rounded())),
                                                   height: max(1, Int((Double(height) * scale).rounded()))))
            detail = FakeCamera.grey(picture)
        }

        func shown(within limit: (Int, Int)?) -> PixelBuffer {
            guard let limit, limit.0 < picture.width || limit.1 < picture.height else { return picture }
            let key = Int32(limit.0) << 16 | Int32(limit.1)
            if let done = fitted[key] { return done }
            let done = picture.fitted(into: PixelLimit(width: Int32(limit.0), height: Int32(limit.1)))
            fitted[key] = done
            return done
        }
    }

    init(frames: [Prepared], rate: Double = 10, ending: CameraFault = CameraFault("camera: the film ended")) {
        precondition(!frames.isEmpty)
        self.frames = frames
        self.rate = rate
        self.ending = ending
        width = frames[0].picture.width
        height = frames[0].picture.height
        label = "Stand-in \(width)x\(height) at \(Int(rate)) fps"
    }

    /// The host's way to open it: `count` frames of `picture` (BGRA), every source the same;
    /// `refusal` fails the open.
    static func opener(_ picture: PixelBuffer, count: Int, rate: Double = 10, refusal: CameraFault? = nil) -> CameraOpener {
        let prepared = Prepared(picture)
        return { _, _ throws(CameraFault) in
            if let refusal { throw refusal }
            return FakeCamera(frames: Array(repeating: prepared, count: count), rate: rate)
        }
    }

    func next() throws(CameraFault) -> Double {
        guard current + 1 < frames.count else { throw ending }
        current += 1
        return Double(current) / rate
    }

    func convert(shownWithin shown: (Int, Int)?) -> FramePixels? {
        guard frames.indices.contains(current) else { return nil }
        let frame = frames[current]
        return FramePixels(size: Size(width: Double(width), height: Double(height)), shown: frame.shown(within: shown), small: frame.small, detail: frame.detail)
    }

    func keep(as index: Int) -> (any TakenFrame)? {
        frames.indices.contains(current) ? Kept(index: index, frame: frames[current].picture) : nil
    }

    final class Kept: TakenFrame, @unchecked Sendable {
        let index: Int
        let frame: PixelBuffer
        init(index: Int, frame: PixelBuffer) {
            self.index = index
            self.frame = frame
        }
        func pixels() -> PixelBuffer? { frame }
    }

    /// BGRA to RGB.
    static func rgb(_ bgra: PixelBuffer) -> PixelBuffer {
        var out = PixelBuffer(width: bgra.width, height: bgra.height, format: .rgb)
        // Through buffer pointers: the tests are built unoptimised, where indexing the arrays
        // costs more than the host's own work on the frame.
        bgra.bytes.withUnsafeBufferPointer { from in
            out.bytes.withUnsafeMutableBufferPointer { to in
                for i in 0..<(bgra.width * bgra.height) {
                    to[i * 3] = from[i * 4 + 2]
                    to[i * 3 + 1] = from[i * 4 + 1]
                    to[i * 3 + 2] = from[i * 4]
                }
            }
        }
        return out
    }

    /// BGRA to grey (BT.601 luma, as a camera's Y plane).
    static func grey(_ bgra: PixelBuffer) -> PixelBuffer {
        var out = PixelBuffer(width: bgra.width, height: bgra.height, format: .grey)
        bgra.bytes.withUnsafeBufferPointer { from in
            out.bytes.withUnsafeMutableBufferPointer { to in
                for i in 0..<(bgra.width * bgra.height) {
                    let b = Int(from[i * 4]), g = Int(from[i * 4 + 1]), r = Int(from[i * 4 + 2])
                    to[i] = UInt8((299 * r + 587 * g + 114 * b) / 1000)
                }
            }
        }
        return out
    }
}
