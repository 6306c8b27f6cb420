import StripsPictures
import Testing
@testable import StripsScan

@Suite("Page assembler: SANE bytes to 8-bit rows")
struct PageAssemblerTests {
    func format(_ width: Int, _ height: Int, depth: Int = 8, frame: ScanPageFormat.Frame = .gray, bytesPerLine: Int? = nil) -> ScanPageFormat {
        let samples = width * (frame == .rgb ? 3 : 1)
        let natural = depth == 1 ? (samples + 7) / 8 : samples * depth / 8
        return ScanPageFormat(width: width, height: height, depth: depth, frame: frame, bytesPerLine: bytesPerLine ?? natural)
    }

    func feed(_ assembler: PageAssembler, _ bytes: [UInt8], pieces: [Int]) -> [Range<Int>] {
        var offset = 0
        var ranges: [Range<Int>] = []
        for size in pieces + [bytes.count] where offset < bytes.count {
            let end = min(bytes.count, offset + size)
            ranges.append(bytes.withUnsafeBytes { assembler.append(UnsafeRawBufferPointer(rebasing: $0[offset..<end])) })
            offset = end
        }
        return ranges
    }

    @Test func chunksSplitAnywhereGiveTheSamePageAndContiguousRows() throws {
        let (width, height) = (7, 9)
        let bytes = (0..<(width * height * 3)).map { UInt8(truncatingIfNeeded: $0 * 7 + 3) }
        let whole = try PageAssembler(format(width, height, frame: .rgb))
        _ = feed(whole, bytes, pieces: [])
        let pieces = try PageAssembler(format(width, height, frame: .rgb))
        let ranges = feed(pieces, bytes, pieces: [1, 5, 20, 2, 40, 3, 13, 60, 1, 1, 1, 30])
        #expect(whole.picture() == pieces.picture())
        #expect(pieces.picture().bytes == bytes)
        // Every row reported once, in order.
        #expect(ranges.flatMap { Array($0) } == Array(0..<height))
        #expect(pieces.frameIsComplete)
    }

    @Test func aBandHoldsExactlyTheNewRows() throws {
        let bytes = (0..<(4 * 6)).map { UInt8($0) }
        let assembler = try PageAssembler(format(4, 6))
        let first = bytes.withUnsafeBytes { assembler.append(UnsafeRawBufferPointer(rebasing: $0[0..<10])) }
        #expect(first == 0..<2)
        let band = assembler.band(first)
        #expect(band.width == 4 && band.height == 2)
        #expect(band.bytes == Array(bytes[0..<8]))
        let second = bytes.withUnsafeBytes { assembler.append(UnsafeRawBufferPointer(rebasing: $0[10..<24])) }
        #expect(second == 2..<6)
        #expect(assembler.band(second).bytes == Array(bytes[8..<24]))
    }

    @Test func oneBitGreyIsMostSignificantBitFirstAndASetBitIsBlack() throws {
        // 10 pixels: 1011 0000 01 -> black white black black white white white white white black.
        let assembler = try PageAssembler(format(10, 1, depth: 1))
        _ = feed(assembler, [0b1011_0000, 0b0100_0000], pieces: [])
        #expect(assembler.picture().bytes == [0, 255, 0, 0, 255, 255, 255, 255, 255, 0])
    }

    @Test func sixteenBitSamplesAreRoundedToEightBits() throws {
        // 65280 (0xFF00) is 254, not the high byte's 255.
        let samples: [UInt16] = [0, 65535, 32896, 257, 128, 127, 65280]
        let bytes = samples.flatMap { withUnsafeBytes(of: $0) { Array($0) } }
        let assembler = try PageAssembler(format(7, 1, depth: 16))
        _ = feed(assembler, bytes, pieces: [3])
        let expected = samples.map { UInt8((Double($0) / 65535 * 255).rounded()) }
        #expect(assembler.picture().bytes == expected)
        #expect(expected == [0, 255, 128, 1, 0, 0, 254])
    }

    @Test func paddingPastTheLastPixelIsDropped() throws {
        // 3 pixels a row sent in 5 bytes (a driver's "ppl loss").
        let rows: [[UInt8]] = [[1, 2, 3, 99, 99], [4, 5, 6, 99, 99]]
        let assembler = try PageAssembler(format(3, 2, bytesPerLine: 5))
        _ = feed(assembler, rows.flatMap { $0 }, pieces: [4])
        #expect(assembler.picture().bytes == [1, 2, 3, 4, 5, 6])
    }

    @Test func threePassFramesAreWovenIntoRGB() throws {
        let red: [UInt8] = [10, 11, 12, 13], green: [UInt8] = [20, 21, 22, 23], blue: [UInt8] = [30, 31, 32, 33]
        let assembler = try PageAssembler(format(2, 2, frame: .red))
        _ = feed(assembler, red, pieces: [1])
        // After the first colour, the other channels are black, not garbage.
        #expect(assembler.picture().bytes == [10, 0, 0, 11, 0, 0, 12, 0, 0, 13, 0, 0])
        try assembler.nextFrame(format(2, 2, frame: .green))
        #expect(!assembler.frameIsComplete)
        _ = feed(assembler, green, pieces: [3])
        try assembler.nextFrame(format(2, 2, frame: .blue))
        _ = feed(assembler, blue, pieces: [])
        #expect(assembler.picture().format == .rgb)
        #expect(assembler.picture().bytes == [10, 20, 30, 11, 21, 31, 12, 22, 32, 13, 23, 33])
    }

    @Test func rowsBeyondTheAnnouncedHeightAreNotThePage() throws {
        let assembler = try PageAssembler(format(2, 2))
        let ranges = feed(assembler, [1, 2, 3, 4, 5, 6, 7, 8], pieces: [])
        #expect(assembler.picture().height == 2)
        #expect(ranges.last?.upperBound == 2)
    }

    @Test func aPageOfUnknownLengthGrowsUntilTheDataEnds() throws {
        let assembler = try PageAssembler(format(3, -1))
        let bytes = (0..<(3 * 1000)).map { UInt8(truncatingIfNeeded: $0) }
        _ = feed(assembler, bytes, pieces: [7, 700, 1])
        #expect(assembler.frameIsComplete)
        #expect(assembler.picture().height == 1000)
        #expect(assembler.picture().bytes == bytes)
    }

    @Test func oddDepthsAndOneBitColourAreRefused() {
        #expect(throws: PageAssembler.Problem.unsupportedDepth(4)) { try PageAssembler(format(8, 8, depth: 4)) }
        #expect(throws: PageAssembler.Problem.unsupportedDepth(1)) { try PageAssembler(format(8, 8, depth: 1, frame: .rgb)) }
        #expect(throws: PageAssembler.Problem.badLayout) { try PageAssembler(ScanPageFormat(width: 8, height: 8, depth: 8, frame: .gray, bytesPerLine: 4)) }
    }
}

@Suite("Scan sources, modes and small helpers")
struct ScanNamingTests {
    @Test func sourceNamesAreSortedIntoKinds() {
        let kinds: [(String, ScanSource.Kind)] = [
            ("Flatbed", .flatbed), ("FlatBed", .flatbed), ("Document Table", .flatbed), ("Normal", .flatbed),
            ("Automatic Document Feeder", .feeder), ("ADF", .feeder), ("ADF Front", .feeder), ("ADF Back", .feeder),
            ("ADF Duplex", .duplex), ("Duplex", .duplex), ("Automatic Document Feeder(centrally aligned,Duplex)", .duplex),
            ("Transparency Adapter", .transparency), ("Film", .transparency), ("Camera", .other),
        ]
        for (name, kind) in kinds { #expect(ScanSource(name: name).kind == kind, "\(name)") }
    }

    @Test func modesMapToTheDevicesOwnNames() {
        let epson = ScanCapabilities.offers(["Binary", "Gray", "Color"], depths: [8, 16])
        #expect(epson.map(\.mode) == [.color, .gray, .lineart])
        #expect(epson.first { $0.mode == .lineart }?.deviceMode == "Binary")
        #expect(epson.first { $0.mode == .color }?.depth == 8)
        // No line-art mode but a 1-bit depth: line art is 1-bit grey.
        let tester = ScanCapabilities.offers(["Gray", "Color"], depths: [1, 8, 16])
        #expect(tester.first { $0.mode == .lineart } == ScanModeOffer(mode: .lineart, deviceMode: "Gray", depth: 1))
        // Neither: no line art offered.
        #expect(ScanCapabilities.offers(["Color", "Gray"], depths: []).map(\.mode) == [.color, .gray])
    }

    @Test func pageSizesByName() {
        #expect(ScanPageSize(named: "A4") == .a4)
        #expect(ScanPageSize(named: "100x150") == ScanPageSize(width: 100, height: 150))
        #expect(ScanPageSize(named: "0x150") == nil)
        #expect(ScanPageSize(named: "huge") == nil)
        #expect(ScanPageSize.letter.name == "letter")
    }

    @Test func crc32MatchesTheStandardCheckValue() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([UInt8]()) == 0)
    }

    @Test func resolutionsOfferTheirStepsAndSuggestTheUsualOnes() {
        #expect(ScanResolutions.range(min: 50, max: 600, step: 50).offers(300))
        #expect(!ScanResolutions.range(min: 50, max: 600, step: 50).offers(310))
        #expect(!ScanResolutions.list([75, 150, 300]).offers(200))
        #expect(ScanResolutions.range(min: 1, max: 1200, step: 1).suggested == [75, 100, 150, 200, 300, 400, 600, 1200])
        #expect(ScanResolutions.range(min: 50, max: 600, step: 50).suggested == [100, 150, 200, 300, 400, 600])
    }
}
