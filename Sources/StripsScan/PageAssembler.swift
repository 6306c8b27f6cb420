import Glibc
import StripsPictures

/// Turns the bytes `sane_read` gives, in whatever pieces, into a page of 8-bit rows: 1-bit line
/// art (a set bit is black in grey, full intensity in colour; leftmost pixel in the most
/// significant bit), 16-bit samples (native byte order, as SANE sends them) scaled to 8 bits,
/// padding past the last pixel dropped, and a three-pass page's red, green and blue frames
/// woven into one RGB picture. No SANE, no threads: tested on its own.
///
/// The page grows in memory of its own (malloc, realloc), and rows move with memcpy: a chunk is
/// in the page and its band copied out in well under a millisecond, even in a debug build.
final class PageAssembler {
    enum Problem: Error, Equatable {
        case unsupportedDepth(Int)
        case frameMismatch
        case badLayout
    }

    let width: Int
    /// Rows the device announced, or -1.
    let expectedHeight: Int
    let pixelFormat: PixelBuffer.Format
    /// Rows of the current frame completed.
    private(set) var frameRows = 0
    /// Rows the page holds (the most any frame reached).
    private(set) var pageRows = 0
    private(set) var frame: ScanPageFormat.Frame
    private var depth: Int
    private var bytesPerLine: Int
    private let stride: Int

    private var pixels: UnsafeMutablePointer<UInt8>
    private var capacityRows: Int
    /// The start of a row that has not fully arrived yet.
    private var partial: UnsafeMutablePointer<UInt8>
    private var partialCapacity: Int
    private var partialCount = 0

    init(_ format: ScanPageFormat) throws(Problem) {
        try Self.check(format)
        width = format.width
        expectedHeight = format.height
        pixelFormat = format.pixelFormat
        frame = format.frame
        depth = format.depth
        bytesPerLine = format.bytesPerLine
        stride = format.width * format.pixelFormat.bytesPerPixel
        capacityRows = format.height > 0 ? format.height : 256
        guard let pixels = malloc(capacityRows * stride), let partial = malloc(max(1, format.bytesPerLine)) else { throw .badLayout }
        self.pixels = pixels.assumingMemoryBound(to: UInt8.self)
        self.partial = partial.assumingMemoryBound(to: UInt8.self)
        partialCapacity = max(1, format.bytesPerLine)
    }

    deinit {
        free(pixels)
        free(partial)
    }

    /// The next frame of a three-pass page: same size, another colour.
    func nextFrame(_ format: ScanPageFormat) throws(Problem) {
        try Self.check(format)
        guard format.width == width, format.isThreePass, frame != .gray, frame != .rgb else { throw .frameMismatch }
        if format.bytesPerLine > partialCapacity {
            guard let grown = realloc(partial, format.bytesPerLine) else { throw .badLayout }
            partial = grown.assumingMemoryBound(to: UInt8.self)
            partialCapacity = format.bytesPerLine
        }
        frame = format.frame
        depth = format.depth
        bytesPerLine = format.bytesPerLine
        frameRows = 0
        partialCount = 0
    }

    /// Adds a chunk; returns the page rows it completed (possibly none).
    func append(_ chunk: UnsafeRawBufferPointer) -> Range<Int> {
        let firstRow = frameRows
        guard let base = chunk.baseAddress, !chunk.isEmpty else { return firstRow..<firstRow }
        var offset = 0
        if partialCount > 0 {
            let take = min(bytesPerLine - partialCount, chunk.count)
            memcpy(partial + partialCount, base, take)
            partialCount += take
            offset = take
            if partialCount == bytesPerLine {
                addRows(UnsafeRawPointer(partial), count: 1)
                partialCount = 0
            }
        }
        let whole = (chunk.count - offset) / bytesPerLine
        if whole > 0 {
            addRows(base + offset, count: whole)
            offset += whole * bytesPerLine
        }
        if offset < chunk.count {
            memcpy(partial + partialCount, base + offset, chunk.count - offset)
            partialCount += chunk.count - offset
        }
        return firstRow..<frameRows
    }

    /// Complete rows `rows` of the page as a picture of their own (a band to draw).
    func band(_ rows: Range<Int>) -> PixelBuffer {
        picture(rows: rows.clamped(to: 0..<pageRows))
    }

    /// The page as it stands: every complete row (a partial row is dropped).
    func picture() -> PixelBuffer {
        picture(rows: 0..<pageRows)
    }

    /// Whether the current frame received every row it announced (always true when the height
    /// was unknown: such a page ends where its data does).
    var frameIsComplete: Bool { expectedHeight < 0 || frameRows >= expectedHeight }

    private func picture(rows: Range<Int>) -> PixelBuffer {
        let count = rows.count * stride
        let source = pixels + rows.lowerBound * stride
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            if let target = buffer.baseAddress { memcpy(target, source, count) }
            initialized = count
        }
        return PixelBuffer(width: width, height: rows.count, format: pixelFormat, bytes: bytes)
            ?? PixelBuffer(width: width, height: 0, format: pixelFormat)
    }

    private static func check(_ format: ScanPageFormat) throws(Problem) {
        // 1-bit colour (8 colours) has no agreed bit layout (SANE's test backend and the standard
        // disagree, scanimage refuses it): refused rather than guessed.
        guard [1, 8, 16].contains(format.depth), !(format.depth == 1 && format.frame == .rgb) else { throw .unsupportedDepth(format.depth) }
        let samples = format.width * (format.frame == .rgb ? 3 : 1)
        let needed = format.depth == 1 ? (samples + 7) / 8 : samples * format.depth / 8
        guard format.width > 0, format.bytesPerLine >= needed else { throw .badLayout }
    }

    private func addRows(_ source: UnsafeRawPointer, count: Int) {
        // A device that sends more rows than it announced: the extra ones are not the page.
        let rows = expectedHeight >= 0 ? min(count, max(0, expectedHeight - frameRows)) : count
        guard rows > 0, reserve(frameRows + rows) else { return }
        let first = frameRows
        if first + rows > pageRows {
            // Rows no frame has written yet start black (a three-pass page's other colours).
            let fresh = max(first, pageRows)
            memset(pixels + fresh * stride, 0, (first + rows - fresh) * stride)
        }
        if depth == 8, frame == .gray || frame == .rgb, bytesPerLine == stride {
            memcpy(pixels + first * stride, source, rows * stride)
        } else {
            for row in 0..<rows {
                Self.convert(source + row * bytesPerLine, into: pixels + (first + row) * stride, width: width, depth: depth, frame: frame)
            }
        }
        frameRows += rows
        pageRows = max(pageRows, frameRows)
    }

    /// Room for `rows` rows (doubling for pages of unknown length).
    private func reserve(_ rows: Int) -> Bool {
        guard rows > capacityRows else { return true }
        let grown = max(rows, capacityRows * 2)
        guard let more = realloc(pixels, grown * stride) else { return false }
        pixels = more.assumingMemoryBound(to: UInt8.self)
        capacityRows = grown
        return true
    }

    /// One row from the device's samples into 8-bit pixels.
    private static func convert(_ source: UnsafeRawPointer, into out: UnsafeMutablePointer<UInt8>, width: Int, depth: Int, frame: ScanPageFormat.Frame) {
        let bytes = source.assumingMemoryBound(to: UInt8.self)
        let channel: Int
        switch frame {
        case .gray, .rgb:
            let samples = width * (frame == .rgb ? 3 : 1)
            switch depth {
            case 8:
                memcpy(out, source, samples)
            case 16:
                for i in 0..<samples { out[i] = eight(source.loadUnaligned(fromByteOffset: i * 2, as: UInt16.self)) }
            default:
                // SANE: in grey a set bit is black; in colour (8 colours) a set bit is full intensity.
                let (on, off): (UInt8, UInt8) = frame == .gray ? (0, 255) : (255, 0)
                for i in 0..<samples { out[i] = bytes[i >> 3] & (0x80 >> UInt8(i & 7)) != 0 ? on : off }
            }
            return
        case .red: channel = 0
        case .green: channel = 1
        case .blue: channel = 2
        }
        switch depth {
        case 8:
            for x in 0..<width { out[x * 3 + channel] = bytes[x] }
        case 16:
            for x in 0..<width { out[x * 3 + channel] = eight(source.loadUnaligned(fromByteOffset: x * 2, as: UInt16.self)) }
        default:
            for x in 0..<width { out[x * 3 + channel] = bytes[x >> 3] & (0x80 >> UInt8(x & 7)) != 0 ? 255 : 0 }
        }
    }

    /// A 16-bit sample to 8 bits, rounded (65535 is 255, 32896 is 128).
    static func eight(_ sample: UInt16) -> UInt8 {
        UInt8((UInt32(sample) * 255 + 32767) / 65535)
    }
}
