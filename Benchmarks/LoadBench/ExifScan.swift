import CTurboJPEG

/// Synthetic scans as a phone or a scanner writes them: an EXIF block (APP1) holding the
/// orientation and a 160 x 120 JPEG thumbnail of the page (IFD1's JPEGInterchangeFormat).
enum ExifScan {
    static let thumbnailWidth = 160, thumbnailHeight = 120

    /// `jpeg` (no APP1 of its own) with an EXIF block carrying `orientation` and `thumbnail`.
    static func withThumbnail(_ jpeg: [UInt8], thumbnail: [UInt8], orientation: UInt16 = 1) -> [UInt8] {
        func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16) }
        func entry(_ tag: Int, type: Int, value: Int) -> [UInt8] { le16(tag) + le16(type) + le32(1) + le32(value) }
        // Offsets count from the TIFF header: IFD0 at 8 (one entry), IFD1 after it (two entries).
        let ifd1 = 8 + 2 + 12 + 4
        let data = ifd1 + 2 + 24 + 4
        var tiff: [UInt8] = Array("II*\0".utf8) + le32(8)
        tiff += le16(1) + entry(0x0112, type: 3, value: Int(orientation)) + le32(ifd1)
        tiff += le16(2) + entry(0x0201, type: 4, value: data) + entry(0x0202, type: 4, value: thumbnail.count) + le32(0)
        tiff += thumbnail
        let payload = Array("Exif\0\0".utf8) + tiff
        let length = payload.count + 2
        precondition(length < 65_536, "an APP1 segment holds at most 64 KiB")
        return Array(jpeg[0..<2]) + [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + Array(jpeg[2...])
    }

    /// A thumbnail of RGB `pixels` (w x h), every n-th pixel, as a quality 75 JPEG.
    static func thumbnail(of pixels: [UInt8], width w: Int, height h: Int) -> [UInt8]? {
        let tw = thumbnailWidth, th = thumbnailHeight
        var small = [UInt8](repeating: 0, count: tw * th * 3)
        for y in 0..<th {
            for x in 0..<tw {
                let source = ((y * h / th) * w + x * w / tw) * 3, dest = (y * tw + x) * 3
                small[dest] = pixels[source]
                small[dest + 1] = pixels[source + 1]
                small[dest + 2] = pixels[source + 2]
            }
        }
        return encode(small, width: tw, height: th, quality: 75)
    }

    static func encode(_ pixels: [UInt8], width: Int, height: Int, quality: Int32) -> [UInt8]? {
        guard let tj = tjInitCompress() else { return nil }
        defer { tjDestroy(tj) }
        var buffer: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = pixels.withUnsafeBufferPointer {
            tjCompress2(tj, $0.baseAddress, Int32(width), 0, Int32(height), Int32(TJPF_RGB.rawValue), &buffer, &size,
                        Int32(TJSAMP_420.rawValue), quality, 0)
        }
        guard status == 0, let buffer else { return nil }
        defer { tjFree(buffer) }
        return Array(UnsafeBufferPointer(start: buffer, count: Int(size)))
    }
}
