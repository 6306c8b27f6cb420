import CTurboJPEG
import StripsPictures

/// Grey and colour pages as JPEG through libjpeg-turbo: a grey picture as a one-channel JPEG (a
/// third of the colour size, no chroma to spend bits on), colour as 4:2:0. `progressive` (which also
/// gives Huffman tables made for the picture) codes long runs of flat blocks, such as a mixed raster
/// background's paper, in a fraction of the baseline's bytes.
enum JPEGEncoder {
    static func encode(_ picture: PixelBuffer, quality: Int, progressive: Bool = false) -> PDFImage? {
        guard !picture.isEmpty, picture.width <= Int(Int32.max), picture.height <= Int(Int32.max),
              let tj = tjInitCompress() else { return nil }
        defer { tjDestroy(tj) }
        let (format, sampling, space): (TJPF, TJSAMP, PDFImage.ColourSpace)
        switch picture.format {
        case .grey: (format, sampling, space) = (TJPF_GRAY, TJSAMP_GRAY, .grey)
        case .rgb: (format, sampling, space) = (TJPF_RGB, TJSAMP_420, .rgb)
        case .bgra: (format, sampling, space) = (TJPF_BGRA, TJSAMP_420, .rgb)
        }
        var buffer: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = picture.bytes.withUnsafeBufferPointer {
            tjCompress2(tj, $0.baseAddress, Int32(picture.width), Int32(picture.bytesPerRow), Int32(picture.height), Int32(format.rawValue),
                        &buffer, &size, Int32(sampling.rawValue), Int32(min(100, max(1, quality))),
                        Int32(TJFLAG_ACCURATEDCT | (progressive ? TJFLAG_PROGRESSIVE : 0)))
        }
        defer { if let buffer { tjFree(buffer) } }
        guard status == 0, let buffer else { return nil }
        return PDFImage(bytes: Array(UnsafeBufferPointer(start: buffer, count: Int(size))), width: picture.width, height: picture.height,
                        filter: .dct, colourSpace: space, bitsPerComponent: 8, decodeParms: nil)
    }
}
