import CTurboJPEG
import StripsPictures

/// The sample scans' JPEG files, written and read back with libjpeg-turbo as a scanner and the app would.
public enum SampleJPEG {
    /// A JPEG whose JFIF header says `dpi`, as a scanner's does (libjpeg-turbo writes no density).
    public static func encode(bgrx: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, quality: Int, dpi: Double) -> [UInt8]? {
        guard let tj = tjInitCompress() else { return nil }
        defer { tjDestroy(tj) }
        var buffer: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        guard tjCompress2(tj, bgrx, Int32(width), Int32(stride), Int32(height), Int32(TJPF_BGRX.rawValue), &buffer, &size,
                          Int32(TJSAMP_420.rawValue), Int32(quality), 0) == 0, let buffer else { return nil }
        defer { tjFree(buffer) }
        var jpeg = Array(UnsafeBufferPointer(start: buffer, count: Int(size)))
        // FF D8, FF E0, length (2), "JFIF\0", version (2), then units, X density, Y density.
        if jpeg.count > 18, jpeg[2] == 0xFF, jpeg[3] == 0xE0, Array(jpeg[6..<11]) == Array("JFIF\0".utf8) {
            let density = UInt16(max(1, min(65535, dpi.rounded())))
            jpeg[13] = 1
            jpeg[14] = UInt8(density >> 8); jpeg[15] = UInt8(density & 0xFF)
            jpeg[16] = UInt8(density >> 8); jpeg[17] = UInt8(density & 0xFF)
        }
        return jpeg
    }

    /// The JPEG decoded (rgb), scaled down by libjpeg-turbo by 1/`reduction` (1, 2, 4 or 8) as a thumbnail decode is.
    public static func decode(_ jpeg: [UInt8], reduction: Int = 1) -> PixelBuffer? {
        guard let tj = tjInitDecompress() else { return nil }
        defer { tjDestroy(tj) }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colourspace: Int32 = 0
        guard tjDecompressHeader3(tj, jpeg, UInt(jpeg.count), &width, &height, &subsampling, &colourspace) == 0 else { return nil }
        guard [1, 2, 4, 8].contains(reduction) else { return nil }
        // libjpeg-turbo's scaled sizes round up, as TJSCALED does.
        width = (width + Int32(reduction) - 1) / Int32(reduction)
        height = (height + Int32(reduction) - 1) / Int32(reduction)
        var pixels = [UInt8](repeating: 0, count: Int(width) * Int(height) * 3)
        let status = pixels.withUnsafeMutableBufferPointer {
            tjDecompress2(tj, jpeg, UInt(jpeg.count), $0.baseAddress, width, 0, height, Int32(TJPF_RGB.rawValue), 0)
        }
        guard status == 0 else { return nil }
        return PixelBuffer(width: Int(width), height: Int(height), format: .rgb, bytes: pixels)
    }
}
