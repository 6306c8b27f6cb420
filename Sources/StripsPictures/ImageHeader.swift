import CExif
import Foundation
import StripsCore

/// Reads a picture's size and orientation from its header: JPEG SOF (and EXIF through libexif),
/// PNG IHDR, GIF, BMP, WebP, TGA and TIFF are read directly, so absurd sizes are refused before
/// any decoder allocates; PNM, QOI, PCX and LBM by PictureSignature; nothing else is opened.
public enum ImageHeader {
    /// The header of the file at `path`, or why there is no usable picture.
    public static func read(_ path: String) -> Result<ImageInfo, ImageFailure> {
        let file: FileReader
        switch FileReader.open(path) {
        case .failure(let failure): return .failure(failure)
        case .success(let opened): file = opened
        }
        defer { file.close() }
        if file.size == 0 { return .failure(ImageFailure("the file is empty")) }
        let head = file.bytes(at: 0, count: 32)
        let info: ImageInfo?
        if head.starts(with: [0xFF, 0xD8, 0xFF]) {
            return jpeg(file)
        } else if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            // Four bytes: a PNG with a damaged signature is still ours to refuse (libspng's), never
            // another decoder's guess.
            guard head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
                return .failure(ImageFailure("corrupt PNG: damaged signature"))
            }
            info = png(head)
        } else if head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8)) {
            info = gif(file)
        } else if head.starts(with: Array("BM".utf8)) {
            info = bmp(head)
        } else if head.starts(with: Array("RIFF".utf8)), head.count >= 16, Array(head[8..<12]) == Array("WEBP".utf8) {
            info = webp(head)
        } else if head.starts(with: Array("II*\0".utf8)) || head.starts(with: Array("MM\0*".utf8)) {
            return TIFFHeader.read(file)
        } else if (path as NSString).pathExtension.lowercased() == "tga" {
            // TGA has no signature: it is only read when its name says so.
            info = tga(head)
        } else {
            return other(file)
        }
        guard let info else { return .failure(ImageFailure("the file is truncated or its header is damaged")) }
        return .success(info)
    }

    /// A JPEG's header from its bytes in memory (a file read through a descriptor already).
    public static func jpeg(bytes: [UInt8]) -> Result<ImageInfo, ImageFailure> {
        jpeg(FileReader(bytes: bytes))
    }

    /// The formats that have no reader above (PNM, QOI, PCX, LBM), measured from their headers;
    /// anything else is not opened (a decoder would allocate on its word).
    static func other(_ file: FileReader) -> Result<ImageInfo, ImageFailure> {
        let head = file.bytes(at: 0, count: 512)
        guard let format = PictureSignature.sniff(head, isTGA: false) else {
            return .failure(ImageFailure("not a picture: unknown file format"))
        }
        guard let size = PictureSignature.measure(format, head) else {
            return .failure(ImageFailure("the file is truncated or its header is damaged"))
        }
        return .success(ImageInfo(format: .other, width: size.width, height: size.height))
    }

    // MARK: Formats

    static func jpeg(_ file: FileReader) -> Result<ImageInfo, ImageFailure> {
        var offset = 2
        var orientation = Orientation.up
        for _ in 0..<512 {
            // Markers may be preceded by fill bytes (0xFF).
            var marker = file.bytes(at: offset, count: 2)
            guard marker.count == 2, marker[0] == 0xFF else {
                return .failure(ImageFailure(offset >= file.size ? "the file is truncated" : "corrupt JPEG header"))
            }
            while marker.count == 2, marker[1] == 0xFF {
                offset += 1
                marker = file.bytes(at: offset, count: 2)
            }
            guard marker.count == 2 else { return .failure(ImageFailure("the file is truncated")) }
            let code = marker[1]
            if code == 0x01 || (0xD0...0xD7).contains(code) {
                offset += 2
                continue
            }
            let lengthBytes = file.bytes(at: offset + 2, count: 2)
            guard lengthBytes.count == 2 else { return .failure(ImageFailure("the file is truncated")) }
            let length = Int(lengthBytes[0]) << 8 | Int(lengthBytes[1])
            guard length >= 2 else { return .failure(ImageFailure("corrupt JPEG header")) }
            switch code {
            case 0xC0...0xCF where code != 0xC4 && code != 0xC8 && code != 0xCC:
                let sof = file.bytes(at: offset + 4, count: 5)
                guard sof.count == 5 else { return .failure(ImageFailure("the file is truncated")) }
                let height = Int(sof[1]) << 8 | Int(sof[2]), width = Int(sof[3]) << 8 | Int(sof[4])
                // SOF2, SOF6, SOF10, SOF14: progressive.
                let progressive = [0xC2, 0xC6, 0xCA, 0xCE].contains(code)
                return .success(ImageInfo(format: .jpeg, width: width, height: height, orientation: orientation, interlaced: progressive,
                                          fileSize: file.size))
            case 0xE1:
                let segment = file.bytes(at: offset + 4, count: length - 2)
                if segment.starts(with: [0x45, 0x78, 0x69, 0x66, 0, 0]) {  // "Exif\0\0"
                    orientation = exifOrientation(segment) ?? orientation
                }
            case 0xDA, 0xD9:
                return .failure(ImageFailure("corrupt JPEG: no frame header"))
            default:
                break
            }
            offset += 2 + length
        }
        return .failure(ImageFailure("corrupt JPEG header"))
    }

    /// The orientation tag of an APP1 "Exif" segment, read by libexif.
    public static func exifOrientation(_ segment: [UInt8]) -> Orientation? {
        guard let data = segment.withUnsafeBufferPointer({ exif_data_new_from_data($0.baseAddress, UInt32($0.count)) }) else {
            return nil
        }
        defer { exif_data_unref(data) }
        guard let ifd0 = data.pointee.ifd.0,
              let entry = exif_content_get_entry(ifd0, EXIF_TAG_ORIENTATION),
              entry.pointee.format == EXIF_FORMAT_SHORT, entry.pointee.components >= 1, let bytes = entry.pointee.data
        else { return nil }
        let value = exif_get_short(bytes, exif_data_get_byte_order(data))
        return Orientation(rawValue: Int(value))
    }

    static func png(_ head: [UInt8]) -> ImageInfo? {
        guard head.count >= 29, Array(head[12..<16]) == Array("IHDR".utf8) else { return nil }
        // IHDR's last byte is the interlace method (1: Adam7).
        return ImageInfo(format: .png, width: be32(head, 16), height: be32(head, 20), interlaced: head[28] != 0)
    }

    /// The size of the first frame, which is what is decoded (and allocated for): a small
    /// logical screen may hold a frame that claims 65535 x 65535.
    static func gif(_ file: FileReader) -> ImageInfo? {
        let head = file.bytes(at: 0, count: 13)
        guard head.count == 13 else { return nil }
        let screen = ImageInfo(format: .gif, width: le16(head, 6), height: le16(head, 8))
        var offset = 13 + (head[10] & 0x80 != 0 ? 3 << (Int(head[10] & 7) + 1) : 0)
        // Extensions (comments, animation control) come before the first frame; a decoder skips
        // any other byte there, so this reader does too, or a frame behind junk would go unmeasured.
        while offset < min(file.size, 1 << 20) {
            let block = file.bytes(at: offset, count: 10)
            guard let introducer = block.first, introducer != 0x3B else { return screen }
            if introducer == 0x2C {
                guard block.count == 10 else { return nil }
                return ImageInfo(format: .gif, width: le16(block, 5), height: le16(block, 7))
            }
            guard introducer == 0x21 else {
                offset += 1
                continue
            }
            offset += 2
            while let length = file.bytes(at: offset, count: 1).first, length > 0 { offset += 1 + Int(length) }
            offset += 1
        }
        return screen
    }

    static func bmp(_ head: [UInt8]) -> ImageInfo? {
        guard head.count >= 26 else { return nil }
        let dib = le32(head, 14)
        if dib == 12 { return ImageInfo(format: .bmp, width: le16(head, 18), height: le16(head, 20)) }
        // Height is signed: negative means the rows are stored top-down.
        let height = Int(Int32(bitPattern: UInt32(le32(head, 22))))
        return ImageInfo(format: .bmp, width: Int(Int32(bitPattern: UInt32(le32(head, 18)))), height: abs(height))
    }

    static func tga(_ head: [UInt8]) -> ImageInfo? {
        // Colour-map type 0 or 1, and an image type TGA decoders read (mapped, true-colour, grey, RLE or not).
        guard head.count >= 18, head[1] <= 1, [1, 2, 3, 9, 10, 11].contains(head[2]) else { return nil }
        return ImageInfo(format: .tga, width: le16(head, 12), height: le16(head, 14))
    }

    static func webp(_ head: [UInt8]) -> ImageInfo? {
        guard head.count >= 30 else { return nil }
        let chunk = String(decoding: head[12..<16], as: UTF8.self)
        switch chunk {
        case "VP8 ":
            return ImageInfo(format: .webp, width: le16(head, 26) & 0x3FFF, height: le16(head, 28) & 0x3FFF)
        case "VP8L":
            guard head[20] == 0x2F else { return nil }
            let bits = le32(head, 21)
            return ImageInfo(format: .webp, width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":
            let w = Int(head[24]) | Int(head[25]) << 8 | Int(head[26]) << 16
            let h = Int(head[27]) | Int(head[28]) << 8 | Int(head[29]) << 16
            return ImageInfo(format: .webp, width: w + 1, height: h + 1)
        default:
            return nil
        }
    }

    private static func be32(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3]) }
    private static func le32(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 | Int(b[i + 2]) << 16 | Int(b[i + 3]) << 24 }
    private static func le16(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 }
}
