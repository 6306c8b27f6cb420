import CTurboJPEG
import StripsCore

/// JPEG through libjpeg-turbo's scaled decoding, from bytes in memory: a picture file, or a
/// scanned PDF page's DCTDecode stream. Decodes at the smallest of libjpeg-turbo's scales (1/8,
/// 1/4, 3/8, ... 1) that still covers the limit, so a 66 pt thumbnail of a 12 MP scan costs a 1/8
/// decode. Safe on any thread (each call has its own decompressor).
public enum JPEGDecoder {
    /// The stored picture (no orientation applied) at a scale covering `limit`, as B, G, R, A.
    /// `shape` is the picture's displayed size, for a failure's error card. `fast`: libjpeg-turbo's
    /// fast integer DCT (thumbnails). CMYK (print scans), which libjpeg-turbo gives as ink, is
    /// turned into light here (`CMYKPixels`).
    public static func decode(_ bytes: [UInt8], limit: PixelLimit, fast: Bool, shape: ImageInfo? = nil) -> Result<PixelBuffer, ImageFailure> {
        guard let tj = tjInitDecompress() else { return .failure(ImageFailure("libjpeg-turbo could not start")) }
        defer { tjDestroy(tj) }
        var w: Int32 = 0, h: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let headerOK = bytes.withUnsafeBufferPointer {
            tjDecompressHeader3(tj, $0.baseAddress, UInt($0.count), &w, &h, &subsampling, &colorspace) == 0
        }
        guard headerOK else { return .failure(ImageFailure("corrupt JPEG: \(errorText(tj))")) }
        let displayed = shape?.displaySize
        let scale = min(1, Double(limit.width) / Double(w), Double(limit.height) / Double(h))
        let (sw, sh) = scaledSize(w: w, h: h, atLeast: scale)
        // A giant asked for whole at its own size would not fit in memory: parts of it are decoded instead.
        if let problem = ImageInfo(format: .other, width: Int(sw), height: Int(sh)).sizeProblem {
            return .failure(ImageFailure("cannot decode whole at this size: \(problem)", shape: displayed))
        }
        var pixels = PixelBuffer(width: Int(sw), height: Int(sh), format: .bgra)
        let flags = fast ? Int32(TJFLAG_FASTDCT) : 0
        let ink = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
        // TJPF_BGRA is PixelBuffer's bgra (and SDL's ARGB8888) on a little-endian machine.
        let format = ink ? TJPF_CMYK : TJPF_BGRA
        let status = bytes.withUnsafeBufferPointer { source in
            pixels.bytes.withUnsafeMutableBufferPointer { dest in
                tjDecompress2(tj, source.baseAddress, UInt(source.count), dest.baseAddress, sw, sw * 4, sh, Int32(format.rawValue), flags)
            }
        }
        if ink { CMYKPixels.toLight(&pixels.bytes, inverted: CMYKPixels.isAdobe(bytes)) }
        if status != 0 {
            let message = errorText(tj)
            let fatal = tjGetErrorCode(tj) != Int32(TJERR_WARNING.rawValue)
            if message.contains("Premature end") { return .failure(ImageFailure("the file is truncated", shape: displayed)) }
            // Stray bytes between markers are common in real photos and harmless; any other
            // damage to the data would show as a garbled page: say so instead.
            if !fatal && !message.contains("extraneous bytes") {
                return .failure(ImageFailure(message.hasPrefix("Corrupt JPEG") ? message : "corrupt JPEG: \(message)", shape: displayed))
            }
            if fatal { return .failure(ImageFailure("corrupt JPEG: \(message)", shape: displayed)) }
        }
        return .success(pixels)
    }

    /// A JPEG stored turned by `orientation` (EXIF, or a PDF page's /Rotate), upright and fitted
    /// into `limit`, or only `region` of it (0...1 of the upright picture) at that scale: the
    /// whole through the scaled decode, a part by skipping and cropping scanlines.
    public static func decode(_ bytes: [UInt8], orientation: Orientation, limit: PixelLimit, region: Rect?, fast: Bool,
                              shape: ImageInfo? = nil) -> Result<DecodedPicture, ImageFailure> {
        guard let size = self.size(of: bytes) else { return .failure(ImageFailure("corrupt JPEG header", shape: shape?.displaySize)) }
        let upright = orientation.swapsAxes ? (size.height, size.width) : (size.width, size.height)
        let plan = RegionPlan(size: upright, limit: limit, region: region)
        let part = plan.stored(orientation)
        let stored = plan.isWhole
            // The scaled decode covers the limit; the shrink makes it exact. libjpeg-turbo rounds
            // a scaled side up where the plan rounds to the nearest: a decode one pixel over
            // loses its last row or column instead of being resampled whole (which cost more
            // than the decode: judging a page spent half its time there).
            ? decode(bytes, limit: limit.swapped(orientation.swapsAxes), fast: fast, shape: shape).map { decoded in
                let over = (decoded.width - part.width, decoded.height - part.height)
                return (0...1).contains(over.0) && (0...1).contains(over.1)
                    ? decoded.cropped(x: 0, y: 0, width: part.width, height: part.height)
                    : decoded.resized(width: part.width, height: part.height)
            }
            : JPEGRegionDecoder.decode(bytes, region: part.region, width: part.width, height: part.height, shape: shape)
        return stored.map { DecodedPicture($0.oriented(orientation), region: plan.region) }
    }

    /// The stored size from the header, or nil when there is none.
    public static func size(of bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard let tj = tjInitDecompress() else { return nil }
        defer { tjDestroy(tj) }
        var w: Int32 = 0, h: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let ok = bytes.withUnsafeBufferPointer { tjDecompressHeader3(tj, $0.baseAddress, UInt($0.count), &w, &h, &subsampling, &colorspace) == 0 }
        return ok && w > 0 && h > 0 ? (Int(w), Int(h)) : nil
    }

    /// The smallest libjpeg-turbo scaled size whose scale is at least `scale`.
    public static func scaledSize(w: Int32, h: Int32, atLeast scale: Double) -> (Int32, Int32) {
        let factor = scaleFactor(atLeast: scale)
        func scaled(_ d: Int32) -> Int32 { (d * factor.num + factor.denom - 1) / factor.denom }
        return (scaled(w), scaled(h))
    }

    /// The smallest of libjpeg-turbo's scaling factors (at most 1) that is at least `scale`.
    static func scaleFactor(atLeast scale: Double) -> (num: Int32, denom: Int32) {
        var count: Int32 = 0
        guard let factors = tjGetScalingFactors(&count), count > 0 else { return (1, 1) }
        var best: (num: Int32, denom: Int32) = (1, 1)
        for i in 0..<Int(count) {
            let f = factors[i]
            let value = Double(f.num) / Double(f.denom)
            if value <= 1, value >= scale, value < Double(best.num) / Double(best.denom) { best = (f.num, f.denom) }
        }
        return best
    }

    private static func errorText(_ tj: tjhandle) -> String {
        guard let text = tjGetErrorStr2(tj) else { return "unknown error" }
        return String(cString: text)
    }
}
