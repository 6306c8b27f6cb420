import CSPNG
import Foundation
import StripsFiles

/// Pictures as PNG files, through libspng: the project's one PNG writer, behind saved pages, the
/// scan recovery folder, the thumbnail cache, screenshots and test pictures. Exact: the pixels go
/// in unchanged. Grey stays grey and RGB RGB; B, G, R, A becomes RGB when every pixel is opaque
/// (a quarter smaller), else RGBA. A value; safe on any thread.
public struct PNGWriter: Sendable {
    /// One tEXt entry (Latin-1: the keys and values written here are ASCII).
    public struct Text: Hashable, Sendable {
        public var key: String
        public var value: String

        public init(_ key: String, _ value: String) {
            self.key = key
            self.value = value
        }
    }

    /// One bit a pixel, from a grey picture: under 128 is black (line art, black-and-white pages).
    public var bilevel = false
    /// The resolution, kept in the pHYs chunk, so the picture keeps its paper size.
    public var pixelsPerInch: Double?
    /// tEXt entries, in order (the thumbnail cache's metadata).
    public var texts: [Text] = []
    /// zlib level 1 and one filter (Up) instead of trying all five on every row: several times
    /// faster and about a fifth larger, for files written while the user waits (scans kept for
    /// recovery, thumbnails written on decode workers).
    public var fast = false

    public init(bilevel: Bool = false, pixelsPerInch: Double? = nil, texts: [Text] = [], fast: Bool = false) {
        self.bilevel = bilevel
        self.pixelsPerInch = pixelsPerInch
        self.texts = texts
        self.fast = fast
    }

    /// Why no PNG was made, in words.
    public struct Failure: Error, Hashable, Sendable {
        public var reason: String
        public init(_ reason: String) { self.reason = reason }
    }

    /// The PNG file's bytes.
    public func encode(_ pixels: PixelBuffer) -> Result<[UInt8], Failure> {
        guard !pixels.isEmpty else { return .failure(Failure("no pixels to write")) }
        guard !bilevel || pixels.format == .grey else { return .failure(Failure("a 1-bit PNG is made from grey pixels")) }
        let (rows, colour, depth) = bilevel ? (pixels.packedBits(blackIsOne: false), SPNG_COLOR_TYPE_GRAYSCALE, UInt8(1)) : Self.rows(pixels)
        guard let ctx = spng_ctx_new(Int32(SPNG_CTX_ENCODER.rawValue)) else { return .failure(Failure("libspng could not start")) }
        defer { spng_ctx_free(ctx) }
        var status = spng_set_option(ctx, SPNG_ENCODE_TO_BUFFER, 1)
        if status == 0, fast {
            status = spng_set_option(ctx, SPNG_IMG_COMPRESSION_LEVEL, 1)
            if status == 0 { status = spng_set_option(ctx, SPNG_FILTER_CHOICE, Int32(SPNG_FILTER_CHOICE_UP.rawValue)) }
        }
        var header = spng_ihdr(width: UInt32(pixels.width), height: UInt32(pixels.height), bit_depth: depth, color_type: UInt8(colour.rawValue),
                               compression_method: 0, filter_method: 0, interlace_method: 0)
        if status == 0 { status = spng_set_ihdr(ctx, &header) }
        if status == 0, let pixelsPerInch, pixelsPerInch > 0, pixelsPerInch.isFinite {
            // Pixels a metre, as PNG counts them; rounded up, so the resolution read back is not
            // a hair under the one written (a 100 dpi page read as 99.9998).
            let perMetre = UInt32(clamping: Int((pixelsPerInch / 0.0254).rounded(.up)))
            var phys = spng_phys(ppu_x: perMetre, ppu_y: perMetre, unit_specifier: 1)
            status = spng_set_phys(ctx, &phys)
        }
        let values = texts.compactMap { strdup($0.value) }
        defer { values.forEach { free($0) } }
        guard values.count == texts.count else { return .failure(Failure("out of memory")) }
        var chunks: [spng_text] = zip(texts, values).map { text, value in
            var chunk = spng_text()
            withUnsafeMutableBytes(of: &chunk.keyword) { keyword in
                for (i, byte) in text.key.utf8.prefix(79).enumerated() { keyword[i] = byte }
            }
            chunk.type = Int32(SPNG_TEXT.rawValue)
            chunk.text = value
            chunk.length = strlen(value)
            return chunk
        }
        if status == 0, !chunks.isEmpty { status = spng_set_text(ctx, &chunks, UInt32(chunks.count)) }
        if status == 0 {
            status = rows.withUnsafeBytes {
                spng_encode_image(ctx, $0.baseAddress, $0.count, Int32(SPNG_FMT_PNG.rawValue), Int32(SPNG_ENCODE_FINALIZE.rawValue))
            }
        }
        guard status == 0 else { return .failure(Failure("cannot encode PNG: \(String(cString: spng_strerror(status)))")) }
        var length = 0, error: Int32 = 0
        guard let buffer = spng_get_png_buffer(ctx, &length, &error), error == 0 else {
            return .failure(Failure("cannot encode PNG: \(String(cString: spng_strerror(error)))"))
        }
        // libspng hands the buffer over: ours to free.
        defer { free(buffer) }
        return .success(Array(UnsafeRawBufferPointer(start: buffer, count: length)))
    }

    /// Writes the PNG to `path` as an output is written (`OutputFile`: into a device or FIFO as
    /// a stream, else as a whole file); `replacing` lets it take the place of a regular file of
    /// that name (a screenshot written again), else the name must be free; never over a file
    /// this run reads; `durable: false` skips the flush to the disk (files a crash may lose, such as screenshots).
    public func write(_ pixels: PixelBuffer, to path: String, replacing: Bool = false, durable: Bool = true) -> Result<Void, Failure> {
        encode(pixels).flatMap { bytes in
            if let failure = OutputFile.write(bytes, to: path, replacing: replacing, durable: durable) {
                return .failure(Failure(failure.exists ? "\(path): \(WholeFile.Failure.existsReason)" : "\(failure)"))
            }
            return .success(())
        }
    }

    /// 8-bit rows as PNG takes them, with their colour type and depth.
    private static func rows(_ pixels: PixelBuffer) -> ([UInt8], spng_color_type, UInt8) {
        switch pixels.format {
        case .grey: return (pixels.bytes, SPNG_COLOR_TYPE_GRAYSCALE, 8)
        case .rgb: return (pixels.bytes, SPNG_COLOR_TYPE_TRUECOLOR, 8)
        case .bgra:
            let opaque = pixels.isOpaque, channels = opaque ? 3 : 4, count = pixels.width * pixels.height
            let out = [UInt8](unsafeUninitializedCapacity: count * channels) { out, made in
                pixels.bytes.withUnsafeBufferPointer { bgra in
                    var o = 0, i = 0
                    for _ in 0..<count {
                        out[o] = bgra[i + 2]
                        out[o + 1] = bgra[i + 1]
                        out[o + 2] = bgra[i]
                        if !opaque { out[o + 3] = bgra[i + 3] }
                        o += channels
                        i += 4
                    }
                }
                made = count * channels
            }
            return (out, opaque ? SPNG_COLOR_TYPE_TRUECOLOR : SPNG_COLOR_TYPE_TRUECOLOR_ALPHA, 8)
        }
    }
}
