import CGIF

/// The first frame of a GIF through giflib, read from memory. SDL_image 2.6's own GIF reader
/// writes out of bounds on some damaged frames (a libFuzzer crash), so GIFs never reach it.
/// Like SDL_image, the frame is the picture (not the logical screen it sits on).
enum GIFDecoder {
    /// The bytes being read and how far giflib has got; giflib holds it as its user data.
    private final class Source {
        let bytes: [UInt8]
        var offset = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
    }

    /// giflib's read callback: copies what is left, never more; a short read is giflib's error.
    private static let read: InputFunc = { gif, buffer, count in
        guard let gif, let buffer, let user = gif.pointee.UserData else { return 0 }
        let source = Unmanaged<Source>.fromOpaque(user).takeUnretainedValue()
        let n = min(Int(count), source.bytes.count - source.offset)
        guard n > 0 else { return 0 }
        source.bytes.withUnsafeBufferPointer { all in
            guard let base = all.baseAddress else { return }
            buffer.update(from: base + source.offset, count: n)
        }
        source.offset += n
        return Int32(n)
    }

    static func decode(_ bytes: [UInt8]) -> Result<PixelBuffer, ImageFailure> {
        let source = Source(bytes)
        return withExtendedLifetime(source) {
            var error: Int32 = 0
            guard let gif = DGifOpen(Unmanaged.passUnretained(source).toOpaque(), read, &error) else {
                return .failure(failure(error))
            }
            defer { DGifCloseFile(gif, &error) }
            return firstFrame(gif)
        }
    }

    private static func firstFrame(_ gif: UnsafeMutablePointer<GifFileType>) -> Result<PixelBuffer, ImageFailure> {
        var transparent: Int32 = NO_TRANSPARENT_COLOR
        while true {
            var record = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(gif, &record) == GIF_OK else { return .failure(failure(gif.pointee.Error)) }
            switch record {
            case EXTENSION_RECORD_TYPE:
                var code: Int32 = 0
                var block: UnsafeMutablePointer<GifByteType>?
                guard DGifGetExtension(gif, &code, &block) == GIF_OK else { return .failure(failure(gif.pointee.Error)) }
                if code == GRAPHICS_EXT_FUNC_CODE, let block, block[0] == 4 {
                    var control = GraphicsControlBlock()
                    if DGifExtensionToGCB(4, block + 1, &control) == GIF_OK { transparent = control.TransparentColor }
                }
                while block != nil {
                    guard DGifGetExtensionNext(gif, &block) == GIF_OK else { return .failure(failure(gif.pointee.Error)) }
                }
            case IMAGE_DESC_RECORD_TYPE:
                guard DGifGetImageDesc(gif) == GIF_OK else { return .failure(failure(gif.pointee.Error)) }
                return frame(gif, transparent: transparent)
            case TERMINATE_RECORD_TYPE:
                return .failure(ImageFailure("corrupt GIF: no picture in it"))
            default:
                return .failure(ImageFailure("corrupt GIF: unknown block"))
            }
        }
    }

    private static func frame(_ gif: UnsafeMutablePointer<GifFileType>, transparent: Int32) -> Result<PixelBuffer, ImageFailure> {
        let description = gif.pointee.Image
        let w = Int(description.Width), h = Int(description.Height)
        let info = ImageInfo(format: .gif, width: w, height: h)
        if let problem = info.sizeProblem { return .failure(ImageFailure(problem)) }
        guard let map = description.ColorMap ?? gif.pointee.SColorMap, let colors = map.pointee.Colors else {
            return .failure(ImageFailure("corrupt GIF: no colour table", shape: info.displaySize))
        }
        var indices = [GifPixelType](repeating: 0, count: w * h)
        // Interlaced frames store every 8th row from 0, every 8th from 4, every 4th from 2, then the odd rows.
        let passes: [(start: Int, step: Int)] = description.Interlace ? [(0, 8), (4, 8), (2, 4), (1, 2)] : [(0, 1)]
        let ok = indices.withUnsafeMutableBufferPointer { pixels -> Bool in
            guard let base = pixels.baseAddress else { return false }
            for pass in passes {
                for row in stride(from: pass.start, to: h, by: pass.step) where DGifGetLine(gif, base + row * w, Int32(w)) != GIF_OK {
                    return false
                }
            }
            return true
        }
        guard ok else { return .failure(failure(gif.pointee.Error, shape: info)) }
        var picture = PixelBuffer(width: w, height: h, format: .bgra)
        let count = Int(map.pointee.ColorCount)
        picture.bytes.withUnsafeMutableBytes { bytes in
            // B, G, R, A bytes are one little-endian 0xAARRGGBB word.
            let out = bytes.bindMemory(to: UInt32.self)
            for i in 0..<(w * h) {
                let index = Int(indices[i])
                if index == Int(transparent) {
                    out[i] = 0
                } else if index < count {
                    let c = colors[index]
                    out[i] = 0xFF00_0000 | UInt32(c.Red) << 16 | UInt32(c.Green) << 8 | UInt32(c.Blue)
                } else {
                    out[i] = 0xFF00_0000  // an index past the table: black, as browsers draw it
                }
            }
        }
        return .success(picture)
    }

    /// giflib's error in words; running out of data gets plain ones.
    private static func failure(_ code: Int32, shape info: ImageInfo? = nil) -> ImageFailure {
        if code == D_GIF_ERR_READ_FAILED || code == D_GIF_ERR_EOF_TOO_SOON {
            return ImageFailure("the file is truncated", shape: info?.displaySize)
        }
        let text = GifErrorString(code).map { String(cString: $0) } ?? "error \(code)"
        return ImageFailure("corrupt GIF: \(text)", shape: info?.displaySize)
    }
}
