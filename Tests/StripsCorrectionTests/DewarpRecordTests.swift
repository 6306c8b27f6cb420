import Foundation
import StripsCore
import StripsPictures
import Testing
@testable import StripsCorrection

/// The curve finder reads leptonica's model through its public serialization (`dewarpWriteMem`),
/// not the `L_DEWARP` struct, which is private from leptonica 1.83. These tests fail when the
/// installed leptonica writes a model this reader does not understand (a new format version, a
/// moved field), before a curved page would silently stay bent.
@Suite struct DewarpRecordTests {
    static let book = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/books/1555.007.jpg")

    @Test func theInstalledLeptonicaWritesTheModelThisReaderReads() throws {
        let data = try Data(contentsOf: Self.book)
        let page = try JPEGDecoder.decode([UInt8](data), limit: PixelLimit(width: 4000, height: 4000), fast: false).get()
        let (record, _) = try #require(PageCurveFinder.record(of: page), "leptonica's model of a curved page is read")
        // 944 x 1472 is under the working side: the model is built on the page's own pixels.
        #expect(record.width == page.width && record.height == page.height)
        #expect(record.sampling == 30)
        #expect(record.lines >= Int(PageCurveFinder.minimumLines))
        // Leptonica's grid covers the page at its sampling: nodes at 0, 30, ... past each edge.
        let v = record.vertical
        #expect((v.width - 1) * 30 >= record.width - 1 && (v.width - 2) * 30 < record.width)
        #expect((v.height - 1) * 30 >= record.height - 1 && (v.height - 2) * 30 < record.height)
        // A bent page's shifts span several pixels.
        #expect((v.values.max() ?? 0) - (v.values.min() ?? 0) > 4)
    }

    /// A model written in leptonica's format (`dewarpWriteStream`, `fpixWriteStream`).
    static func serialized(version: Int = 4, horizontal: Bool = true, values: [Float] = [0, 1.5, -2, 3.25, 4, 5]) -> [UInt8] {
        func fpix(_ values: [Float]) -> [UInt8] {
            var bytes = Array("\nFPix Version 2\nw = 3, h = 2, nbytes = \(values.count * 4)\nxres = 0, yres = 0\n".utf8)
            for value in values { withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes += $0 } }
            return bytes + [0x0A]
        }
        var text = "\nDewarp Version \(version)\npageno = 0\nhasref = 0, refpage = -1\nsampling = 30, redfactor = 1\n"
        text += "nlines = 17, minlines = 12\nw = 61, h = 31\nnx = 3, ny = 2\nvert_dispar = 1, horiz_dispar = \(horizontal ? 1 : 0)\n"
        text += "min line curvature = -12, max line curvature = 40\n"
        if horizontal { text += "left edge slope = 3, right edge slope = -2\nleft edge curvature = 0, right edge curvature = 1\n" }
        var bytes = Array(text.utf8) + fpix(values)
        if horizontal { bytes += fpix(values.map { -$0 }) }
        return bytes + [0x0A]
    }

    @Test func aRecordInLeptonicasFormatIsReadExactly() throws {
        let record = try #require(DewarpRecord(Self.serialized()))
        #expect(record.sampling == 30 && record.lines == 17 && record.width == 61 && record.height == 31)
        #expect(record.vertical == .init(width: 3, height: 2, values: [0, 1.5, -2, 3.25, 4, 5]))
        #expect(record.horizontal?.values == [0, -1.5, 2, -3.25, -4, -5])
        let vertical = try #require(DewarpRecord(Self.serialized(horizontal: false)))
        #expect(vertical.horizontal == nil)
        // A float whose bytes are a newline or a space is read as a float, not as text.
        let tricky = Float(bitPattern: 0x0A20_0A20)
        #expect(DewarpRecord(Self.serialized(values: [tricky, 0, 0, 0, 0, 0]))?.vertical.values.first == tricky)
    }

    @Test func anUnknownOrDamagedRecordIsNoModel() {
        #expect(DewarpRecord(Self.serialized(version: 5)) == nil)
        let whole = Self.serialized()
        for cut in [10, 120, whole.count - 30] { #expect(DewarpRecord(Array(whole.prefix(cut))) == nil) }
        #expect(DewarpRecord(Self.serialized(values: [0, .nan, 0, 0, 0, 0])) == nil)
        #expect(DewarpRecord([]) == nil)
    }
}
