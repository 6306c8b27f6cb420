import Foundation
import StripsPictures
import StripsSampleScans
import StripsText
import Testing

@Suite("Orientation and script detection")
struct PageOSDTests {
    @Test("each quarter turn is read with its way back, the script as Latin, both with confidence")
    func turnsAndScript() throws {
        let osd = try #require(PageOSD())
        for turns in 0..<4 {
            let scan = SampleScanner.scan(SampleScanStyle.standardSet[7], inches: (8.5, 4), quarterTurns: turns)!
            let reading = try #require(osd.read(scan.picture, dpi: scan.dpi))
            #expect(reading.degreesToUpright == ((4 - turns) % 4) * 90, "turned \(turns)")
            #expect(reading.orientationConfidence >= PageOrientation.sureConfidence, "turned \(turns): \(reading.orientationConfidence)")
            #expect(reading.script == "Latin")
            #expect(reading.scriptConfidence > 0.5, "turned \(turns): script confidence \(reading.scriptConfidence)")
        }
    }

    @Test("a blank page and a speck of a picture give no reading; a folder without osd gives no reader")
    func nothingToRead() throws {
        let osd = try #require(PageOSD())
        #expect(osd.read(PixelBuffer(width: 1200, height: 1600, format: .grey, filledWith: 255), dpi: 150) == nil)
        #expect(osd.read(PixelBuffer(width: 2, height: 2, format: .grey, filledWith: 0), dpi: 300) == nil)
        #expect(PageOSD(dataFolder: FileManager.default.temporaryDirectory.path + "/no-tessdata-\(getpid())") == nil)
    }
}
