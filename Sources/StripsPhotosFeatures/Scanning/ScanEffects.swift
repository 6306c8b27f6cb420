import StripsCore

/// What the editor asks of a scanner and hears back. The core knows scanners only by these
/// values: the host (a scan worker process speaking SANE) turns them into scans and answers
/// with `ScanUpdate`s on the scene's clock.

/// Scan settings as the panel and the command line name them; nil takes the last used value (or
/// the device's own). Device and source are SANE's names (`test:0`, `Flatbed`, `Automatic
/// Document Feeder`) or a source kind (`flatbed`, `feeder`, `duplex`).
public struct ScanChoice: Hashable, Sendable {
    public var device: String?
    public var source: String?
    public var dpi: Int?
    /// `color`, `gray` or `lineart`.
    public var mode: String?
    /// `a4`, `a5`, `letter`, `legal`, `WxH` in mm; nil: the whole area the device scans.
    public var pageSize: String?
    /// The languages the scanned pages are read in (Tesseract's, `rus`), kept in each page's
    /// recipe; nil: the program's (`auto`). The editor's, not the scanner's: it is not remembered
    /// with the device's settings.
    public var language: String?

    public init(device: String? = nil, source: String? = nil, dpi: Int? = nil, mode: String? = nil, pageSize: String? = nil, language: String? = nil) {
        self.language = language
        self.device = device
        self.source = source
        self.dpi = dpi
        self.mode = mode
        self.pageSize = pageSize
    }

    public static let last = ScanChoice()
}

/// A scan to run: with the panel's choice, or (nil) the last settings, as Ctrl+N asks.
public struct ScanRequest: Hashable, Sendable {
    public var choice: ScanChoice?
    /// The first page's number: its id is `Scan N`, unique in the document (and in its history,
    /// so undo never brings back a second page of the same name).
    public var firstNumber: Int

    public init(choice: ScanChoice? = nil, firstNumber: Int = 1) {
        self.choice = choice
        self.firstNumber = firstNumber
    }
}

/// What the editor asks of the scanning host (`Effect.scan`): the scanning feature's own
/// vocabulary, which only its host takes.
public enum ScanEffect: FeatureRequest {
    /// Scan new pages (Ctrl+N, or the scan panel's Scan). Answered by `scan` updates as each
    /// page starts, fills in and ends, then `.ended` (docs/SCANNING.md, "In the editor").
    case start(ScanRequest)
    /// Escape while a scan runs: stop it (pages finished so far stay).
    case cancel
    /// The scan panel opened: list the devices (on a worker: network discovery takes seconds)
    /// and what each offers. Answered by `scan(.scanners)` and `scan(.offers)`.
    case findScanners
    /// What the device named offers (sources, modes, resolutions). Answered by `scan(.offers)`.
    case describe(String)
    /// The answer to the offer of scans an earlier session left: take them into the document
    /// (answered by `scan(.recovered)`, pages named from `firstNumber` on) or throw them away.
    case recover(take: Bool, firstNumber: Int)
    /// The user quits without saving on purpose: scanned pages kept for recovery go too.
    case discard
}

/// A scanner the host found.
public struct ScannerEntry: Hashable, Sendable {
    /// SANE's name (`test:0`, `airscan:e0:Office`).
    public var name: String
    /// Vendor and model, for people.
    public var label: String

    public init(name: String, label: String) {
        self.name = name
        self.label = label
    }
}

/// What a device offers, in the panel's terms.
public struct ScanOffers: Hashable, Sendable {
    /// Sources as the device names them (empty: it has no choice of source).
    public var sources: [String]
    /// `color`, `gray`, `lineart`: those the device can do.
    public var modes: [String]
    /// Resolutions to offer, ascending.
    public var resolutions: [Int]
    /// Page sizes that fit the device (`a4`, `letter`, ...); the whole area is always offered too.
    public var pageSizes: [String]

    public init(sources: [String], modes: [String], resolutions: [Int], pageSizes: [String]) {
        self.sources = sources
        self.modes = modes
        self.resolutions = resolutions
        self.pageSizes = pageSizes
    }
}

/// Scans an earlier session left (it crashed, was killed or lost power before saving): what a
/// start offers back.
public struct RecoveryOffer: Hashable, Sendable {
    public var pages: Int
    /// How many of `pages` were taken with the camera (the others were scanned).
    public var camera: Int
    /// When the oldest of them was scanned, as people read it ("12 March, 14:02").
    public var when: String
    /// Where they are, for the line on standard error.
    public var folder: String

    public init(pages: Int, camera: Int = 0, when: String, folder: String) {
        self.pages = pages
        self.camera = camera
        self.when = when
        self.folder = folder
    }
}

extension RecoveryOffer {
    /// "1 scanned page", "3 pages taken with the camera", "2 scanned pages and 1 taken with the
    /// camera": what the offer is of, as its card, its status line and standard error say it.
    public static func phrase(pages: Int, camera: Int) -> String {
        let scanned = max(0, pages - camera)
        let scans = trn("%d scanned page", "%d scanned pages", scanned)
        if camera == 0 { return scans }
        if scanned == 0 { return trn("%d page taken with the camera", "%d pages taken with the camera", camera) }
        return trn("%s and %d taken with the camera", "%s and %d taken with the camera", camera, scans)
    }

    /// The offer's pages, as `phrase` says them.
    public var phrase: String { Self.phrase(pages: pages, camera: camera) }
}

/// How a scan ended.
public enum ScanEnd: Hashable, Sendable {
    /// Every page: one from a flatbed, a feeder until it was empty.
    case finished
    case cancelled
    /// One line, already on standard error: `scanner test:0: paper jam in the document feeder`
    /// (the scanner worker's words, verbatim; the host's own, worded for the window).
    case fault(HostMessage)
}

/// The host's news about scanning.
public enum ScanUpdate: FeatureAnswer {
    /// The devices found, and the settings the panel starts from (the last ones).
    case scanners([ScannerEntry], last: ScanChoice)
    /// Looking for devices failed, or found none: one line.
    case noScanners(HostMessage)
    /// What a device offers.
    case offers(device: String, ScanOffers)
    /// A page began: it takes its slot now and fills in as its rows arrive (the host draws
    /// them); its size is the device's (a guess when the device cannot know the height).
    case started(Page)
    /// The page is complete (its final size); it is kept on disk for recovery.
    case finished(Page)
    /// The page will not be completed (cancelled, a fault mid-page): it leaves again.
    case cutShort(pageID: String)
    /// The scan is over; `pages` pages were finished.
    case ended(pages: Int, end: ScanEnd)
    /// Something worth a line that is no fault (a page that could not be kept for recovery,
    /// a value the device rounded).
    case note(HostMessage)
    /// An earlier session's scans were found.
    case recoveryOffered(RecoveryOffer)
    /// Those scans, taken into the document.
    case recovered([Page])
}

extension Effect {
    public static func scan(_ effect: ScanEffect) -> Effect { Effect(effect) }
}

extension HostEvent {
    public static func scan(_ update: ScanUpdate) -> HostEvent { HostEvent(update) }
}
