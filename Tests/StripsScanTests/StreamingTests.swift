import Foundation
import StripsPictures
import Testing
@testable import StripsScan

extension SANETests {
    @Suite("Pages streaming in")
    struct Streaming {
        @Test func aFlatbedA4PageAt300DpiArrivesWholeAtItsSize() throws {
            let device = try TestBackend.device()
            defer { device.close() }
            let log = try scan(device, ScanSettings(source: "Flatbed", dpi: 300, mode: .color, pageSize: .a4))
            let width = TestBackend.pixels(210, dpi: 300), height = TestBackend.pixels(297, dpi: 300)
            #expect((width, height) == (2480, 3507))
            #expect(log.started.count == 1)
            #expect(log.started.first?.format == ScanPageFormat(width: width, height: height, depth: 8, frame: .rgb, bytesPerLine: width * 3))
            #expect(log.finished.count == 1)
            let page = try #require(log.finished.first)
            #expect(page.name == "Scan 1")
            #expect(page.pixels.width == width && page.pixels.height == height && page.pixels.format == .rgb)
            #expect(page.settings.dpi == 300)
            #expect(page.settings.pageSize == .a4)
            // The grid: 10 mm squares (118 px at 300 dpi), alternating black and white.
            let square = 300.0 * 10 / 25.4
            let (a, b) = (Int(square / 2), Int(square * 1.5))
            #expect(page.pixels.grey(a, a) != page.pixels.grey(b, a))
            #expect(page.pixels.grey(a, b) != page.pixels.grey(a, a))
            #expect(Set([page.pixels.grey(a, a), page.pixels.grey(b, a)]) == [0, 255])
            #expect(log.cut.isEmpty)
            #expect(log.ended?.stop == .finished)
            #expect(log.ended?.pages == 1)
        }

        @Test func rowsArriveInManyBandsBeforeThePageEnds() throws {
            let device = try TestBackend.device()
            defer { device.close() }
            let log = try scan(device, ScanSettings(dpi: 100, mode: .gray, pageSize: .a4))
            let height = TestBackend.pixels(297, dpi: 100)
            let events = log.events
            let finishedAt = try #require(events.firstIndex { if case .pageFinished = $0 { return true } else { return false } })
            let before = events[..<finishedAt].compactMap { event -> ScanRows? in if case .rows(let rows) = event { return rows } else { return nil } }
            #expect(before.count > 1)
            // Bands cover the page once, in order, and each carries its own rows.
            var next = 0
            for band in before {
                #expect(band.firstRow == next)
                #expect(band.rows.width == TestBackend.pixels(210, dpi: 100))
                next += band.rows.height
                #expect(band.rowsSoFar == next)
            }
            #expect(next == height)
            let page = try #require(log.finished.first)
            var stitched: [UInt8] = []
            for band in before { stitched += band.rows.bytes }
            #expect(stitched == page.pixels.bytes)
        }

        @Test func aFeederScansTenPagesUntilItIsEmpty() throws {
            let device = try TestBackend.device()
            defer { device.close() }
            let log = try scan(device, ScanSettings(source: "Automatic Document Feeder", dpi: 30, mode: .gray, pageSize: .a4))
            #expect(log.finished.count == 10)
            #expect(log.finished.map(\.name) == (1...10).map { "Scan \($0)" })
            #expect(log.finished.map(\.page) == Array(1...10))
            #expect(log.ended?.stop == .finished)
            #expect(log.ended?.pages == 10)
            #expect(log.cut.isEmpty)
            #expect(log.endedCount == 1)
        }

        @Test func aFeederBatchNamesItsPagesFromTheFirstNumberAndStopsAtALimit() throws {
            let device = try TestBackend.device()
            defer { device.close() }
            let log = try scan(device, ScanSettings(source: "feeder", dpi: 20, mode: .gray, pageSize: .a5), options: .init(maxPages: 3, firstNumber: 12))
            #expect(log.finished.map(\.name) == ["Scan 12", "Scan 13", "Scan 14"])
            #expect(log.ended?.stop == .finished)
        }

        @Test func aHandScannerReportsUnknownHeightAndEndsWhereTheDataDoes() throws {
            let device = try TestBackend.device()
            defer { device.close() }
            try device.apply(ScanSettings(dpi: 50, mode: .gray))
            try device.set("hand-scanner", to: .bool(true))
            let log = try scan(device, nil)
            #expect(log.started.first?.format.height == -1)
            #expect(log.started.first?.format.heightIsKnown == false)
            // The backend's hand scanner is 110 mm wide and gives 170 mm of rows.
            let page = try #require(log.finished.first)
            #expect(page.pixels.width == TestBackend.pixels(110, dpi: 50))
            #expect(page.pixels.height == TestBackend.pixels(170, dpi: 50))
            #expect(log.ended?.stop == .finished)
        }

        /// The grid is the same picture in every mode and depth (the backend draws it so): each
        /// conversion (16-bit, 1-bit line art, colour, three-pass) must give the 8-bit grey one.
        @Test(arguments: [
            ("gray 16-bit", ScanMode.gray, [("depth", ScanOptionValue.int(16))]),
            ("line art", .lineart, []),
            ("colour", .color, []),
            ("colour 16-bit", .color, [("depth", .int(16))]),
            ("three-pass colour", .color, [("three-pass", .bool(true))]),
            ("three-pass colour BGR", .color, [("three-pass", .bool(true)), ("three-pass-order", .string("BGR"))]),
        ])
        func everyDepthAndModeGivesTheSameGrid(_ label: String, _ mode: ScanMode, _ raw: [(String, ScanOptionValue)]) throws {
            let device = try TestBackend.device()
            defer { device.close() }
            let reference = try scan(device, ScanSettings(dpi: 40, mode: .gray, pageSize: .a5)).finished.first?.pixels
            try device.apply(ScanSettings(dpi: 40, mode: mode, pageSize: .a5))
            for (name, value) in raw { try device.set(name, to: value) }
            let log = try scan(device, nil)
            let page = try #require(log.finished.first, "\(label): \(log.fault?.line ?? "no page")")
            let grey = try #require(reference)
            #expect(page.pixels.width == grey.width && page.pixels.height == grey.height, "\(label)")
            #expect(page.pixels.format == (mode == .color ? .rgb : .grey), "\(label)")
            #expect(page.pixels.greys == grey.bytes, "\(label)")
            if raw.contains(where: { $0.0 == "three-pass" }) {
                #expect(log.started.first?.format.isThreePass == true, "\(label)")
                // Three frames of rows, one page.
                #expect(log.rows.reduce(0) { $0 + $1.rows.height } == 3 * grey.height, "\(label)")
            }
        }

        @Test func threePassColourMatchesSinglePassColourOnTheColourPattern() throws {
            let device = try TestBackend.device()
            defer { device.close() }
            try device.apply(ScanSettings(dpi: 40, mode: .color, pageSize: .a5))
            try device.set("test-picture", to: .string("Color pattern"))
            let single = try #require(try scan(device, nil).finished.first?.pixels)
            try device.set("three-pass", to: .bool(true))
            try device.set("three-pass-order", to: .string("GBR"))
            let three = try #require(try scan(device, nil).finished.first?.pixels)
            #expect(three == single)
            // Colour, not grey: the pattern has pixels whose channels differ.
            #expect(stride(from: 0, to: single.bytes.count, by: 3).contains { single.bytes[$0] != single.bytes[$0 + 1] })
        }

        @Test func paddingAtTheEndOfRowsIsDropped() throws {
            let device = try TestBackend.device()
            defer { device.close() }
            let whole = try #require(try scan(device, ScanSettings(dpi: 40, mode: .gray, pageSize: .a5)).finished.first?.pixels)
            try device.set("ppl-loss", to: .int(7))
            let log = try scan(device, nil)
            let format = try #require(log.started.first?.format)
            #expect(format.width == whole.width - 7)
            #expect(format.bytesPerLine == whole.width)
            let page = try #require(log.finished.first?.pixels)
            #expect(page.width == whole.width - 7)
            for y in [0, 100, page.height - 1] {
                #expect(Array(page.bytes[(y * page.width)..<((y + 1) * page.width)]) == Array(whole.bytes[(y * whole.width)..<(y * whole.width + page.width)]))
            }
        }

        @Test func fuzzyParametersBeforeTheStartDoNotChangeThePage() throws {
            let device = try TestBackend.device()
            defer { device.close() }
            try device.apply(ScanSettings(dpi: 40, mode: .gray, pageSize: .a5))
            try device.set("fuzzy-parameters", to: .bool(true))
            let page = try #require(try scan(device, nil).finished.first?.pixels)
            #expect(page.width == TestBackend.pixels(148, dpi: 40))
            #expect(page.height == TestBackend.pixels(210, dpi: 40))
        }

        @Test func oneByteReadsStillMakeThePage() throws {
            let device = try TestBackend.device()
            defer { device.close() }
            let reference = try #require(try scan(device, ScanSettings(dpi: 10, mode: .color, pageSize: .a5)).finished.first?.pixels)
            try device.set("read-limit", to: .bool(true))
            try device.set("read-limit-size", to: .int(1))
            let log = try scan(device, nil)
            #expect(log.finished.first?.pixels == reference)
            #expect(log.rows.count == reference.height)
        }
    }
}
