import CGIF
import Foundation
@testable import StripsRecording

/// A synthetic rendered frame in ARGB8888 byte order (B, G, R, A): a blue-to-red gradient, a grey
/// band, and a white square that moves with `index`, so every frame differs. `colourful` adds a
/// green ramp down the picture: a colour per pixel, more than a palette holds.
func syntheticFrame(width: Int, height: Int, index: Int, colourful: Bool = false) -> [UInt8] {
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    let square = (x: (index * 3) % max(1, width - 8), y: height / 4)
    for y in 0..<height {
        for x in 0..<width {
            let o = (y * width + x) * 4
            var (r, g, b) = (UInt8(x * 255 / max(1, width - 1)), UInt8(colourful ? y * 255 / max(1, height - 1) : 40),
                             UInt8(255 - x * 255 / max(1, width - 1)))
            if y >= height * 3 / 4 { (r, g, b) = (90, 90, 96) }
            if x >= square.x && x < square.x + 8 && y >= square.y && y < square.y + 8 { (r, g, b) = (255, 255, 255) }
            pixels[o] = b; pixels[o + 1] = g; pixels[o + 2] = r; pixels[o + 3] = 0  // alpha 0, as a window read back can be
        }
    }
    return pixels
}

/// The synthetic frame as opaque RGBA, as the scaler hands it to the quantiser.
func syntheticRGBA(width: Int, height: Int, index: Int = 0) -> [UInt8] {
    var rgba = syntheticFrame(width: width, height: height, index: index)
    for p in stride(from: 0, to: rgba.count, by: 4) { rgba.swapAt(p, p + 2); rgba[p + 3] = 255 }
    return rgba
}

/// What a GIF shows: its screen size and, per frame, the delay and the full composited picture
/// as RGB bytes, composited as a viewer does: each frame drawn over the picture left by the one
/// before after that one's disposal (left in place, cleared to the background, or restored).
struct DecodedGIF {
    var width = 0, height = 0
    var delays: [Int] = []
    var pictures: [[UInt8]] = []
    var rects: [(x: Int, y: Int, width: Int, height: Int)] = []
    var disposals: [Int] = []
    /// Each frame's see-through palette index, -1 for none.
    var transparents: [Int] = []
    /// Pixels of each frame's rectangle that are see-through.
    var seeThrough: [Int] = []
    var loops = false

    /// The picture shown during 30 fps slot `slot` (frames' delays laid end to end, as the
    /// encoder rounds slot starts down to centiseconds).
    func picture(atSlot slot: Int, framesPerSecond: Int = 30) -> [UInt8]? {
        let time = slot * 100 / framesPerSecond
        var start = 0
        for (i, delay) in delays.enumerated() {
            if time < start + delay { return pictures[i] }
            start += delay
        }
        return nil
    }
}

func readGIF(_ path: String) throws -> DecodedGIF {
    var error: Int32 = 0
    guard let gif = DGifOpenFileName(path, &error) else { throw RecordingError("cannot open \(path): \(error)") }
    defer { DGifCloseFile(gif, &error) }
    guard DGifSlurp(gif) == GIF_OK else { throw RecordingError("DGifSlurp failed: \(gif.pointee.Error)") }
    var result = DecodedGIF()
    result.width = Int(gif.pointee.SWidth)
    result.height = Int(gif.pointee.SHeight)
    var canvas = [UInt8](repeating: 0, count: result.width * result.height * 3)
    var disposal = (mode: Int(DISPOSAL_UNSPECIFIED), rect: (x: 0, y: 0, width: 0, height: 0), saved: canvas)
    for i in 0..<Int(gif.pointee.ImageCount) {
        // The previous frame's disposal, before this frame is drawn.
        switch disposal.mode {
        case Int(DISPOSE_BACKGROUND):
            let r = disposal.rect
            for y in r.y..<(r.y + r.height) { for x in r.x..<(r.x + r.width) { for c in 0..<3 { canvas[(y * result.width + x) * 3 + c] = 0 } } }
        case Int(DISPOSE_PREVIOUS): canvas = disposal.saved
        default: break
        }
        let image = gif.pointee.SavedImages[i]
        var control = GraphicsControlBlock(DisposalMode: 0, UserInputFlag: false, DelayTime: 0, TransparentColor: -1)
        if DGifSavedExtensionToGCB(gif, Int32(i), &control) == GIF_OK { result.delays.append(Int(control.DelayTime)) }
        result.disposals.append(Int(control.DisposalMode))
        result.transparents.append(Int(control.TransparentColor))
        for e in 0..<Int(image.ExtensionBlockCount) where image.ExtensionBlocks[e].Function == APPLICATION_EXT_FUNC_CODE {
            let bytes = UnsafeBufferPointer(start: image.ExtensionBlocks[e].Bytes, count: Int(image.ExtensionBlocks[e].ByteCount))
            if String(decoding: bytes, as: UTF8.self) == "NETSCAPE2.0" { result.loops = true }
        }
        let d = image.ImageDesc
        guard let map = d.ColorMap ?? gif.pointee.SColorMap else { throw RecordingError("frame \(i) has no palette") }
        let (x0, y0, w, h) = (Int(d.Left), Int(d.Top), Int(d.Width), Int(d.Height))
        result.rects.append((x0, y0, w, h))
        disposal = (Int(control.DisposalMode), (x0, y0, w, h), Int(control.DisposalMode) == Int(DISPOSE_PREVIOUS) ? canvas : [])
        var seeThrough = 0
        for y in 0..<h {
            for x in 0..<w {
                let index = Int(image.RasterBits[y * w + x])
                if index == Int(control.TransparentColor) { seeThrough += 1; continue }
                let color = map.pointee.Colors[index]
                let o = ((y0 + y) * result.width + x0 + x) * 3
                canvas[o] = color.Red; canvas[o + 1] = color.Green; canvas[o + 2] = color.Blue
            }
        }
        result.seeThrough.append(seeThrough)
        result.pictures.append(canvas)
    }
    // The loop extension sits before the first image; giflib files it with the first frame's blocks
    // or as trailing blocks, depending on version.
    for e in 0..<Int(gif.pointee.ExtensionBlockCount) where gif.pointee.ExtensionBlocks[e].Function == APPLICATION_EXT_FUNC_CODE {
        result.loops = true
    }
    return result
}

/// Mean absolute difference per channel between a decoded picture (RGB) and a source frame
/// (ARGB8888 bytes) of the same size.
func meanError(picture: [UInt8], frame: [UInt8]) -> Double {
    var total = 0
    for p in 0..<(picture.count / 3) {
        total += abs(Int(picture[p * 3]) - Int(frame[p * 4 + 2]))
        total += abs(Int(picture[p * 3 + 1]) - Int(frame[p * 4 + 1]))
        total += abs(Int(picture[p * 3 + 2]) - Int(frame[p * 4]))
    }
    return Double(total) / Double(picture.count)
}

/// `meanError` over some rows only (pictures `width` pixels wide).
func meanError(picture: [UInt8], frame: [UInt8], rows: Range<Int>, width: Int) -> Double {
    meanError(picture: Array(picture[(rows.lowerBound * width * 3)..<(rows.upperBound * width * 3)]),
              frame: Array(frame[(rows.lowerBound * width * 4)..<(rows.upperBound * width * 4)]))
}

/// The largest difference of one channel of one pixel, in the same terms as `meanError`.
func maxError(picture: [UInt8], frame: [UInt8]) -> Int {
    var worst = 0
    for p in 0..<(picture.count / 3) {
        worst = max(worst, abs(Int(picture[p * 3]) - Int(frame[p * 4 + 2])), abs(Int(picture[p * 3 + 1]) - Int(frame[p * 4 + 1])),
                    abs(Int(picture[p * 3 + 2]) - Int(frame[p * 4])))
    }
    return worst
}

/// Records `count` synthetic frames at 60 Hz scene times into `path`.
@discardableResult
func recordSynthetic(to path: String, count: Int = 20, width: Int = 64, height: Int = 48,
                     options: Recorder.Options = .init()) throws -> RecordingStatistics {
    let recorder = try Recorder(path: path, options: options)
    for i in 0..<count {
        let frame = syntheticFrame(width: width, height: height, index: i)
        frame.withUnsafeBytes { raw in
            _ = recorder.append(pixels: raw.baseAddress!, width: width, height: height, pitch: width * 4, at: Double(i) / 60)
        }
    }
    return try recorder.finish()
}
