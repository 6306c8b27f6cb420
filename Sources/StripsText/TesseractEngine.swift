import CLeptonica
import CTesseract
import Foundation
import StripsPictures

/// Starting a TessBaseAPI and handing it pictures, shared by `Recognizer` and `PageOSD`.
enum TesseractEngine {
    /// A started TessBaseAPI whose messages go nowhere (a window app has no terminal to print to).
    static func start(_ languages: String, folder: String) -> OpaquePointer? {
        guard let api = TessBaseAPICreate() else { return nil }
        let names = [strdup("debug_file")], values = [strdup("/dev/null")]
        defer { (names + values).forEach { free($0) } }
        var namePointers = names, valuePointers = values
        let status = namePointers.withUnsafeMutableBufferPointer { n in
            valuePointers.withUnsafeMutableBufferPointer { v in
                TessBaseAPIInit4(api, folder, languages, OEM_DEFAULT, nil, 0, n.baseAddress, v.baseAddress, 1, 0)
            }
        }
        guard status == 0 else {
            TessBaseAPIDelete(api)
            return nil
        }
        return api
    }

    /// Hands Tesseract the grey rows; it copies them into its own picture once.
    static func setImage(_ grey: PixelBuffer, dpi: Double, on engine: OpaquePointer) {
        grey.bytes.withUnsafeBufferPointer {
            TessBaseAPISetImage(engine, $0.baseAddress, Int32(grey.width), Int32(grey.height), 1, Int32(grey.bytesPerRow))
        }
        setResolution(dpi, on: engine)
    }

    /// Hands Tesseract a bilevel picture's bits (`BilevelBits`); it copies them once. False when
    /// leptonica could not hold them (nothing was handed over).
    static func setImage(_ bilevel: BilevelBits, dpi: Double, on engine: OpaquePointer) -> Bool {
        guard let pix = bilevel.pix() else { return false }
        TessBaseAPISetImage2(engine, pix)
        // Tesseract keeps a copy (or a reference counted on the same picture): ours goes.
        var owned: UnsafeMutablePointer<PIX>? = pix
        pixDestroy(&owned)
        setResolution(dpi, on: engine)
        return true
    }

    private static func setResolution(_ dpi: Double, on engine: OpaquePointer) {
        // Tesseract warns about and guesses for resolutions under 70; a thumbnail is not read anyway.
        TessBaseAPISetSourceResolution(engine, Int32(min(2400, max(70, dpi.isFinite ? dpi.rounded() : 300))))
    }
}
