import CLeptonica
import CTIFF
import StripsPictures

/// Black-and-white pages as 1 bit a pixel: CCITT Group 4 (libtiff's fax coder, the code PDF's
/// /CCITTFaxDecode reads with /K -1) or Flate over packed bits, whichever is smaller. Text pages
/// favour G4 (runs of white and black coded against the line above); pages of fine halftone can
/// favour Flate.
enum BilevelEncoder {
    /// The packed rows of a picture thresholded at mid-grey: (width + 7) / 8 bytes a row, the first
    /// pixel in the high bit, 1 for black.
    static func packedRows(_ picture: PixelBuffer) -> (bytes: [UInt8], bytesPerRow: Int)? {
        guard let (pix, order) = Pix.from(picture) else { return nil }
        let grey: Pix?
        if pix.depth == 8 {
            grey = pix
        } else {
            let (r, b): (Float, Float) = order == .rgb ? (0.299, 0.114) : (0.114, 0.299)
            grey = Pix(taking: pixConvertRGBToGray(pix.pointer, r, 0.587, b))
        }
        guard let grey, let bits = Pix(taking: pixThresholdToBinary(grey.pointer, 128)) else { return nil }
        return packed(bits)
    }

    /// A 1 bpp leptonica picture's rows in memory order.
    static func packed(_ bits: Pix) -> (bytes: [UInt8], bytesPerRow: Int)? {
        guard bits.depth == 1, let swapped = Pix(taking: pixEndianByteSwapNew(bits.pointer)),
              let data = pixGetData(swapped.pointer) else { return nil }
        let wordsPerRow = Int(pixGetWpl(swapped.pointer))
        let bytesPerRow = (bits.width + 7) / 8
        var bytes = [UInt8](repeating: 0, count: bytesPerRow * bits.height)
        let raw = UnsafeRawPointer(data)
        bytes.withUnsafeMutableBytes { target in
            guard let base = target.baseAddress else { return }
            for row in 0..<bits.height {
                base.advanced(by: row * bytesPerRow).copyMemory(from: raw.advanced(by: row * wordsPerRow * 4), byteCount: bytesPerRow)
            }
        }
        // Leptonica leaves whatever was there in the bits past the width; a coder must see white.
        let spare = bytesPerRow * 8 - bits.width
        if spare > 0 {
            let mask = UInt8(truncatingIfNeeded: 0xFF << spare)
            for row in 0..<bits.height { bytes[row * bytesPerRow + bytesPerRow - 1] &= mask }
        }
        return (bytes, bytesPerRow)
    }

    /// CCITT G4 of packed rows (1 = black), as one strip: the strip's bytes are the PDF stream.
    static func g4(_ rows: [UInt8], bytesPerRow: Int, width: Int, height: Int) -> PDFImage? {
        guard width > 0, height > 0, rows.count == bytesPerRow * height, width <= Int(UInt32.max), height <= Int(UInt32.max) else { return nil }
        let file = MemoryTIFF()
        let written: Bool? = file.withTIFF(mode: "w") { tiff in
            let fields: [(UInt32, CVarArg)] = [
                (UInt32(TIFFTAG_IMAGEWIDTH), UInt32(width)), (UInt32(TIFFTAG_IMAGELENGTH), UInt32(height)),
                (UInt32(TIFFTAG_BITSPERSAMPLE), Int32(1)), (UInt32(TIFFTAG_SAMPLESPERPIXEL), Int32(1)),
                (UInt32(TIFFTAG_COMPRESSION), Int32(COMPRESSION_CCITTFAX4)),
                // Fax coding counts 0 bits as white runs: min-is-white is what the packed rows are.
                (UInt32(TIFFTAG_PHOTOMETRIC), Int32(PHOTOMETRIC_MINISWHITE)),
                (UInt32(TIFFTAG_FILLORDER), Int32(FILLORDER_MSB2LSB)),
                (UInt32(TIFFTAG_ROWSPERSTRIP), UInt32(height)),
            ]
            for (tag, value) in fields {
                guard withVaList([value], { TIFFVSetField(tiff, tag, $0) }) == 1 else { return false }
            }
            let size = tmsize_t(rows.count)
            let status = rows.withUnsafeBytes { TIFFWriteEncodedStrip(tiff, 0, UnsafeMutableRawPointer(mutating: $0.baseAddress), size) }
            return status >= 0 && TIFFWriteDirectory(tiff) == 1
        }
        guard written == true else { return nil }
        let reader = MemoryTIFF(bytes: file.bytes)
        let strip: [UInt8]? = reader.withTIFF(mode: "r") { tiff in
            let size = TIFFRawStripSize(tiff, 0)
            guard size > 0 else { return nil }
            var bytes = [UInt8](repeating: 0, count: Int(size))
            let read = bytes.withUnsafeMutableBytes { TIFFReadRawStrip(tiff, 0, $0.baseAddress, size) }
            return read == size ? bytes : nil
        }
        guard let strip else { return nil }
        return PDFImage(bytes: strip, width: width, height: height, filter: .ccittFax, colourSpace: .grey, bitsPerComponent: 1,
                        decodeParms: "/K -1 /Columns \(width) /Rows \(height)")
    }

    /// Flate over packed rows, white as 1 as DeviceGray wants it (the rows are turned over first).
    static func flate(_ rows: [UInt8], bytesPerRow: Int, width: Int, height: Int) -> PDFImage? {
        guard width > 0, height > 0, rows.count == bytesPerRow * height else { return nil }
        let whiteIsOne = rows.map { ~$0 }
        var size = 0
        guard let compressed = whiteIsOne.withUnsafeBufferPointer({ zlibCompress($0.baseAddress, $0.count, &size) }) else { return nil }
        defer { lept_free(compressed) }
        return PDFImage(bytes: Array(UnsafeBufferPointer(start: compressed, count: size)), width: width, height: height,
                        filter: .flate, colourSpace: .grey, bitsPerComponent: 1, decodeParms: nil)
    }
}
