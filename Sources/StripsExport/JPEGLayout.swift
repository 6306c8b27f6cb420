import Foundation

/// Where things are in a JPEG file, from one walk over its markers: what the exporters need to
/// embed it unchanged (frame type, size, components), to size its page (JFIF density), to turn
/// it (the EXIF block) and to tell a truncated file (no end marker after the scan).
struct JPEGLayout: Hashable {
    var frameMarker: UInt8
    var precision: Int
    var components: Int
    var width: Int
    var height: Int
    /// JFIF density: unit 1 is dots per inch, 2 dots per centimetre (0 is only an aspect ratio).
    var jfifDensity: Density?
    /// The APP1 payload starting with "Exif\0\0", as a range of the file's bytes.
    var exif: Range<Int>?
    /// An end-of-image marker follows the first scan: the file is not cut short.
    var isComplete: Bool

    struct Density: Hashable {
        var unit: UInt8
        var x: Int
        var y: Int
    }

    /// Baseline, extended or progressive Huffman-coded 8-bit JPEG: what PDF's DCTDecode filter
    /// (and cairo's JPEG pass-through) accepts as it is. Lossless, arithmetic-coded and 12-bit
    /// files are decoded instead.
    var isEmbeddable: Bool {
        [0xC0, 0xC1, 0xC2].contains(frameMarker) && precision == 8 && [1, 3, 4].contains(components)
    }

    static func isJPEG(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count > 3 && bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[2] == 0xFF
    }

    /// The layout, or why the file is not a usable JPEG.
    static func read(_ bytes: UnsafeRawBufferPointer) -> Result<JPEGLayout, JPEGProblem> {
        guard isJPEG(bytes) else { return .failure(.notJPEG) }
        func be16(_ i: Int) -> Int { Int(bytes[i]) << 8 | Int(bytes[i + 1]) }
        var layout = JPEGLayout(frameMarker: 0, precision: 0, components: 0, width: 0, height: 0, jfifDensity: nil, exif: nil, isComplete: false)
        var offset = 2
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { return .failure(.damaged) }
            let code = bytes[offset + 1]
            if code == 0xFF { offset += 1; continue }  // fill byte
            if code == 0x01 || (0xD0...0xD7).contains(code) { offset += 2; continue }
            if code == 0xD9 { return .failure(.damaged) }
            let length = be16(offset + 2)
            let body = offset + 4
            guard length >= 2, offset + 2 + length <= bytes.count else { return .failure(.truncated) }
            switch code {
            case 0xC0...0xCF where code != 0xC4 && code != 0xC8 && code != 0xCC:
                guard length >= 8 else { return .failure(.damaged) }
                layout.frameMarker = code
                layout.precision = Int(bytes[body])
                layout.height = be16(body + 1)
                layout.width = be16(body + 3)
                layout.components = Int(bytes[body + 5])
            case 0xE0 where length >= 16 && bytes[body..<(body + 5)].elementsEqual(Array("JFIF\0".utf8)):
                layout.jfifDensity = Density(unit: bytes[body + 7], x: be16(body + 8), y: be16(body + 10))
            case 0xE1 where length >= 8 && bytes[body..<(body + 6)].elementsEqual(Array("Exif\0\0".utf8)):
                if layout.exif == nil { layout.exif = body..<(offset + 2 + length) }
            case 0xDA:
                guard layout.frameMarker != 0, layout.width > 0, layout.height > 0 else { return .failure(.damaged) }
                // Entropy-coded data never holds 0xFF 0xD9 (0xFF is stuffed as 0xFF 0x00), so
                // the first one after the scan header is the end of the picture.
                layout.isComplete = containsEnd(bytes, from: offset + 2 + length)
                return .success(layout)
            default:
                break
            }
            offset += 2 + length
        }
        return .failure(.truncated)
    }

    private static func containsEnd(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Bool {
        guard start < bytes.count - 1, let base = bytes.baseAddress else { return false }
        var cursor = base + start
        let end = base + bytes.count - 1
        while cursor < end {
            guard let found = memchr(cursor, 0xFF, end - cursor) else { return false }
            let at = UnsafeRawPointer(found)
            if at.load(fromByteOffset: 1, as: UInt8.self) == 0xD9 { return true }
            cursor = at + 1
        }
        return false
    }
}

enum JPEGProblem: Error, Hashable {
    case notJPEG, truncated, damaged

    var reason: String {
        switch self {
        case .notJPEG: return "not a JPEG file"
        case .truncated: return "the file is truncated"
        case .damaged: return "corrupt JPEG header"
        }
    }
}
