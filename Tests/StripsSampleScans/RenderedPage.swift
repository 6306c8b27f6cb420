import CSPNG
import Foundation
import StripsPictures

/// A PDF page rendered by poppler's cairo backend (`pdftocairo`), which draws a picture at 1:1
/// exactly (poppler's splash backend smooths even then), read back as pixels.
public enum RenderedPage {
    /// Page `page` (from 1) of `pdf` at `dpi`, grey or rgb; nil when pdftocairo or the PNG fails.
    public static func render(_ pdf: String, page: Int = 1, dpi: Double = 72, grey: Bool = true) -> PixelBuffer? {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("strips-render-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        defer { try? FileManager.default.removeItem(atPath: out + ".png") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pdftocairo")
        process.arguments = ["-png", "-r", "\(dpi)", "-f", "\(page)", "-l", "\(page)", "-singlefile"] + (grey ? ["-gray"] : []) + [pdf, out]
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        process.waitUntilExit()
        guard process.terminationStatus == 0, let png = FileManager.default.contents(atPath: out + ".png") else { return nil }
        return decode([UInt8](png), grey: grey)
    }

    static func decode(_ png: [UInt8], grey: Bool) -> PixelBuffer? {
        guard let ctx = spng_ctx_new(0) else { return nil }
        defer { spng_ctx_free(ctx) }
        return png.withUnsafeBytes { bytes -> PixelBuffer? in
            guard spng_set_png_buffer(ctx, bytes.baseAddress, bytes.count) == 0 else { return nil }
            var header = spng_ihdr()
            guard spng_get_ihdr(ctx, &header) == 0 else { return nil }
            let format = Int32((grey ? SPNG_FMT_G8 : SPNG_FMT_RGB8).rawValue)
            var size = 0
            guard spng_decoded_image_size(ctx, format, &size) == 0 else { return nil }
            var pixels = [UInt8](repeating: 0, count: size)
            let status = pixels.withUnsafeMutableBytes { spng_decode_image(ctx, $0.baseAddress, size, format, 0) }
            guard status == 0 else { return nil }
            return PixelBuffer(width: Int(header.width), height: Int(header.height), format: grey ? .grey : .rgb, bytes: pixels)
        }
    }
}
