import CAVCodec
import StripsPictures

/// The decoder's pictures made into pixels by libswscale, scaled and converted in one pass: the
/// picture shown (BGRA, no larger than it is drawn), the detector's small copy (RGB,
/// area-averaged, which also averages away sensor noise), the grey copy the page's content is
/// sampled from and, for a take, the whole frame (BGRA).
/// A scaler is kept per size and format while the frames' own stay; full-range (JPEG) YUV is read
/// as such, so a page's white stays white. One thread at a time.
final class FrameConverter {
    private struct Key: Hashable {
        var width: Int32, height: Int32, format: Int32, range: UInt32
        var outWidth: Int, outHeight: Int, out: PixelBuffer.Format, averaged: Bool
    }

    private var scalers: [Key: OpaquePointer] = [:]
    /// Each scaler's padded output (libswscale writes whole vectors past a row's end and past the
    /// last row: into a packed `PixelBuffer` of a 426x240 video that wrote into the heap), kept
    /// for the next frame, whose rows are then copied out packed.
    private var targets: [Key: LibraryPixels] = [:]

    deinit { for scaler in scalers.values { sws_freeContext(scaler) } }

    /// `frame` as `format` at `width` x `height`; `averaged`: shrunk by averaging areas (the
    /// detector's copy, where it also averages away noise), else by libswscale's fast bilinear
    /// (the picture shown, drawn at about that size anyway).
    func pixels(_ frame: UnsafePointer<AVFrame>, width: Int, height: Int, format: PixelBuffer.Format, averaged: Bool = false) -> PixelBuffer? {
        let f = frame.pointee
        guard f.width > 0, f.height > 0, f.format >= 0, width > 0, height > 0 else { return nil }
        let key = Key(width: f.width, height: f.height, format: f.format, range: f.color_range.rawValue, outWidth: width, outHeight: height, out: format,
                      averaged: averaged)
        guard let scaler = scalers[key] ?? make(key) else { return nil }
        let target = targets[key] ?? LibraryPixels(width: width, height: height, format: format)
        targets[key] = target
        let done = strips_sws_frame_to_packed(scaler, frame, target.base, Int32(target.stride))
        return done > 0 ? target.pixels(format) : nil
    }

    /// The frame's brightness as it is decoded: the luma plane of a YUV frame, copied row by row
    /// (no scaling, no conversion); other formats through libswscale.
    func luma(_ frame: UnsafePointer<AVFrame>) -> PixelBuffer? {
        let f = frame.pointee
        guard f.width > 0, f.height > 0, let descriptor = av_pix_fmt_desc_get(AVPixelFormat(rawValue: f.format)) else { return nil }
        let (w, h) = (Int(f.width), Int(f.height))
        let planar = descriptor.pointee.flags & UInt64(AV_PIX_FMT_FLAG_RGB) == 0 && descriptor.pointee.nb_components >= 1
            && descriptor.pointee.comp.0.plane == 0 && descriptor.pointee.comp.0.step == 1 && descriptor.pointee.comp.0.depth == 8
        guard planar, let plane = f.data.0, f.linesize.0 >= f.width else { return pixels(frame, width: w, height: h, format: .grey) }
        var grey = PixelBuffer(width: w, height: h, format: .grey)
        grey.bytes.withUnsafeMutableBytes { out in
            guard let base = out.baseAddress else { return }
            for y in 0..<h { (base + y * w).copyMemory(from: plane + y * Int(f.linesize.0), byteCount: w) }
        }
        return grey
    }

    /// A size fitted within `side` on its longer side (never larger than the frame).
    static func fitted(width: Int, height: Int, side: Int) -> (Int, Int) {
        fitted(width: width, height: height, within: (side, side))
    }

    /// A size of the frame's shape within `box` (never larger than the frame).
    static func fitted(width: Int, height: Int, within box: (Int, Int)) -> (Int, Int) {
        let scale = min(1, Double(box.0) / Double(max(width, 1)), Double(box.1) / Double(max(height, 1)))
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }

    private static func avFormat(_ format: PixelBuffer.Format) -> AVPixelFormat {
        switch format {
        case .grey: return AV_PIX_FMT_GRAY8
        case .rgb: return AV_PIX_FMT_RGB24
        case .bgra: return AV_PIX_FMT_BGRA
        }
    }

    private func make(_ key: Key) -> OpaquePointer? {
        // Frames changed size or format (a camera renegotiating): the old scalers go.
        if let any = scalers.keys.first, any.width != key.width || any.height != key.height || any.format != key.format || any.range != key.range {
            for scaler in scalers.values { sws_freeContext(scaler) }
            scalers.removeAll()
            targets.removeAll()
        }
        let shrinking = key.outWidth * key.outHeight < Int(key.width) * Int(key.height)
        guard let scaler = sws_getContext(key.width, key.height, AVPixelFormat(rawValue: key.format), Int32(key.outWidth), Int32(key.outHeight),
                                          Self.avFormat(key.out), shrinking ? (key.averaged ? SWS_AREA : SWS_FAST_BILINEAR) : SWS_BILINEAR, nil, nil, nil)
        else { return nil }
        // A yuvj format says full range itself; a plain one tagged full range (newer decoders'
        // MJPEG) needs telling.
        if key.range == AVCOL_RANGE_JPEG.rawValue {
            let coefficients = sws_getCoefficients(SWS_CS_DEFAULT)
            sws_setColorspaceDetails(scaler, coefficients, 1, coefficients, 1, 0, 1 << 16, 1 << 16)
        }
        scalers[key] = scaler
        return scaler
    }
}

/// A decoded frame kept for a take: a reference to the decoder's picture (its buffers are
/// counted, so keeping one copies nothing), made into pixels only if it is taken.
public final class KeptFrame: @unchecked Sendable {
    public let index: Int
    private var frame: UnsafeMutablePointer<AVFrame>?

    init?(_ source: UnsafePointer<AVFrame>, index: Int) {
        guard let clone = av_frame_clone(source) else { return nil }
        frame = clone
        self.index = index
    }

    deinit { av_frame_free(&frame) }

    /// The whole frame as BGRA.
    public func pixels() -> PixelBuffer? {
        guard let frame else { return nil }
        return FrameConverter().pixels(frame, width: Int(frame.pointee.width), height: Int(frame.pointee.height), format: .bgra)
    }
}
