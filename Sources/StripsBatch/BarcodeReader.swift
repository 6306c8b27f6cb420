import CZBar
import StripsPictures

/// A barcode or QR code ZBar found, with where it lies in the picture it was read from.
struct FoundCode: Hashable, Sendable {
    var symbology: String
    var text: String
    /// Its outline's bounding box in the picture's pixels.
    var minX: Int
    var minY: Int
    var maxX: Int
    var maxY: Int
}

/// Barcodes and QR codes through ZBar (a decoder kept by others for many years: QR, Code 128,
/// Code 39, Code 93, EAN/UPC, Interleaved 2 of 5, DataBar, Codabar). Each call makes its own
/// scanner, so threads never share one.
enum BarcodeReader {
    static func read(_ grey: PixelBuffer) -> [FoundCode] {
        precondition(grey.format == .grey)
        guard !grey.isEmpty, let scanner = zbar_image_scanner_create() else { return [] }
        defer { zbar_image_scanner_destroy(scanner) }
        // Every symbology ZBar has; the density of 1 (every line) finds bars a few pixels wide.
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_ENABLE, 1)
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_X_DENSITY, 1)
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_Y_DENSITY, 1)
        // A QR code's bytes as they are: ZBar otherwise guesses their charset and turns the UTF-8
        // of "Rechnung März" into "Rechnung M瓣rz" (Big5). `text(of:)` decodes them.
        zbar_image_scanner_set_config(scanner, ZBAR_QRCODE, ZBAR_CFG_BINARY, 1)
        guard let image = zbar_image_create() else { return [] }
        defer { zbar_image_destroy(image) }
        // "Y800": grey, one byte a pixel.
        let y800 = UInt(UInt8(ascii: "Y")) | UInt(UInt8(ascii: "8")) << 8 | UInt(UInt8(ascii: "0")) << 16 | UInt(UInt8(ascii: "0")) << 24
        zbar_image_set_format(image, y800)
        zbar_image_set_size(image, UInt32(grey.width), UInt32(grey.height))
        return grey.bytes.withUnsafeBytes { bytes -> [FoundCode] in
            // ZBar reads the buffer only while scanning; no cleanup handler: the bytes stay Swift's.
            zbar_image_set_data(image, bytes.baseAddress, UInt(bytes.count), nil)
            guard ChatterFilter.shared.whileQuiet({ zbar_scan_image(scanner, image) }) > 0 else { return [] }
            var found: [FoundCode] = []
            var symbol = zbar_image_first_symbol(image)
            while let s = symbol {
                defer { symbol = zbar_symbol_next(s) }
                guard let data = zbar_symbol_get_data(s) else { continue }
                let length = Int(zbar_symbol_get_data_length(s))
                let text = Self.text(of: Array(UnsafeRawBufferPointer(start: data, count: length)))
                var xs: [Int] = [], ys: [Int] = []
                for k in 0..<zbar_symbol_get_loc_size(s) {
                    xs.append(Int(zbar_symbol_get_loc_x(s, k)))
                    ys.append(Int(zbar_symbol_get_loc_y(s, k)))
                }
                let name = zbar_get_symbol_name(zbar_symbol_get_type(s)).map { String(cString: $0) } ?? "barcode"
                found.append(FoundCode(symbology: Self.commonName(name), text: text, minX: xs.min() ?? 0, minY: ys.min() ?? 0,
                                       maxX: xs.max() ?? grey.width - 1, maxY: ys.max() ?? grey.height - 1))
            }
            return found
        }
    }

    /// A code's bytes as text: UTF-8 when they are valid UTF-8 (what nearly every QR code made
    /// today holds), else ISO 8859-1, the QR standard's charset for bytes without a declared one.
    static func text(of bytes: [UInt8]) -> String {
        if let utf8 = String(validating: bytes, as: UTF8.self) { return utf8 }
        return String(bytes.map { Character(Unicode.Scalar($0)) })
    }

    /// ZBar's names ("QR-Code", "CODE-128") as people write them.
    static func commonName(_ zbar: String) -> String {
        switch zbar {
        case "QR-Code": return "QR code"
        case "CODE-128": return "Code 128"
        case "CODE-39": return "Code 39"
        case "CODE-93": return "Code 93"
        case "I2/5": return "Interleaved 2 of 5"
        default: return zbar
        }
    }
}
