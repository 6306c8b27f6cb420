import CAVCodec
import StripsPictures

/// The decoder's pictures made into pixels by libswscale: the whole frame as BGRA (what the
/// window's texture takes and a take encodes) and the detector's small copy as RGB (area-averaged,
/// which also averages away sensor noise). The scalers are kept while the frames' size and format
/// stay; full-range (JPEG) YUV is read as such, so a page's white stays white.
final class FrameConverter {
    private var full: OpaquePointer?
    private var reduced: OpaquePointer?
    private var key: (width: Int32, height: Int32, format: Int32, range: UInt32, small: Int)?

    func convert(_ frame: UnsafeMutablePointer<AVFrame>, smallSide: Int) -> (full: PixelBuffer, small: PixelBuffer)? {
        guard prepare(frame, smallSide: smallSide), let full, let small = small(frame, smallSide: smallSide) else { return nil }
        let (w, h) = (Int(frame.pointee.width), Int(frame.pointee.height))
        var picture = PixelBuffer(width: w, height: h, format: .bgra)
        let done = picture.bytes.withUnsafeMutableBufferPointer { out in
            strips_sws_frame_to_packed(full, frame, out.baseAddress, Int32(w * 4))
        }
        return done > 0 ? (picture, small) : nil
    }

    func small(_ frame: UnsafeMutablePointer<AVFrame>, smallSide: Int) -> PixelBuffer? {
        guard prepare(frame, smallSide: smallSide), let reduced else { return nil }
        let (sw, sh) = Self.smallSize(width: Int(frame.pointee.width), height: Int(frame.pointee.height), side: smallSide)
        var copy = PixelBuffer(width: sw, height: sh, format: .rgb)
        let done = copy.bytes.withUnsafeMutableBufferPointer { out in
            strips_sws_frame_to_packed(reduced, frame, out.baseAddress, Int32(sw * 3))
        }
        return done > 0 ? copy : nil
    }

    static func smallSize(width: Int, height: Int, side: Int) -> (Int, Int) {
        let scale = min(1, Double(side) / Double(max(width, height, 1)))
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }

    private func prepare(_ frame: UnsafeMutablePointer<AVFrame>, smallSide: Int) -> Bool {
        let f = frame.pointee
        guard f.width > 0, f.height > 0, f.format >= 0 else { return false }
        if let key, key.width == f.width, key.height == f.height, key.format == f.format, key.range == f.color_range.rawValue,
           key.small == smallSide, full != nil, reduced != nil { return true }
        release()
        let source = AVPixelFormat(rawValue: f.format)
        let (sw, sh) = Self.smallSize(width: Int(f.width), height: Int(f.height), side: smallSide)
        full = sws_getContext(f.width, f.height, source, f.width, f.height, AV_PIX_FMT_BGRA, SWS_BILINEAR, nil, nil, nil)
        reduced = sws_getContext(f.width, f.height, source, Int32(sw), Int32(sh), AV_PIX_FMT_RGB24, SWS_AREA, nil, nil, nil)
        // A yuvj format says full range itself; a plain one tagged full range (newer decoders'
        // MJPEG) needs telling.
        if f.color_range == AVCOL_RANGE_JPEG {
            for context in [full, reduced] {
                guard let context else { continue }
                let coefficients = sws_getCoefficients(SWS_CS_DEFAULT)
                sws_setColorspaceDetails(context, coefficients, 1, coefficients, 1, 0, 1 << 16, 1 << 16)
            }
        }
        key = (f.width, f.height, f.format, f.color_range.rawValue, smallSide)
        return full != nil && reduced != nil
    }

    private func release() {
        sws_freeContext(full)
        sws_freeContext(reduced)
        full = nil
        reduced = nil
    }

    deinit { release() }
}
