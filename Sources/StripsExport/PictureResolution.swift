/// The resolution a picture file states, in dots per inch along its stored axes: JPEG's JFIF
/// density or EXIF resolution, PNG's pHYs chunk, BMP's pixels per metre. The first plausible
/// one wins (JFIF writers often put a meaningless 72 there while EXIF has the scanner's value).
enum PictureResolution {
    static func dpi(of bytes: UnsafeRawBufferPointer, jpeg: JPEGLayout?) -> (x: Double, y: Double)? {
        if let jpeg {
            var candidates: [(x: Double, y: Double)] = []
            if let density = jpeg.jfifDensity, density.unit == 1 || density.unit == 2 {
                let factor = density.unit == 2 ? 2.54 : 1
                candidates.append((Double(density.x) * factor, Double(density.y) * factor))
            }
            if let exif = jpeg.exif, let stated = ExifBlock.resolution(UnsafeRawBufferPointer(rebasing: bytes[exif])) {
                candidates.append(stated)
            }
            return candidates.first { PageSize.plausibleDPI.contains($0.x) && PageSize.plausibleDPI.contains($0.y) } ?? candidates.first
        }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return png(bytes) }
        if bytes.starts(with: Array("BM".utf8)) { return bmp(bytes) }
        return nil
    }

    private static let inchesPerMetre = 39.37007874

    private static func png(_ bytes: UnsafeRawBufferPointer) -> (x: Double, y: Double)? {
        func be32(_ i: Int) -> Int { Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]) }
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = be32(offset)
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            if type == "IDAT" || type == "IEND" { return nil }
            if type == "pHYs", length == 9, offset + 17 <= bytes.count {
                guard bytes[offset + 16] == 1 else { return nil }  // 0: aspect ratio only
                return (Double(be32(offset + 8)) / inchesPerMetre, Double(be32(offset + 12)) / inchesPerMetre)
            }
            offset += 12 + length
        }
        return nil
    }

    private static func bmp(_ bytes: UnsafeRawBufferPointer) -> (x: Double, y: Double)? {
        guard bytes.count >= 46 else { return nil }
        func le32(_ i: Int) -> Int32 { Int32(bitPattern: UInt32(bytes[i]) | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2]) << 16 | UInt32(bytes[i + 3]) << 24) }
        guard le32(14) >= 40 else { return nil }
        let x = le32(38), y = le32(42)
        guard x > 0, y > 0 else { return nil }
        return (Double(x) / inchesPerMetre, Double(y) / inchesPerMetre)
    }
}
