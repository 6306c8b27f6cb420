import Testing
@testable import StripsCore
@testable import StripsPhotosFeatures

/// The scan panel's room, its reducer on its own: the panel opens unless a scan is under way, takes
/// the host's news of devices, and hands the settings chosen back as `.startScan`.
@Suite struct ScanPanelFeatureTests {
    func context(scanRunning: Bool = false) -> ScanPanelFeature.Context {
        ScanPanelFeature.Context(scanRunning: scanRunning, window: Size(width: 1024, height: 768), measurer: ApproximateTextMeasurer())
    }

    @Test func itOpensOnlyWhenNoScanIsUnderWayAndAsksForTheDevices() {
        var state: ScanPanel?
        #expect(described(ScanPanelFeature.reduce(into: &state, action: .open(languages: []), context: context(scanRunning: true)))
            == ["notice: Already scanning… (Esc stops it)"])
        #expect(state == nil)
        #expect(described(ScanPanelFeature.reduce(into: &state, action: .open(languages: ["eng"]), context: context())) == ["\(Effect.scan(.findScanners))"])
        #expect(state != nil && state?.isReady == false)
    }

    @Test func returnStartsTheScanOnceTheDeviceAndItsSettingsAreKnown() throws {
        var state: ScanPanel?
        _ = ScanPanelFeature.reduce(into: &state, action: .open(languages: []), context: context())
        // Not ready yet: Return keeps the panel and starts nothing.
        #expect(ScanPanelFeature.reduce(into: &state, action: .key(Key(.return)), context: context()).isEmpty && state != nil)

        let scanners = [ScannerEntry(name: "test:0", label: "Noname frontend-tester")]
        #expect(described(ScanPanelFeature.reduce(into: &state, action: .news(.scanners(scanners, last: ScanChoice(device: "test:0"))), context: context()))
            == ["\(Effect.scan(.describe("test:0")))"])
        _ = ScanPanelFeature.reduce(into: &state, action: .news(.offers(device: "test:0", ScanOffers(sources: ["Flatbed"], modes: ["gray"], resolutions: [150, 300], pageSizes: []))),
                                    context: context())
        #expect(try #require(state).isReady)
        let choice = try #require(state).choice
        #expect(described(ScanPanelFeature.reduce(into: &state, action: .key(Key(.return)), context: context()))
            == ["start test:0 \(choice.dpi.map(String.init) ?? "-")"])
        #expect(state == nil)
    }

    @Test func escapeClosesAndNewsWithNoPanelSaysOnlyThatNoScannerWasFound() {
        var state: ScanPanel?
        _ = ScanPanelFeature.reduce(into: &state, action: .open(languages: []), context: context())
        #expect(ScanPanelFeature.reduce(into: &state, action: .key(Key(.escape)), context: context()).isEmpty && state == nil)
        let none = HostMessage.verbatim("No scanners were found")
        #expect(described(ScanPanelFeature.reduce(into: &state, action: .news(.noScanners(none)), context: context())) == ["notice: " + none.shown])
        #expect(ScanPanelFeature.reduce(into: &state, action: .news(.scanners([], last: ScanChoice())), context: context()).isEmpty && state == nil)
    }
}
