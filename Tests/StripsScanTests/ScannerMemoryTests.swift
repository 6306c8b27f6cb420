import Foundation
import Testing
@testable import StripsScan

@Suite("Remembered scanner settings")
struct ScannerMemoryTests {
    @Test func settingsRoundTrip() throws {
        let folder = TestBackend.scratch("memory")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let memory = ScannerMemory(file: folder + "/state/strips/scanner.json")
        let settings = ScanSettings(device: "airscan:e0:Office", source: "ADF Duplex", dpi: 200, mode: .lineart, pageSize: .letter)
        #expect(memory.save(settings) == nil)
        let loaded = memory.load()
        #expect(loaded.settings == settings)
        #expect(loaded.problem == nil)
        // Replaced whole: no temporary file beside it.
        let stateFolder = (memory.file as NSString).deletingLastPathComponent
        #expect(try FileManager.default.contentsOfDirectory(atPath: stateFolder) == ["scanner.json"])
        #expect(memory.save(ScanSettings(dpi: 600)) == nil)
        #expect(memory.load().settings == ScanSettings(dpi: 600))
    }

    @Test func aMissingFileIsTheDefaultsWithoutComplaint() {
        let folder = TestBackend.scratch("missing")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let memory = ScannerMemory(file: folder + "/scanner.json")
        #expect(memory.load().settings == .defaults)
        #expect(memory.load().problem == nil)
        #expect(ScanSettings.defaults == ScanSettings(device: nil, source: nil, dpi: 300, mode: .color, pageSize: nil))
    }

    @Test(arguments: [
        "not json at all",
        "{\"version\": 1, \"settings\": {\"dpi\": 300, \"mode\": \"sepia\"}}",
        "{\"version\": 2, \"settings\": {\"dpi\": 300, \"mode\": \"color\"}}",
        "{\"version\": 1, \"settings\": {\"dpi\": -5, \"mode\": \"color\"}}",
        "{\"version\": 1, \"settings\": {\"dpi\": 300, \"mode\": \"color\", \"pageSize\": {\"width\": 1e300, \"height\": 5}}}",
        "",
    ])
    func aDamagedFileIsTheDefaultsWithOneLine(_ content: String) throws {
        let folder = TestBackend.scratch("damaged")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let memory = ScannerMemory(file: folder + "/scanner.json")
        try Data(content.utf8).write(to: URL(fileURLWithPath: memory.file))
        let loaded = memory.load()
        #expect(loaded.settings == .defaults)
        #expect(loaded.problem == "scanner settings: \(memory.file) is damaged; using the defaults")
        // The next save replaces it.
        #expect(memory.save(ScanSettings(dpi: 150)) == nil)
        #expect(memory.load().settings == ScanSettings(dpi: 150))
        #expect(memory.load().problem == nil)
    }

    @Test func theStandardFileFollowsXDGStateHome() {
        #expect(ScannerMemory.standard(environment: ["XDG_STATE_HOME": "/s"])?.file == "/s/strips/scanner.json")
        #expect(ScannerMemory.standard(environment: ["HOME": "/h"])?.file == "/h/.local/state/strips/scanner.json")
    }
}
