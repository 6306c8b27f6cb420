import CWebP

/// WebP through libwebp, the format's own decoder, from bytes in memory: the picture measured from
/// its header before anything is allocated, then decoded into B, G, R, A (opaque unless the file
/// has alpha). An animation's frames are not read: it is refused.
enum WebPDecoder {
    static func decode(_ bytes: [UInt8]) -> Result<PixelBuffer, ImageFailure> {
        var features = WebPBitstreamFeatures()
        let status = bytes.withUnsafeBufferPointer { WebPGetFeatures($0.baseAddress, $0.count, &features) }
        guard status == VP8_STATUS_OK else {
            return .failure(ImageFailure(status == VP8_STATUS_NOT_ENOUGH_DATA ? "the file is truncated" : "cannot decode: not a WebP libwebp reads"))
        }
        guard features.has_animation == 0 else { return .failure(ImageFailure("cannot decode: an animated WebP")) }
        let w = Int(features.width), h = Int(features.height)
        if let problem = ImageInfo(format: .webp, width: w, height: h).sizeProblem { return .failure(ImageFailure(problem)) }
        guard w > 0, h > 0 else { return .failure(ImageFailure("cannot decode: no pixels")) }
        var pixels = PixelBuffer(width: w, height: h, format: .bgra)
        let decoded = bytes.withUnsafeBufferPointer { source in
            pixels.bytes.withUnsafeMutableBufferPointer { target in
                WebPDecodeBGRAInto(source.baseAddress, source.count, target.baseAddress, target.count, Int32(w * 4)) != nil
            }
        }
        return decoded ? .success(pixels) : .failure(ImageFailure("cannot decode: the WebP data is damaged or cut short"))
    }
}
