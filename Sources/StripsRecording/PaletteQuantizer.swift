import CImageQuant

/// One frame's best 256-colour palette and the dithered indices into it (libimagequant, the
/// library behind pngquant: far fewer bands on gradients and photos than a fixed palette).
struct QuantizedImage: Sendable {
    var indices: [UInt8]
    /// r, g, b per entry; at most 256 entries.
    var palette: [(UInt8, UInt8, UInt8)]
    /// The entry that stands for see-through pixels (alpha 0 in the input), if there were any.
    var transparent: Int?
}

/// Owns libimagequant's settings; used on the recorder's worker thread only.
final class PaletteQuantizer {
    private let attributes: OpaquePointer

    /// `speed` is libimagequant's 1 (best) ... 10 (fastest) trade-off.
    init(speed: Int) throws {
        guard let attributes = liq_attr_create() else { throw RecordingError("libimagequant could not start") }
        self.attributes = attributes
        _ = liq_set_speed(attributes, Int32(min(10, max(1, speed))))
        _ = liq_set_max_colors(attributes, 256)
    }

    deinit { liq_attr_destroy(attributes) }

    /// RGBA pixels whose alpha is 255 (drawn) or 0 (see-through: the GIF shows what is under
    /// them). libimagequant gives every alpha-0 pixel one palette entry of its own and spends
    /// the others on the drawn pixels only.
    func quantize(rgba: [UInt8], width: Int, height: Int) throws -> QuantizedImage {
        try rgba.withUnsafeBytes { bytes -> QuantizedImage in
            guard let base = bytes.baseAddress,
                  let image = liq_image_create_rgba(attributes, base, Int32(width), Int32(height), 0) else {
                throw RecordingError("libimagequant rejected a \(width)x\(height) frame")
            }
            defer { liq_image_destroy(image) }
            var result: OpaquePointer?
            guard liq_image_quantize(image, attributes, &result) == LIQ_OK, let result else {
                throw RecordingError("libimagequant could not find a palette")
            }
            defer { liq_result_destroy(result) }
            _ = liq_set_dithering_level(result, 1.0)
            var indices = [UInt8](repeating: 0, count: width * height)
            let written = indices.withUnsafeMutableBytes { out in
                out.baseAddress.map { liq_write_remapped_image(result, image, $0, out.count) } ?? LIQ_OUT_OF_MEMORY
            }
            guard written == LIQ_OK, let paletteRef = liq_get_palette(result) else {
                throw RecordingError("libimagequant could not remap a frame")
            }
            let count = Int(paletteRef.pointee.count)
            let (palette, transparent) = withUnsafeBytes(of: paletteRef.pointee.entries) { raw in
                let colors = raw.bindMemory(to: liq_color.self)
                return ((0..<count).map { (colors[$0].r, colors[$0].g, colors[$0].b) },
                        (0..<count).first { colors[$0].a == 0 })
            }
            return QuantizedImage(indices: indices, palette: palette, transparent: transparent)
        }
    }
}
