/// What a picture's first bytes say it is, for the formats decoded whole from memory (JPEG,
/// BMP, WebP, TGA, TIFF, PNM, QOI, PCX, LBM; PNG and GIF have decoders that check their own),
/// each measured from its header before any decoding and then decoded by that format's own
/// decoder (never by a library's guess: a PCX whose pixels happen to spell "<svg" must not become
/// an unmeasured SVG). Formats that cannot be measured this way are not opened: XPM, SVG, and XCF,
/// whose layers carry sizes of their own (a libFuzzer run had SDL_image's XCF reader, which read
/// these formats once, ask for 2^57 bytes).
enum PictureSignature: Sendable {
    case bmp, webp, tga, tiff, pnm, qoi, pcx, lbm, jpeg

    /// The format of `head` (the file's first bytes); TGA has no signature, so only its name says so.
    static func sniff(_ head: [UInt8], isTGA: Bool) -> PictureSignature? {
        func starts(_ text: String) -> Bool { head.starts(with: Array(text.utf8)) }
        if head.starts(with: [0xFF, 0xD8]) { return .jpeg }
        if starts("BM") { return .bmp }
        if starts("RIFF"), head.count >= 12, Array(head[8..<12]) == Array("WEBP".utf8) { return .webp }
        if starts("II*\u{0}") || starts("MM\u{0}*") { return .tiff }
        if head.count >= 2, head[0] == UInt8(ascii: "P"), (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(head[1]) { return .pnm }
        if starts("qoif") { return .qoi }
        if head.count >= 3, head[0] == 0x0A, [0, 2, 3, 4, 5].contains(head[1]), head[2] <= 1 { return .pcx }
        if starts("FORM"), head.count >= 12, ["ILBM", "PBM "].contains(String(decoding: head[8..<12], as: UTF8.self)) { return .lbm }
        return isTGA ? .tga : nil
    }

    /// The most pixels a file of `bytes` bytes can hold in this format at its best compression (TGA
    /// and LBM runs of 128 pixels, BMP's of 255, PCX's of 63, QOI's of 62, PNM's eight pixels a
    /// byte); nil where there is no such bound (WebP). A header that claims more lies, or the file
    /// was cut: it is refused before a decoder allocates for the picture (a 29-byte TGA claiming
    /// 8224 x 8736 had SDL_image allocate 287 MB, libFuzzer).
    func mostPixels(forBytes bytes: Int) -> Int? {
        switch self {
        case .tga, .lbm: return bytes * 128
        case .bmp: return bytes * 255
        case .pcx: return bytes * 63
        case .qoi: return bytes * 62
        case .pnm: return bytes * 8
        case .webp, .tiff, .jpeg: return nil
        }
    }

    /// Width and height from the header, for the formats ImageHeader has no reader of its own for.
    static func measure(_ format: PictureSignature, _ head: [UInt8]) -> (width: Int, height: Int)? {
        func be32(_ i: Int) -> Int? { head.count >= i + 4 ? head[i..<(i + 4)].reduce(0) { $0 << 8 | Int($1) } : nil }
        func be16(_ i: Int) -> Int? { head.count >= i + 2 ? Int(head[i]) << 8 | Int(head[i + 1]) : nil }
        func le16(_ i: Int) -> Int? { head.count >= i + 2 ? Int(head[i]) | Int(head[i + 1]) << 8 : nil }
        switch format {
        case .qoi: return be32(4).flatMap { w in be32(8).map { (w, $0) } }
        case .pcx:
            guard let x0 = le16(4), let y0 = le16(6), let x1 = le16(8), let y1 = le16(10) else { return nil }
            return (x1 - x0 + 1, y1 - y0 + 1)
        case .lbm:  // the BMHD chunk comes first
            guard head.count >= 24, String(decoding: head[12..<16], as: UTF8.self) == "BMHD" else { return nil }
            return be16(20).flatMap { w in be16(22).map { (w, $0) } }
        case .pnm: return pnmSize(head)
        case .bmp, .webp, .tga, .tiff, .jpeg: return nil
        }
    }

    /// PNM: "P6", then width and height as decimal text. The byte after each number is dropped
    /// unread, as SDL_image's reader did ("11#9\n21" is 11 x 9; a libFuzzer input measured 11 x 21
    /// while SDL_image asked for 10.9 GB); a decoder that reads such a header otherwise decodes a
    /// picture of another size than measured, which is refused.
    private static func pnmSize(_ head: [UInt8]) -> (width: Int, height: Int)? {
        var i = 2
        func next() -> UInt8? {
            guard i < head.count else { return nil }
            i += 1
            return head[i - 1]
        }
        func isSpace(_ c: UInt8) -> Bool { c == 0x20 || (0x09...0x0D).contains(c) }
        func isDigit(_ c: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) }
        func number() -> Int? {
            var c: UInt8
            repeat {
                guard let read = next() else { return nil }
                c = read
                if c == UInt8(ascii: "#") {  // a comment runs to the end of the line
                    repeat {
                        guard let read = next() else { return nil }
                        c = read
                    } while c != 0x0D && c != 0x0A
                }
            } while isSpace(c)
            guard isDigit(c) else { return nil }
            var value = 0
            repeat {
                value = value * 10 + Int(c - UInt8(ascii: "0"))
                guard value < 1 << 31, let read = next() else { return nil }
                c = read  // consumed and dropped
            } while isDigit(c)
            return value
        }
        guard let width = number(), let height = number() else { return nil }
        return (width, height)
    }
}
