import CSDL2
import CTurboJPEG
import Foundation
import StripsCore
import StripsPhotosFeatures
import StripsTestSupport
import StripsPictures
import Testing

/// Pictures, folders and tool runs for the save tests: every input is made here, in a temporary
/// folder of its own.
final class SaveFixtures {
    let root: String

    init(_ name: String = #function) throws {
        let safe = name.filter { $0.isLetter || $0.isNumber }
        root = FileManager.default.temporaryDirectory.appendingPathComponent("strips-save-\(safe)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    func path(_ name: String) -> String { "\(root)/\(name)" }

    @discardableResult
    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let path = path(name)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    func listing(_ folder: String? = nil) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder ?? root)) ?? []).sorted()
    }

    static func bytes(_ path: String) -> [UInt8] {
        (try? Array(Data(contentsOf: URL(fileURLWithPath: path)))) ?? []
    }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")
    static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }
}

// MARK: Pictures

/// An RGB picture in memory: what tests make, encode, and compare decoded files against.
struct RGBImage: Equatable {
    var width: Int
    var height: Int
    var pixels: [UInt8]

    init(width: Int, height: Int, pixels: [UInt8]? = nil) {
        self.width = width
        self.height = height
        self.pixels = pixels ?? [UInt8](repeating: 0, count: width * height * 3)
    }

    subscript(x: Int, y: Int) -> [UInt8] {
        get { Array(pixels[(y * width + x) * 3..<(y * width + x) * 3 + 3]) }
        set { pixels.replaceSubrange((y * width + x) * 3..<(y * width + x) * 3 + 3, with: newValue) }
    }

    /// Four solid quadrants: red, green / blue, white. Any turn or mirror shows.
    static let quadrantColours: [[UInt8]] = [[200, 40, 40], [40, 180, 40], [40, 40, 200], [230, 230, 230]]

    static func quadrants(width: Int, height: Int) -> RGBImage {
        var image = RGBImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width { image[x, y] = quadrantColours[(y < height / 2 ? 0 : 2) + (x < width / 2 ? 0 : 1)] }
        }
        return image
    }

    /// Fine detail that any resampling or lossy step would change.
    static func noise(width: Int, height: Int, seed: UInt32) -> RGBImage {
        var random = SeededRandom(seed: UInt64(seed))
        let pixels = (0..<(width * height * 3)).map { _ in random.byte() }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    /// The picture turned clockwise by quarter turns, by the definition: the top-left pixel of the
    /// result is the bottom-left of the original.
    func turned(_ turns: Int) -> RGBImage {
        var image = self
        for _ in 0..<(((turns % 4) + 4) % 4) {
            var next = RGBImage(width: image.height, height: image.width)
            for y in 0..<next.height {
                for x in 0..<next.width { next[x, y] = image[y, image.height - 1 - x] }
            }
            image = next
        }
        return image
    }

    /// The stored pixels a file with EXIF `orientation` needs so that a viewer shows `self`.
    func stored(for orientation: Orientation) -> RGBImage {
        let (w, h) = orientation.swapsAxes ? (height, width) : (width, height)
        var stored = RGBImage(width: w, height: h)
        for y in 0..<height {
            for x in 0..<width {
                let s = orientation.storedPixel(x: x, y: y, w: w, h: h)
                stored[s.x, s.y] = self[x, y]
            }
        }
        return stored
    }

    /// Which quadrant colour is nearest at a relative position (0...1).
    func quadrantColour(atX fx: Double, y fy: Double) -> Int {
        let pixel = self[min(width - 1, Int(fx * Double(width))), min(height - 1, Int(fy * Double(height)))]
        func distance(_ colour: [UInt8]) -> Int {
            var sum = 0
            for (a, b) in zip(colour, pixel) { sum += abs(Int(a) - Int(b)) }
            return sum
        }
        let distances = Self.quadrantColours.map(distance)
        return distances.indices.min { distances[$0] < distances[$1] } ?? -1
    }

    /// The quadrant colours at the four quadrant centres, top-left, top-right, bottom-left, bottom-right.
    var quadrantSignature: [Int] {
        [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)].map { quadrantColour(atX: $0.0, y: $0.1) }
    }
}

enum JPEGMaker {
    static func encode(_ image: RGBImage, subsampling: TJSAMP = TJSAMP_420, quality: Int32 = 95) -> [UInt8] {
        encode(pixels: image.pixels, width: image.width, height: image.height, format: TJPF_RGB, subsampling: subsampling, quality: quality)
    }

    static func encode(pixels: [UInt8], width: Int, height: Int, format: TJPF, subsampling: TJSAMP, quality: Int32 = 95, flags: Int32 = 0) -> [UInt8] {
        guard let tj = tjInitCompress() else { return [] }
        defer { tjDestroy(tj) }
        var buffer: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = pixels.withUnsafeBufferPointer {
            tjCompress2(tj, $0.baseAddress, Int32(width), 0, Int32(height), Int32(format.rawValue), &buffer, &size,
                        Int32(subsampling.rawValue), quality, flags)
        }
        guard status == 0, let buffer else { return [] }
        defer { tjFree(buffer) }
        return Array(UnsafeBufferPointer(start: buffer, count: Int(size)))
    }

    /// The stored pixels, as libjpeg-turbo decodes them (it ignores EXIF orientation).
    static func decode(_ jpeg: [UInt8]) -> RGBImage? {
        guard let tj = tjInitDecompress() else { return nil }
        defer { tjDestroy(tj) }
        var w: Int32 = 0, h: Int32 = 0, sub: Int32 = 0, colorspace: Int32 = 0
        guard jpeg.withUnsafeBufferPointer({ tjDecompressHeader3(tj, $0.baseAddress, UInt($0.count), &w, &h, &sub, &colorspace) }) == 0 else { return nil }
        var image = RGBImage(width: Int(w), height: Int(h))
        let status = jpeg.withUnsafeBufferPointer { source in
            image.pixels.withUnsafeMutableBufferPointer {
                tjDecompress2(tj, source.baseAddress, UInt(source.count), $0.baseAddress, w, 0, h, Int32(TJPF_RGB.rawValue), 0)
            }
        }
        return status == 0 ? image : nil
    }

    /// The JPEG with an EXIF block after SOI: orientation and, optionally, a resolution in dpi.
    static func withExif(_ jpeg: [UInt8], orientation: Int, dpi: (UInt32, UInt32)? = nil) -> [UInt8] {
        var entries: [(tag: UInt16, type: UInt16, value: UInt32)] = [(0x0112, 3, UInt32(orientation))]
        let entryCount = 1 + (dpi == nil ? 0 : 3)
        let rationals = 8 + 2 + entryCount * 12 + 4  // TIFF offset where rational values go
        if dpi != nil {
            entries += [(0x011A, 5, UInt32(rationals)), (0x011B, 5, UInt32(rationals + 8)), (0x0128, 3, 2)]
        }
        var tiff: [UInt8] = Array("II*\0".utf8) + le32(8) + le16(UInt16(entries.count))
        for entry in entries {
            tiff += le16(entry.tag) + le16(entry.type) + le32(1)
            tiff += entry.type == 3 ? le16(UInt16(entry.value)) + [0, 0] : le32(entry.value)
        }
        tiff += le32(0)
        if let dpi { tiff += le32(dpi.0) + le32(1) + le32(dpi.1) + le32(1) }
        let payload = Array("Exif\0\0".utf8) + tiff
        let length = payload.count + 2
        return Array(jpeg[0..<2]) + [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + Array(jpeg[2...])
    }

    /// Sets the JFIF density libjpeg-turbo wrote (unit 1: dots per inch).
    static func withJFIF(_ jpeg: [UInt8], unit: UInt8, x: UInt16, y: UInt16) -> [UInt8] {
        var bytes = jpeg
        guard bytes.count > 20, bytes[2] == 0xFF, bytes[3] == 0xE0 else { return bytes }
        bytes[13] = unit
        bytes[14] = UInt8(x >> 8); bytes[15] = UInt8(x & 0xFF)
        bytes[16] = UInt8(y >> 8); bytes[17] = UInt8(y & 0xFF)
        return bytes
    }

    static func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
    static func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }
}

/// Other formats through SDL: what the exporter decodes with, so pixels compare exactly.
enum SDLPictures {
    static func savePNG(_ image: RGBImage, to path: String) -> Bool {
        guard let pixels = PixelBuffer(width: image.width, height: image.height, format: .rgb, bytes: image.pixels) else { return false }
        return (try? PNGWriter().write(pixels, to: path, replacing: true).get()) != nil
    }

    static func saveBMP(_ image: RGBImage, to path: String) -> Bool {
        withSurface(image) { SDL_SaveBMP_RW($0, SDL_RWFromFile(path, "wb"), 1) == 0 }
    }

    private static func withSurface(_ image: RGBImage, _ body: (UnsafeMutablePointer<SDL_Surface>) -> Bool) -> Bool {
        var pixels = image.pixels
        return pixels.withUnsafeMutableBytes { buffer in
            guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(buffer.baseAddress, Int32(image.width), Int32(image.height), 24,
                                                                   Int32(image.width * 3), SDL_PIXELFORMAT_RGB24.rawValue) else { return false }
            defer { SDL_FreeSurface(surface) }
            return body(surface)
        }
    }

    /// Any picture file decoded to RGB, whole, as stored.
    static func decode(_ path: String) -> RGBImage? {
        guard case .success(let decoded) = PictureDecoder.decodeStored(path) else { return nil }
        let rgba = decoded.rgbaBytes()
        var image = RGBImage(width: decoded.width, height: decoded.height)
        for i in 0..<(decoded.width * decoded.height) {
            for c in 0..<3 { image.pixels[i * 3 + c] = rgba[i * 4 + c] }
        }
        return image
    }
}

// MARK: Tools

enum Tool {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs a command-line tool (poppler-utils, mount) and collects its output.
    @discardableResult
    static func run(_ name: String, _ arguments: [String]) throws -> Output {
        let output = try runProcess("/usr/bin/env", [name] + arguments)
        return Output(status: output.status, stdout: output.stdout, stderr: output.stderr)
    }

    /// `pdfinfo`'s page sizes in points, in page order.
    static func pageSizes(_ pdf: String) throws -> [(Double, Double)] {
        let info = try run("pdfinfo", ["-f", "1", "-l", "100000", pdf]).stdout
        return info.split(separator: "\n").compactMap { line -> (Double, Double)? in
            guard line.hasPrefix("Page"), line.contains("size:") else { return nil }
            let words = line.split(separator: " ")
            guard let x = words.firstIndex(of: "x"), x > 0, x + 1 < words.count, let w = Double(words[x - 1]), let h = Double(words[x + 1]) else { return nil }
            return (w, h)
        }
    }

    static func pageCount(_ pdf: String) throws -> Int? {
        let info = try run("pdfinfo", [pdf]).stdout
        return info.split(separator: "\n").first { $0.hasPrefix("Pages:") }.flatMap { Int($0.split(separator: " ").last ?? "") }
    }

    /// `pdfimages -list` rows: page, width, height, encoding.
    static func images(_ pdf: String) throws -> [(page: Int, width: Int, height: Int, encoding: String)] {
        let list = try run("pdfimages", ["-list", pdf]).stdout
        return list.split(separator: "\n").dropFirst(2).compactMap { line in
            let f = line.split(separator: " ")
            guard f.count > 8, let page = Int(f[0]), let w = Int(f[3]), let h = Int(f[4]) else { return nil }
            return (page, w, h, String(f[8]))
        }
    }

    /// Every page rendered by poppler at `dpi`, as RGB pictures in page order.
    static func render(_ pdf: String, dpi: Int, into folder: String) throws -> [RGBImage] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try run("pdftoppm", ["-r", "\(dpi)", pdf, "\(folder)/page"])
        return try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".ppm") }.sorted()
            .compactMap { readPPM("\(folder)/\($0)") }
    }

    static func readPPM(_ path: String) -> RGBImage? {
        let bytes = SaveFixtures.bytes(path)
        // "P6\nW H\n255\n" then RGB.
        var fields: [Int] = [], index = 2, current = ""
        while fields.count < 3, index < bytes.count {
            let c = bytes[index]
            if c >= 48 && c <= 57 { current.append(Character(UnicodeScalar(c))) } else if !current.isEmpty {
                fields.append(Int(current) ?? 0)
                current = ""
            }
            index += 1
        }
        guard bytes.starts(with: Array("P6".utf8)), fields.count == 3 else { return nil }
        let count = fields[0] * fields[1] * 3
        guard bytes.count >= index + count else { return nil }
        return RGBImage(width: fields[0], height: fields[1], pixels: Array(bytes[index..<(index + count)]))
    }
}
