/// The pixel size of a TIFF's first image, from its first directory (ImageWidth and ImageLength),
/// so that a lying size is refused before libtiff allocates for it.
enum TIFFHeader {
    static func read(_ file: FileReader) -> Result<ImageInfo, ImageFailure> {
        let head = file.bytes(at: 0, count: 8)
        guard head.count == 8 else { return .failure(ImageFailure("the file is truncated")) }
        let little = head[0] == 0x49
        func value(_ bytes: [UInt8], _ at: Int, _ count: Int) -> Int {
            let slice = bytes[at..<(at + count)]
            return (little ? slice.reversed() : Array(slice)).reduce(0) { $0 << 8 | Int($1) }
        }
        let directory = value(head, 4, 4)
        let countBytes = file.bytes(at: directory, count: 2)
        guard directory >= 8, countBytes.count == 2 else { return .failure(ImageFailure("corrupt TIFF: no image directory")) }
        let count = value(countBytes, 0, 2)
        let entries = file.bytes(at: directory + 2, count: 12 * count)
        var width: Int?, height: Int?
        for i in 0..<(entries.count / 12) {
            let entry = i * 12
            let tag = value(entries, entry, 2), type = value(entries, entry + 2, 2)
            // SHORT values sit in the first two bytes of the value field, LONG ones fill it.
            let number: Int? = type == 3 ? value(entries, entry + 8, 2) : type == 4 ? value(entries, entry + 8, 4) : nil
            if tag == 256 { width = number }
            if tag == 257 { height = number }
        }
        guard let width, let height else { return .failure(ImageFailure("corrupt TIFF: no image size")) }
        return .success(ImageInfo(format: .tiff, width: width, height: height))
    }
}
