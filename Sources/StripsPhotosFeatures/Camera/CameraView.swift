import StripsCore

/// The camera view (Ctrl+K, issue 27): the camera's live picture where the preview was, the page
/// found in it outlined, and pages taken by themselves when they come to rest (or by Space). Its
/// state is this value, inside `Interaction.camera`; every change is one of the methods below,
/// each a pure step on the scene's clock: the host's news in, the takes to ask for out.
public struct CameraView: Hashable, Sendable {
    public enum Phase: Hashable, Sendable {
        /// Asked to open; no frame yet.
        case starting
        case live
        /// It could not be opened: the line says why.
        case failed(String)
        /// It went away, or the video file ended: the last picture stays.
        case stopped(String)
    }

    /// A taken page on its way from where it lay in the picture to its thumbnail.
    public struct Flight: Hashable, Sendable {
        /// The page as it arrived (its picture is what flies; it is found in the strip by its id).
        public var page: Page
        /// Where the page was, in the frame's pixels.
        public var from: Quad
        public var start: Double
    }

    public private(set) var phase = Phase.starting
    public private(set) var info: CameraInfo?
    /// The newest frame looked at: the frame shown, the page found in it.
    public private(set) var look: CameraLook?
    public private(set) var watch = PageWatch()
    public private(set) var outline = QuadOutline()
    /// Pages are taken when they come to rest (A turns it off and on).
    public private(set) var autoTake = true
    /// Pages taken since the view opened (the trace's `taken`).
    public private(set) var taken = 0
    /// Takes asked of the host and not answered yet, with where each page lay.
    public private(set) var asked: [Int: Quad] = [:]
    /// When the last take's flash began.
    public private(set) var flash: Double?
    public private(set) var flights: [Flight] = []
    public let opened: Double
    /// The number the next page taken gets (`Camera N`).
    private var nextNumber: Int

    /// Seconds the flash takes to fade, and a page to fly into the strip.
    public static let flashDuration = 0.3
    public static let flightDuration = 0.4

    public init(at time: Double, firstNumber: Int) {
        opened = time
        nextNumber = firstNumber
    }

    public var isLive: Bool { phase == .live }

    /// The page lay still at the last look (the trace's `steady`): judged at the look's own time,
    /// so a camera that stopped sending frames never makes a page steady.
    public var isSteady: Bool {
        guard let lookedAt, look?.quad != nil, isLive else { return false }
        return watch.isSteady(at: lookedAt)
    }

    /// When the newest look came.
    public private(set) var lookedAt: Double?

    // MARK: The host's news

    mutating func opened(_ info: CameraInfo) {
        self.info = info
        phase = .live
    }

    /// A frame looked at: the outline follows it, and when the page has come to rest (and is not
    /// the page taken last) the take to ask for.
    mutating func looked(_ look: CameraLook, at time: Double) -> CameraTake? {
        if phase == .starting { phase = .live }
        self.look = look
        lookedAt = time
        let diagonal = (look.size.width * look.size.width + look.size.height * look.size.height).squareRoot()
        outline.follow(look.quad, diagonal: diagonal, at: time)
        let due = watch.look(look.quad, signature: look.signature, diagonal: diagonal, at: time)
        guard due, autoTake else { return nil }
        return take(at: time)
    }

    mutating func failed(_ line: String) {
        // A take that could not be kept leaves the camera running.
        if phase == .starting { phase = .failed(line) }
    }

    mutating func stopped(_ line: String) { phase = .stopped(line) }

    /// The host kept a page: it flies from where it lay to its thumbnail.
    mutating func arrived(_ page: Page, number: Int?, at time: Double) {
        let from = number.flatMap { asked.removeValue(forKey: $0) } ?? page.corrections.crop ?? Quad(whole: page.pixelSize)
        taken += 1
        flights.append(Flight(page: page, from: from, start: time))
    }

    /// A take the host could not keep.
    mutating func lost(number: Int) { asked[number] = nil }

    // MARK: The user's

    /// Space: the frame shown now, with the page found in it or whole.
    mutating func takeNow(at time: Double) -> CameraTake? {
        guard isLive, look != nil else { return nil }
        watch.tookByHand(look?.signature)
        return take(at: time)
    }

    mutating func toggleAutoTake() { autoTake.toggle() }

    /// Flights that have landed go.
    mutating func tick(at time: Double) {
        flights.removeAll { time - $0.start >= Self.flightDuration }
        if let flash, time - flash >= Self.flashDuration { self.flash = nil }
    }

    /// The flash or a flight is running.
    public var isAnimating: Bool { flash != nil || !flights.isEmpty }

    private mutating func take(at time: Double) -> CameraTake? {
        guard let look else { return nil }
        let take = CameraTake(frame: look.frame, quad: look.quad, number: nextNumber)
        nextNumber += 1
        asked[take.number] = look.quad ?? Quad(whole: look.size)
        flash = time
        return take
    }

    /// Numbers already given out stay given (a take still being kept has one).
    mutating func reserve(atLeast number: Int) { nextNumber = max(nextNumber, number) }
}
