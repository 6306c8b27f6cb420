/// A leptonica dewarp model as leptonica itself writes it (`dewarpWriteMem`): the few numbers and
/// the sampled disparity arrays `PageCurveFinder` needs. From leptonica 1.83 the `L_DEWARP` struct
/// is private (its fields are not in the installed headers), so they are read from the model's
/// serialization, which is public, versioned and the same from 1.72 on: a text header, then each
/// array as an FPix record (its own text header and its floats, little-endian).
///
/// Reading is strict: an unknown version or a field that is not where the format puts it gives
/// nil, and the page is then left flat, never misread.
struct DewarpRecord: Equatable {
    /// The serialization versions this reader knows (leptonica's `DEWARP_VERSION_NUMBER` and
    /// `FPIX_VERSION_NUMBER`, unchanged since 2015 and 2014).
    static let dewarpVersion = 4
    static let fpixVersion = 2

    /// A sampled disparity array: `width` x `height` nodes, row by row.
    struct Samples: Equatable {
        var width: Int
        var height: Int
        var values: [Float]
    }

    var sampling: Int
    var lines: Int
    /// The page's size the model was built on, in pixels.
    var width: Int
    var height: Int
    var vertical: Samples
    var horizontal: Samples?

    init?(_ bytes: [UInt8]) {
        var reader = Reader(bytes: bytes)
        guard reader.line() == "", let version = reader.fields("Dewarp Version")?.first, version == Self.dewarpVersion,
              reader.fields("pageno =") != nil, reader.fields("hasref =") != nil,
              let sampling = reader.fields("sampling =")?.first, sampling > 0,
              let lines = reader.fields("nlines =")?.first,
              let size = reader.fields("w ="), size.count == 2, size[0] > 0, size[1] > 0,
              reader.fields("nx =")?.count == 2,
              let arrays = reader.fields("vert_dispar ="), arrays.count == 2, arrays[0] == 1 else { return nil }
        // The curvature and slope lines leptonica writes for each array it holds.
        guard reader.fields("min line curvature =") != nil else { return nil }
        if arrays[1] == 1 {
            guard reader.fields("left edge slope =") != nil, reader.fields("left edge curvature =") != nil else { return nil }
        }
        guard let vertical = reader.samples() else { return nil }
        var horizontal: Samples?
        if arrays[1] == 1 {
            guard let h = reader.samples() else { return nil }
            horizontal = h
        }
        self.sampling = sampling
        self.lines = lines
        width = size[0]
        height = size[1]
        self.vertical = vertical
        self.horizontal = horizontal
    }

    /// Walks the serialization: text lines, and the raw floats of an FPix.
    private struct Reader {
        let bytes: [UInt8]
        var at = 0

        /// The next line, without its newline; nil at the end.
        mutating func line() -> String? {
            guard at < bytes.count else { return nil }
            let end = bytes[at...].firstIndex(of: 0x0A) ?? bytes.count
            defer { at = min(bytes.count, end + 1) }
            return String(decoding: bytes[at..<end], as: UTF8.self)
        }

        /// The integers on the next line, which must start with `label` ("w = 3, h = 4": [3, 4]).
        mutating func fields(_ label: String) -> [Int]? {
            guard let text = line(), text.hasPrefix(label) else { return nil }
            let numbers = text.split { !($0.isNumber || $0 == "-") }.compactMap { Int($0) }
            return numbers.isEmpty ? nil : numbers
        }

        /// An FPix record: a blank line, its version, size and resolution lines, its floats, a newline.
        mutating func samples() -> Samples? {
            guard line() == "", fields("FPix Version")?.first == DewarpRecord.fpixVersion,
                  let size = fields("w ="), size.count == 3, size[0] > 0, size[1] > 0,
                  size[2] == size[0] * size[1] * 4, fields("xres =") != nil,
                  at + size[2] <= bytes.count else { return nil }
            var values = [Float](repeating: 0, count: size[0] * size[1])
            for i in values.indices {
                let o = at + 4 * i
                let bits = UInt32(bytes[o]) | UInt32(bytes[o + 1]) << 8 | UInt32(bytes[o + 2]) << 16 | UInt32(bytes[o + 3]) << 24
                values[i] = Float(bitPattern: bits)
            }
            at += size[2] + 1
            guard values.allSatisfy(\.isFinite) else { return nil }
            return Samples(width: size[0], height: size[1], values: values)
        }
    }
}
