import CSDL2
import StripsPictures

/// The texture of a page still arriving from the scanner (`ArrivingPictures`): made at the page's
/// shape, paper-white, and each frame given the rows that came since the last, so the page fills
/// in as the scanner sends it. Large pages are boxed down (an integer factor) to at most
/// `maxSide` pixels a side: the preview shows a page no larger than the window, and a 1200 dpi
/// page must not be a 400 MB texture while it arrives. Render thread only.
final class ArrivingTexture {
    static let maxSide = 2048

    let path: String
    private(set) var texture: OpaquePointer
    /// Source pixels per texture pixel, each way.
    let factor: Int
    private(set) var width: Int32
    private(set) var height: Int32
    /// The page's rows already in the texture.
    private(set) var rows = 0
    private(set) var isComplete = false
    private let renderer: OpaquePointer
    private let sourceWidth: Int
    /// The picture it shows (`ArrivingPictures.Progress.serial`).
    let serial: Int

    /// Nil when the page is not arriving (any more) or SDL cannot make the texture.
    init?(renderer: OpaquePointer, path: String, pictures: ArrivingPictures) {
        guard let progress = pictures.progress(path), progress.width > 0, progress.height > 0 else { return nil }
        let factor = max(1, (max(progress.width, progress.height) + Self.maxSide - 1) / Self.maxSide)
        let width = Int32((progress.width + factor - 1) / factor), height = Int32((progress.height + factor - 1) / factor)
        guard let texture = Self.paper(renderer: renderer, width: width, height: height) else { return nil }
        self.renderer = renderer
        self.path = path
        self.factor = factor
        self.texture = texture
        self.width = width
        self.height = height
        sourceWidth = progress.width
        serial = progress.serial
    }

    deinit { SDL_DestroyTexture(texture) }

    /// Takes in the rows that arrived since the last call. Returns when the oldest of them left
    /// the scanner (CLOCK_MONOTONIC ns), nil when none did; `gone` when the page is no longer
    /// arriving (its file is written, or it was cut short): the texture then holds what came.
    func update(pictures: ArrivingPictures) -> (arrival: UInt64?, gone: Bool) {
        guard let progress = pictures.progress(path), progress.serial == serial else { return (nil, true) }
        guard progress.width == sourceWidth else { return (nil, progress.isCut) }
        let wantHeight = Int32((progress.height + factor - 1) / factor)
        if wantHeight != height {
            // The page grew (a device that did not know its height) or took its final height:
            // a texture of the new shape, filled again from the top.
            guard let bigger = Self.paper(renderer: renderer, width: width, height: wantHeight) else { return (nil, progress.isCut) }
            SDL_DestroyTexture(texture)
            texture = bigger
            height = wantHeight
            rows = 0
        }
        // Whole boxes of rows only, until the last.
        var upTo = progress.isComplete ? progress.height : progress.rows / factor * factor
        upTo = min(upTo, progress.height)
        guard upTo > rows else {
            isComplete = progress.isComplete
            return (nil, progress.isCut)
        }
        var arrival: UInt64?
        let from = rows
        pictures.withRows(path, from..<upTo) { bytes, stride, oldest in
            arrival = oldest
            upload(bytes, stride: stride, format: progress.format, firstRow: from, count: upTo - from)
        }
        rows = upTo
        isComplete = progress.isComplete && rows == progress.height
        return (arrival, progress.isCut)
    }

    /// Source rows `firstRow..<firstRow + count` (packed grey or RGB) into the texture, boxed
    /// down by `factor`, as B, G, R, A (SDL's ARGB8888).
    private func upload(_ bytes: UnsafeRawBufferPointer, stride: Int, format: PixelBuffer.Format, firstRow: Int, count: Int) {
        let channels = format.bytesPerPixel
        let outRows = (count + factor - 1) / factor
        let outWidth = Int(width), factor = self.factor, sourceWidth = self.sourceWidth
        var out = [UInt8](repeating: 255, count: outWidth * outRows * 4)
        out.withUnsafeMutableBytes { raw in
            guard let o = raw.baseAddress?.assumingMemoryBound(to: UInt8.self), let s = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
            for oy in 0..<outRows {
                let y0 = oy * factor, y1 = min(count, y0 + factor)
                for ox in 0..<outWidth {
                    let x0 = ox * factor, x1 = min(sourceWidth, x0 + factor)
                    var r = 0, g = 0, b = 0
                    for y in y0..<y1 {
                        var i = y * stride + x0 * channels
                        for _ in x0..<x1 {
                            if channels == 1 {
                                let v = Int(s[i])
                                r &+= v; g &+= v; b &+= v
                            } else {
                                r &+= Int(s[i]); g &+= Int(s[i + 1]); b &+= Int(s[i + 2])
                            }
                            i &+= channels
                        }
                    }
                    let n = max(1, (y1 - y0) * (x1 - x0))
                    let at = (oy * outWidth + ox) * 4
                    o[at] = UInt8(truncatingIfNeeded: b / n)
                    o[at + 1] = UInt8(truncatingIfNeeded: g / n)
                    o[at + 2] = UInt8(truncatingIfNeeded: r / n)
                }
            }
        }
        var rect = SDL_Rect(x: 0, y: Int32(firstRow / factor), w: width, h: Int32(outRows))
        out.withUnsafeBytes { _ = SDL_UpdateTexture(texture, &rect, $0.baseAddress, Int32(outWidth * 4)) }
    }

    /// A paper-white texture of `width` x `height`.
    private static func paper(renderer: OpaquePointer, width: Int32, height: Int32) -> OpaquePointer? {
        guard width > 0, height > 0,
              let texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue), width, height)
        else { return nil }
        let white = [UInt8](repeating: 255, count: Int(width) * 4)
        for y in 0..<height {
            var row = SDL_Rect(x: 0, y: y, w: width, h: 1)
            white.withUnsafeBytes { _ = SDL_UpdateTexture(texture, &row, $0.baseAddress, width * 4) }
        }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
        return texture
    }
}
