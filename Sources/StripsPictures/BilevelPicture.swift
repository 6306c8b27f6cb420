import StripsCore

/// A 1-bit picture as a PDF image holds a bilevel scan, decoded by libtiff from a TIFF of one strip
/// made in memory around its rows: CCITT fax rows as stored (CCITTFaxDecode), or rows of packed
/// bits (a FlateDecode image, its zlib and predictor undone by qpdf). So a scanned PDF page is read
/// from its own pixels (`BilevelRows`) instead of drawn by poppler and cairo (three times a page in
/// `strips convert`: judging, orientation, text).
public struct BilevelPicture: Sendable {
    public enum Coding: Sendable, Equatable {
        /// CCITT fax: PDF's K (negative for Group 4, 0 for Group 3 one-dimensional, positive for
        /// mixed) and BlackIs1 (the coded black shown white, with DeviceGray and no /Decode).
        case fax(k: Int, blackIs1: Bool)
        /// Rows of packed bits, each padded to a whole byte, the first pixel in the high bit, 0
        /// black (DeviceGray, no /Decode).
        case packed
    }

    /// The rows as coded.
    public var data: [UInt8]
    public var columns: Int
    public var rows: Int
    public var coding: Coding

    public init(data: [UInt8], columns: Int, rows: Int, coding: Coding) {
        self.data = data
        self.columns = columns
        self.rows = rows
        self.coding = coding
    }

    /// Stored turned by `orientation` (a PDF page's /Rotate), upright and fitted into `limit`, or
    /// only `region` of it (0...1 of the upright picture) at that scale, as B, G, R, A.
    public func decode(orientation: Orientation, limit: PixelLimit, region: Rect?) -> Result<DecodedPicture, ImageFailure> {
        let info = ImageInfo(format: .other, width: columns, height: rows)
        let upright = orientation.swapsAxes ? (rows, columns) : (columns, rows)
        let plan = RegionPlan(size: upright, limit: limit, region: region)
        let part = plan.stored(orientation)
        return TIFFFile.open(bytes: tiff()).flatMap { file in
            TIFFPages.stored(file, info: info, region: part.region, width: part.width, height: part.height)
        }.map { DecodedPicture($0.oriented(orientation), region: plan.region) }
    }

    /// A little-endian TIFF of one strip holding `data` as it is coded.
    func tiff() -> [UInt8] {
        let compression: UInt32, photometric: UInt32
        switch coding {
        case .fax(let k, let blackIs1):
            compression = k < 0 ? 4 : 3
            // Coded black is 1 in libtiff's fax decoder: shown black (MinIsWhite) unless BlackIs1.
            photometric = blackIs1 ? 1 : 0
        case .packed:
            // Uncompressed; DeviceGray's 0 is black (MinIsBlack).
            compression = 1
            photometric = 1
        }
        // Tag, type (3 SHORT, 4 LONG), value; in ascending tag order as TIFF asks.
        var entries: [(UInt16, UInt16, UInt32)] = [
            (256, 4, UInt32(columns)), (257, 4, UInt32(rows)), (258, 3, 1), (259, 3, compression), (262, 3, photometric),
            (273, 4, 0), (277, 3, 1), (278, 4, UInt32(rows)), (279, 4, UInt32(data.count)),
        ]
        if case .fax(let k, _) = coding, k >= 0 { entries.append((292, 4, k > 0 ? 1 : 0)) }
        let dataOffset = 8 + 2 + 12 * entries.count + 4
        var bytes: [UInt8] = [0x49, 0x49, 42, 0]
        func put(_ value: UInt32, _ count: Int) { for i in 0..<count { bytes.append(UInt8((value >> (8 * UInt32(i))) & 0xFF)) } }
        put(8, 4)
        put(UInt32(entries.count), 2)
        for (tag, type, value) in entries {
            put(UInt32(tag), 2)
            put(UInt32(type), 2)
            put(1, 4)
            put(tag == 273 ? UInt32(dataOffset) : value, type == 3 ? 2 : 4)
            if type == 3 { put(0, 2) }
        }
        put(0, 4)
        bytes.append(contentsOf: data)
        return bytes
    }
}
