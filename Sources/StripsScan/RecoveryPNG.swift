import CSPNG
import Foundation
import StripsPictures

/// A scanned page as PNG (the project's `PNGWriter`, libspng): lossless, so a recovered page is
/// the page scanned. Encoded for speed (`fast`: zlib level 1 and the "up" filter, a fraction of the
/// default's time and about the same size on scans): the file only has to survive until the
/// document is saved.
package enum RecoveryPNG {
    /// Why a page could not be encoded or decoded, in words.
    package struct Reason: Error, Equatable {
        package var text: String
        package init(_ text: String) { self.text = text }
    }

    /// `dpi`: the scan's resolution, kept in the pHYs chunk so a saved page has the paper's size.
    package static func encode(_ pixels: PixelBuffer, dpi: Int? = nil) -> Result<[UInt8], Reason> {
        guard !pixels.isEmpty else { return .failure(Reason("the page is empty")) }
        return PNGWriter(pixelsPerInch: dpi.map(Double.init), fast: true).encode(pixels).mapError { Reason($0.reason) }
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
