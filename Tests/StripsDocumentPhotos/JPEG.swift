import CTurboJPEG
import StripsPictures

/// libjpeg-turbo in and out of `PixelBuffer`: reading the sample pages and the photos, the JPEG
/// noise of a phone's camera, and the decode the benchmark measures against.
public enum JPEG {
    /// The JPEG's pixels as rgb, scaled by `scale` (1/8, 1/4, 1/2 or 1: the DCT's own scaling).
    public static func decode(_ data: [UInt8], scale: Int = 1) -> PixelBuffer? {
        guard let tj = tjInitDecompress() else { return nil }
        defer { tjDestroy(tj) }
        var w: Int32 = 0, h: Int32 = 0, sub: Int32 = 0, space: Int32 = 0
        let header = data.withUnsafeBufferPointer {
            tjDecompressHeader3(tj, $0.baseAddress, UInt($0.count), &w, &h, &sub, &space)
        }
        guard header == 0, w > 0, h > 0 else { return nil }
        let sw = (Int(w) + scale - 1) / scale, sh = (Int(h) + scale - 1) / scale
        var out = PixelBuffer(width: sw, height: sh, format: .rgb)
        let status = data.withUnsafeBufferPointer { src in
            out.bytes.withUnsafeMutableBufferPointer { dst in
                tjDecompress2(tj, src.baseAddress, UInt(src.count), dst.baseAddress, Int32(sw), 0, Int32(sh),
                              Int32(TJPF_RGB.rawValue), 0)
            }
        }
        return status == 0 ? out : nil
    }

    /// An rgb or grey buffer as a baseline JPEG of `quality` with 4:2:0 chroma, as phones write.
    public static func encode(_ picture: PixelBuffer, quality: Int) -> [UInt8]? {
        guard !picture.isEmpty, picture.format != .bgra, let tj = tjInitCompress() else { return nil }
        defer { tjDestroy(tj) }
        var jpeg: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let grey = picture.format == .grey
        let status = picture.bytes.withUnsafeBufferPointer {
            tjCompress2(tj, $0.baseAddress, Int32(picture.width), 0, Int32(picture.height),
                        Int32((grey ? TJPF_GRAY : TJPF_RGB).rawValue), &jpeg, &size,
                        Int32((grey ? TJSAMP_GRAY : TJSAMP_420).rawValue), Int32(quality), 0)
        }
        guard status == 0, let jpeg else { return nil }
        defer { tjFree(jpeg) }
        return Array(UnsafeBufferPointer(start: jpeg, count: Int(size)))
    }
}
