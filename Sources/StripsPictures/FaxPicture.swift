import StripsCore

/// A 1-bit picture coded as CCITT fax (Group 3 or 4), as a PDF's CCITTFaxDecode image holds a
/// bilevel scan: decoded by libtiff, wrapped in a TIFF of one strip made in memory, so that a
/// scanned PDF page is read from its own pixels instead of drawn by poppler and cairo (three times
/// a page in `strips convert`: judging, orientation, text).
public struct FaxPicture: Sendable {
    /// The coded rows, as stored in the PDF stream.
    public var data: [UInt8]
    public var columns: Int
    public var rows: Int
    /// PDF's K: negative for Group 4, 0 for Group 3 one-dimensional, positive for mixed.
    public var k: Int
    /// PDF's BlackIs1: the coded black shown white (with DeviceGray and no /Decode).
    public var blackIs1: Bool

    public init(data: [UInt8], columns: Int, rows: Int, k: Int, blackIs1: Bool) {
        self.data = data
        self.columns = columns
        self.rows = rows
        self.k = k
        self.blackIs1 = blackIs1
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
        let group4 = k < 0
        // Tag, type (3 SHORT, 4 LONG), value; in ascending tag order as TIFF asks.
        var entries: [(UInt16, UInt16, UInt32)] = [
            (256, 4, UInt32(columns)), (257, 4, UInt32(rows)), (258, 3, 1),
            (259, 3, group4 ? 4 : 3),
            // Coded black is 1 in libtiff's fax decoder: shown black (MinIsWhite) unless BlackIs1.
            (262, 3, blackIs1 ? 1 : 0),
            (273, 4, 0), (277, 3, 1), (278, 4, UInt32(rows)), (279, 4, UInt32(data.count)),
        ]
        if !group4 { entries.append((292, 4, k > 0 ? 1 : 0)) }
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
