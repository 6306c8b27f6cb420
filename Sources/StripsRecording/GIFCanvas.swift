/// What a GIF viewer shows after the frames written so far, and so which pixels of the next
/// recorded frame it must be told about (frame differencing).
///
/// A pixel is left see-through when the recording did not change there, or when what is shown is
/// already within `tolerance` levels (each of red, green, blue) of the new value: a page that
/// glides by a fraction of a pixel as a fling settles changes nearly every pixel by a level or
/// two, and redrawing them would cost a whole frame for nothing visible. The comparison is with
/// what is shown, never with the previous frame, so the error cannot build up over frames: every
/// pixel shown is within the palette's error or `tolerance` of the frame recorded last.
struct GIFCanvas {
    let width: Int
    let height: Int
    let tolerance: Int
    /// Opaque RGBA as the viewer shows it (palette colours).
    private(set) var shown: [UInt8]
    /// The last frame recorded, opaque RGBA.
    private var recorded: [UInt8]

    init(width: Int, height: Int, tolerance: Int) {
        precondition(width > 0 && height > 0 && tolerance >= 0, "bad canvas")
        self.width = width
        self.height = height
        self.tolerance = tolerance
        shown = []
        recorded = []
    }

    /// The rectangle of `next` (opaque RGBA, the canvas's size) to store, with the pixels that
    /// need no drawing see-through (all four bytes 0); nil when nothing needs drawing. The first
    /// frame is all of it, opaque.
    func changes(to next: [UInt8]) -> (rect: PixelRect, rgba: [UInt8])? {
        precondition(next.count == width * height * 4, "frame size and canvas disagree")
        if recorded.isEmpty { return (PixelRect(x: 0, y: 0, width: width, height: height), next) }
        var mask = [Bool](repeating: false, count: width * height)
        var minX = width, minY = height, maxX = -1, maxY = -1
        let tolerance = Int32(self.tolerance)
        recorded.withUnsafeBytes { rawBefore in
            shown.withUnsafeBufferPointer { shown in
                next.withUnsafeBufferPointer { after in
                    let before = rawBefore.bindMemory(to: UInt32.self)
                    let afterWords = UnsafeRawBufferPointer(after).bindMemory(to: UInt32.self)
                    for y in 0..<height {
                        var rowMin = width, rowMax = -1
                        for x in 0..<width {
                            let p = y * width + x
                            guard before[p] != afterWords[p] else { continue }
                            let o = p * 4
                            guard abs(Int32(shown[o]) - Int32(after[o])) > tolerance
                                    || abs(Int32(shown[o + 1]) - Int32(after[o + 1])) > tolerance
                                    || abs(Int32(shown[o + 2]) - Int32(after[o + 2])) > tolerance else { continue }
                            mask[p] = true
                            rowMin = min(rowMin, x)
                            rowMax = x
                        }
                        guard rowMax >= 0 else { continue }
                        minX = min(minX, rowMin); maxX = max(maxX, rowMax)
                        minY = min(minY, y); maxY = y
                    }
                }
            }
        }
        guard maxX >= 0 else { return nil }
        let rect = PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
        var rgba = [UInt8](repeating: 0, count: rect.width * rect.height * 4)
        next.withUnsafeBytes { rawAfter in
            rgba.withUnsafeMutableBytes { rawOut in
                let after = rawAfter.bindMemory(to: UInt32.self), out = rawOut.bindMemory(to: UInt32.self)
                for row in 0..<rect.height {
                    let source = (rect.y + row) * width + rect.x, line = row * rect.width
                    for column in 0..<rect.width where mask[source + column] { out[line + column] = after[source + column] }
                }
            }
        }
        return (rect, rgba)
    }

    /// `frame` is now the last frame recorded (whether or not anything of it was drawn).
    mutating func record(_ frame: [UInt8]) { recorded = frame }

    /// A frame was written: its drawn (not see-through) pixels are what the viewer shows now.
    mutating func draw(_ image: QuantizedImage, in rect: PixelRect) {
        if shown.isEmpty { shown = [UInt8](repeating: 255, count: width * height * 4) }
        shown.withUnsafeMutableBufferPointer { shown in
            for row in 0..<rect.height {
                for column in 0..<rect.width {
                    let index = Int(image.indices[row * rect.width + column])
                    guard index != image.transparent else { continue }
                    let color = image.palette[index]
                    let o = ((rect.y + row) * width + rect.x + column) * 4
                    shown[o] = color.0; shown[o + 1] = color.1; shown[o + 2] = color.2
                }
            }
        }
    }
}
