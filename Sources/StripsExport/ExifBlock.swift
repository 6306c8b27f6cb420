import CExif
import StripsPictures

/// What the exporters read from and change in a JPEG's EXIF block (the APP1 payload that starts
/// with "Exif\0\0").
enum ExifBlock {
    static func orientation(_ payload: UnsafeRawBufferPointer) -> Orientation {
        ImageHeader.exifOrientation(Array(payload)) ?? .up
    }

    /// Dots per inch along the stored x and y axes, when the block states a resolution.
    static func resolution(_ payload: UnsafeRawBufferPointer) -> (x: Double, y: Double)? {
        guard let data = exif_data_new_from_data(payload.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt32(payload.count)) else {
            return nil
        }
        defer { exif_data_unref(data) }
        guard let ifd0 = data.pointee.ifd.0 else { return nil }
        let order = exif_data_get_byte_order(data)
        func rational(_ tag: ExifTag) -> Double? {
            guard let entry = exif_content_get_entry(ifd0, tag), entry.pointee.format == EXIF_FORMAT_RATIONAL,
                  entry.pointee.components >= 1, let bytes = entry.pointee.data else { return nil }
            let value = exif_get_rational(bytes, order)
            return value.denominator == 0 ? nil : Double(value.numerator) / Double(value.denominator)
        }
        var unit = 2  // EXIF's default: inches
        if let entry = exif_content_get_entry(ifd0, EXIF_TAG_RESOLUTION_UNIT), entry.pointee.format == EXIF_FORMAT_SHORT,
           entry.pointee.components >= 1, let bytes = entry.pointee.data {
            unit = Int(exif_get_short(bytes, order))
        }
        guard let x = rational(EXIF_TAG_X_RESOLUTION), let y = rational(EXIF_TAG_Y_RESOLUTION) else { return nil }
        switch unit {
        case 2: return (x, y)
        case 3: return (x * 2.54, y * 2.54)
        default: return nil
        }
    }

    /// Sets the orientation tag to 1 (upright) in place, keeping every other byte: used once the
    /// pixels themselves have been turned, so viewers do not turn them again. False when the
    /// block has no orientation tag (nothing to change) or cannot be read.
    @discardableResult
    static func markUpright(_ bytes: UnsafeMutableRawBufferPointer, payload: Range<Int>) -> Bool {
        let tiff = payload.lowerBound + 6
        guard payload.count >= 6 + 8 else { return false }
        let little: Bool
        switch (bytes[tiff], bytes[tiff + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return false
        }
        func u16(_ i: Int) -> Int { little ? Int(bytes[i]) | Int(bytes[i + 1]) << 8 : Int(bytes[i]) << 8 | Int(bytes[i + 1]) }
        func u32(_ i: Int) -> Int { little ? u16(i) | u16(i + 2) << 16 : u16(i) << 16 | u16(i + 2) }
        let ifd = tiff + u32(tiff + 4)
        guard ifd >= tiff + 8, ifd + 2 <= payload.upperBound else { return false }
        let count = u16(ifd)
        for i in 0..<count {
            let entry = ifd + 2 + 12 * i
            guard entry + 12 <= payload.upperBound else { return false }
            guard u16(entry) == 0x0112 else { continue }
            guard u16(entry + 2) == 3 else { return false }  // SHORT, as the standard says
            bytes[entry + 8] = little ? 1 : 0
            bytes[entry + 9] = little ? 0 : 1
            return true
        }
        return false
    }
}
