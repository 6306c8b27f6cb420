import StripsCore

/// The scan panel's room (Ctrl+Shift+N): the panel up (`State`: a `ScanPanel`, or none) and the
/// one reducer that opens it, takes its keys and presses and the host's news of scanners and their
/// settings. Whether a scan is under way comes in as `Context`; the settings chosen go out as
/// `.startScan(choice)`, which the scan's own code starts as Ctrl+N would. The door keeps the value
/// in `Interaction.dialog(.scanPanel)`.
package enum ScanPanelFeature: PhotosFeature {
    package typealias State = ScanPanel?

    package enum Action {
        /// Ctrl+Shift+N: the panel on the last settings, offering these reading languages, while
        /// the host looks for devices.
        case open(languages: [String])
        case key(Key)
        /// A press while it is up: a value cycles, a button answers.
        case press(Point)
        /// The host's news of scanners (`scanners`, `noScanners`, `offers`).
        case news(ScanUpdate)
    }

    package struct Context {
        package init(scanRunning: Bool, window: Size, measurer: any TextMeasurer) {
            self.scanRunning = scanRunning
            self.window = window
            self.measurer = measurer
        }

        /// A scan is under way: the panel does not open.
        var scanRunning: Bool
        var window: Size
        var measurer: any TextMeasurer
    }

    package static func reduce(into state: inout ScanPanel?, action: Action, context c: Context) -> [PhotosOutput] {
        switch action {
        case .open(let languages):
            guard !c.scanRunning else { return [.notice(tr("Already scanning… (Esc stops it)"))] }
            state = ScanPanel(languages: languages)
            return [.effect(.scan(.findScanners))]
        case .key(let key):
            guard var panel = state else { return [] }
            switch panel.key(key) {
            case .close:
                state = nil
                return []
            case .stays(let effects):
                state = panel
                return effects.map { .effect($0) }
            case .scan:
                return scan(panel, &state)
            }
        case .press(let p):
            guard var panel = state else { return [] }
            switch ScanPanelCard(panel, window: c.window, measurer: c.measurer).hit(p) {
            case .value(let row)?:
                panel.row = row
                let describe = panel.step(row, by: 1, wraps: true)
                state = panel
                return describe.map { [.effect(.scan(.describe($0)))] } ?? []
            case .scan?:
                return scan(panel, &state)
            case .cancel?:
                state = nil
                return []
            case nil:
                return []
            }
        case .news(let update):
            guard var panel = state else {
                // A search for devices that found none says so with the panel gone too.
                if case .noScanners(let message) = update { return [.notice(message.shown)] }
                return []
            }
            let effects = panel.handle(update) ?? []
            state = panel
            return effects.map { .effect($0) }
        }
    }

    /// Scan: with a device and its settings known, the panel goes and the scan starts.
    private static func scan(_ panel: ScanPanel, _ state: inout ScanPanel?) -> [PhotosOutput] {
        guard panel.isReady else { return [] }
        state = nil
        return [.startScan(panel.choice)]
    }
}
