import CSPNG
import Foundation
import StripsPictures

/// A scanned page as PNG (libspng): lossless, so a recovered page is the page scanned. Encoded
/// for speed (zlib level 1 and the "up" filter, a fraction of the default's time and about the
/// same size on scans): the file only has to survive until the document is saved.
package enum RecoveryPNG {
    /// Why a page could not be encoded or decoded, in words.
    package struct Reason: Error, Equatable {
        package var text: String
        package init(_ text: String) { self.text = text }
    }

    /// `dpi`: the scan's resolution, kept in the pHYs chunk so a saved page has the paper's size.
    package static func encode(_ pixels: PixelBuffer, dpi: Int? = nil) -> Result<[UInt8], Reason> {
        guard !pixels.isEmpty else { return .failure(Reason("the page is empty")) }
        var packed = pixels.bytes
        let colour: spng_color_type
        switch pixels.format {
        case .grey: colour = SPNG_COLOR_TYPE_GRAYSCALE
        case .rgb: colour = SPNG_COLOR_TYPE_TRUECOLOR
        case .bgra:
            colour = SPNG_COLOR_TYPE_TRUECOLOR_ALPHA
            for i in stride(from: 0, to: packed.count, by: 4) { packed.swapAt(i, i + 2) }
        }
        guard let ctx = spng_ctx_new(Int32(SPNG_CTX_ENCODER.rawValue)) else { return .failure(Reason("libspng could not start")) }
        defer { spng_ctx_free(ctx) }
        spng_set_option(ctx, SPNG_ENCODE_TO_BUFFER, 1)
        spng_set_option(ctx, SPNG_IMG_COMPRESSION_LEVEL, 1)
        spng_set_option(ctx, SPNG_FILTER_CHOICE, Int32(SPNG_FILTER_CHOICE_UP.rawValue))
        var header = spng_ihdr(width: UInt32(pixels.width), height: UInt32(pixels.height), bit_depth: 8, color_type: UInt8(colour.rawValue),
                               compression_method: 0, filter_method: 0, interlace_method: 0)
        spng_set_ihdr(ctx, &header)
        if let dpi, dpi > 0 {
            // Pixels a metre, as PNG counts them; rounded up, so the resolution read back is not
            // a hair under the one scanned (a 100 dpi page read as 99.9998).
            let perMetre = UInt32((Double(dpi) / 0.0254).rounded(.up))
            var phys = spng_phys(ppu_x: perMetre, ppu_y: perMetre, unit_specifier: 1)
            spng_set_phys(ctx, &phys)
        }
        let status = packed.withUnsafeBytes {
            spng_encode_image(ctx, $0.baseAddress, $0.count, Int32(SPNG_FMT_PNG.rawValue), Int32(SPNG_ENCODE_FINALIZE.rawValue))
        }
        guard status == 0 else { return .failure(Reason("cannot encode PNG: \(String(cString: spng_strerror(status)))")) }
        var length = 0
        var error: Int32 = 0
        guard let buffer = spng_get_png_buffer(ctx, &length, &error), error == 0 else {
            return .failure(Reason("cannot encode PNG: \(String(cString: spng_strerror(error)))"))
        }
        // libspng hands the buffer over: ours to free.
        defer { free(buffer) }
        return .success(Array(UnsafeRawBufferPointer(start: buffer, count: length)))
    }

    /// The page back: grey or RGB, 8-bit, as written.
    package static func decode(_ bytes: [UInt8]) -> Result<PixelBuffer, Reason> {
        guard let ctx = spng_ctx_new(0) else { return .failure(Reason("out of memory")) }
        defer { spng_ctx_free(ctx) }
        _ = spng_set_image_limits(ctx, 1 << 16, 1 << 16)
        return bytes.withUnsafeBufferPointer { buffer -> Result<PixelBuffer, Reason> in
            var status = spng_set_png_buffer(ctx, buffer.baseAddress, buffer.count)
            var ihdr = spng_ihdr()
            if status == 0 { status = spng_get_ihdr(ctx, &ihdr) }
            guard status == 0 else { return .failure(Reason(words(status))) }
            let grey = ihdr.color_type == UInt8(SPNG_COLOR_TYPE_GRAYSCALE.rawValue) && ihdr.bit_depth == 8
            let format: PixelBuffer.Format = grey ? .grey : .rgb
            let spngFormat = Int32(grey ? SPNG_FMT_G8.rawValue : SPNG_FMT_RGB8.rawValue)
            var size = 0
            status = spng_decoded_image_size(ctx, spngFormat, &size)
            guard status == 0 else { return .failure(Reason(words(status))) }
            guard size == Int(ihdr.width) * Int(ihdr.height) * format.bytesPerPixel else { return .failure(Reason("unexpected layout")) }
            var pixels = [UInt8](repeating: 0, count: size)
            status = pixels.withUnsafeMutableBytes { spng_decode_image(ctx, $0.baseAddress, size, spngFormat, 0) }
            guard status == 0 else { return .failure(Reason(words(status))) }
            guard let picture = PixelBuffer(width: Int(ihdr.width), height: Int(ihdr.height), format: format, bytes: pixels) else {
                return .failure(Reason("unexpected layout"))
            }
            return .success(picture)
        }
    }

    /// Whether `bytes` are a whole, undamaged PNG: the signature, then chunk after chunk with
    /// a correct CRC, up to IEND. Checks a page in milliseconds, without inflating it (a start
    /// that finds leftovers checks every page).
    package static func problem(in bytes: [UInt8]) -> String? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { return "not a PNG" }
        var offset = 8
        var sawHeader = false
        while true {
            guard offset + 12 <= bytes.count else { return "truncated" }
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length <= bytes.count - offset - 12 else { return "truncated" }
            let type = bytes[(offset + 4)..<(offset + 8)]
            let stored = UInt32(bytes[offset + 8 + length]) << 24 | UInt32(bytes[offset + 9 + length]) << 16
                | UInt32(bytes[offset + 10 + length]) << 8 | UInt32(bytes[offset + 11 + length])
            guard CRC32.checksum(bytes[(offset + 4)..<(offset + 8 + length)]) == stored else { return "damaged (a checksum does not match)" }
            let name = String(decoding: type, as: UTF8.self)
            if !sawHeader {
                guard name == "IHDR" else { return "damaged (no header)" }
                sawHeader = true
            }
            if name == "IEND" { return nil }
            offset += 12 + length
        }
    }

    private static func words(_ status: Int32) -> String {
        switch status {
        case Int32(SPNG_EOF.rawValue), Int32(SPNG_IO_EOF.rawValue), Int32(SPNG_EIDAT_TOO_SHORT.rawValue): return "truncated"
        default: return spng_strerror(status).map { String(cString: $0) } ?? "error \(status)"
        }
    }
}

/// The CRC-32 of PNG chunks and zlib (polynomial 0xEDB88320, reflected), a table a byte.
enum CRC32 {
    static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func checksum<C: Collection>(_ bytes: C) -> UInt32 where C.Element == UInt8 {
        var crc: UInt32 = 0xFFFF_FFFF
        table.withUnsafeBufferPointer { table in
            for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        }
        return crc ^ 0xFFFF_FFFF
    }
}
