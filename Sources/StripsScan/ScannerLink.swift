/// What the scan host asks of a scanner; its news comes back as `ScanWorker.Event`s on a thread
/// of the link's own. SANE in its worker process (`ScanWorker`) in the program; a stand-in in the
/// host's unit tests, which then need neither SANE nor a worker process.
public protocol ScannerLink: AnyObject, Sendable {
    /// The scanners found: answered as `.devices`, or `.failed`.
    func list()
    /// What `device` offers: answered as `.offers`, or `.failed`.
    func describe(_ device: String)
    /// Scans with `settings`, its pages named from `firstNumber` (`Scan N`): `.applied`, then each
    /// page's `.started`, `.rows` and `.finished` (or `.cut`), then `.ended`; or `.lost`.
    func scan(_ settings: ScanSettings, firstNumber: Int, readTimeout: Double)
    func cancel()
    /// Ends the link, waiting up to `wait` seconds for what is under way.
    func stop(wait: Double)
}

extension ScanWorker: ScannerLink {}

/// How a host makes its link, given where the link's news goes.
public typealias ScannerConnect = @Sendable (_ events: @escaping @Sendable (ScanWorker.Event) -> Void) -> any ScannerLink
