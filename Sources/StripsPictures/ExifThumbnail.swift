import CExif
import CTurboJPEG

/// The small JPEG a camera or phone embeds in a photo's EXIF block: a picture for the page at
/// the cost of reading the file's first kilobytes, until the real thumbnail is decoded.
enum ExifThumbnail {
    /// The embedded thumbnail's JPEG bytes, or nil when the file has none (libexif reads them).
    static func jpegBytes(_ path: String) -> [UInt8]? {
        guard let data = exif_data_new_from_file(path) else { return nil }
        defer { exif_data_unref(data) }
        guard let bytes = data.pointee.data, data.pointee.size > 0 else { return nil }
        let thumbnail = Array(UnsafeBufferPointer(start: bytes, count: Int(data.pointee.size)))
        return thumbnail.starts(with: [0xFF, 0xD8]) ? thumbnail : nil
    }

    /// The embedded thumbnail decoded and turned upright with the main picture's orientation
    /// (`info`, from its header: cameras store the thumbnail the way they store the picture).
    /// Nil when there is none, it is damaged, or its shape is not the picture's (letterboxed
    /// thumbnails, or a picture rotated by a program that left the thumbnail as it was).
    static func picture(_ path: String, info: ImageInfo) -> PixelBuffer? {
        guard info.format == .jpeg, let bytes = jpegBytes(path), let tj = tjInitDecompress() else { return nil }
        defer { tjDestroy(tj) }
        var w: Int32 = 0, h: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        guard bytes.withUnsafeBufferPointer({ tjDecompressHeader3(tj, $0.baseAddress, UInt($0.count), &w, &h, &subsampling, &colorspace) }) == 0,
              w > 0, h > 0, w <= 2048, h <= 2048, info.width > 0, info.height > 0 else { return nil }
        let aspect = Double(w) / Double(h), pictureAspect = Double(info.width) / Double(info.height)
        guard abs(aspect - pictureAspect) <= 0.03 * pictureAspect else { return nil }
        var pixels = PixelBuffer(width: Int(w), height: Int(h), format: .bgra)
        // Warnings still give a picture.
        let status = bytes.withUnsafeBufferPointer { source in
            pixels.bytes.withUnsafeMutableBufferPointer { dest in
                tjDecompress2(tj, source.baseAddress, UInt(source.count), dest.baseAddress, w, w * 4, h, Int32(TJPF_BGRA.rawValue), 0)
            }
        }
        guard status == 0 || tjGetErrorCode(tj) == Int32(TJERR_WARNING.rawValue) else { return nil }
        return pixels.oriented(info.orientation)
    }
}
