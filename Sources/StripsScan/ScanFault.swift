import CSANE

/// Everything that can go wrong with a scanner, as one line a person can act on:
/// `scanner test:0: paper jam in the document feeder`. Thrown by device calls, carried by a
/// session's `ended` event, printed as is on stderr and on screen.
public struct ScanFault: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        /// No device by that name, or none at all.
        case noScanner
        case jammed
        case coverOpen
        /// The feeder was empty when a page was asked for (the first one: a batch that ends on
        /// an empty feeder after pages is not a fault).
        case noDocuments
        /// Another program (or another Strips) has the scanner.
        case busy
        /// The connection failed: unplugged, switched off, network gone.
        case ioError
        /// The scanner stopped sending before the page's end (end of data mid-page).
        case cutShort
        /// A call did not return within the session's time-out; the scan was cancelled.
        case timedOut
        /// Even cancelling did not bring the call back: the device is left alone until the app ends.
        case stuck
        case accessDenied
        case outOfMemory
        case warmingUp
        case locked
        /// The scanner stopped the scan itself (a button on the device).
        case cancelledAtDevice
        /// A value the device does not offer (a source, a resolution, a mode, a page size).
        case refusedValue
        /// The device sends something Strips cannot read (a compressed frame, an odd depth).
        case unsupported
        /// libsane itself could not start.
        case unavailable
        /// Any other failure of the driver.
        case other
    }

    public var kind: Kind
    /// The SANE device name (`test:0`), or nil for faults of no particular device.
    public var device: String?
    /// What happened, without the device prefix.
    public var reason: String

    public init(_ kind: Kind, device: String?, _ reason: String) {
        self.kind = kind
        self.device = device
        self.reason = reason
    }

    /// The one line: `scanner NAME: reason`, or just the reason.
    public var line: String { device.map { "scanner \($0): \(reason)" } ?? reason }
    public var description: String { line }

    /// Statuses of later SANE versions (sane.h keeps them under `#if 0`): a few drivers return them.
    static let warmingUpStatus = 12
    static let lockedStatus = 13

    /// The fault a SANE status stands for (`nil` for GOOD and EOF, which are not faults), with
    /// what was being done when it is worth saying.
    static func from(_ status: SANE_Status, device: String?, during step: String? = nil) -> ScanFault? {
        let (kind, words): (Kind, String)
        switch Int(status.rawValue) {
        case Int(SANE_STATUS_GOOD.rawValue), Int(SANE_STATUS_EOF.rawValue): return nil
        case Int(SANE_STATUS_JAMMED.rawValue): (kind, words) = (.jammed, "paper jam in the document feeder")
        case Int(SANE_STATUS_COVER_OPEN.rawValue): (kind, words) = (.coverOpen, "the scanner's cover is open")
        case Int(SANE_STATUS_NO_DOCS.rawValue): (kind, words) = (.noDocuments, "no paper in the document feeder")
        case Int(SANE_STATUS_DEVICE_BUSY.rawValue): (kind, words) = (.busy, "the scanner is busy (another program may be using it)")
        case Int(SANE_STATUS_IO_ERROR.rawValue):
            (kind, words) = (.ioError, "input/output error talking to the scanner (unplugged or switched off?)")
        case Int(SANE_STATUS_NO_MEM.rawValue): (kind, words) = (.outOfMemory, "the scanner driver ran out of memory")
        case Int(SANE_STATUS_ACCESS_DENIED.rawValue):
            (kind, words) = (.accessDenied, "access denied (check the scanner's permissions or password)")
        case Int(SANE_STATUS_CANCELLED.rawValue): (kind, words) = (.cancelledAtDevice, "the scan was cancelled at the scanner")
        case Int(SANE_STATUS_INVAL.rawValue): (kind, words) = (.other, "the scanner driver refused the request (invalid argument)")
        case Int(SANE_STATUS_UNSUPPORTED.rawValue): (kind, words) = (.unsupported, "the scanner does not support this")
        case Self.warmingUpStatus: (kind, words) = (.warmingUp, "the scanner's lamp is still warming up")
        case Self.lockedStatus: (kind, words) = (.locked, "the scanner's transport lock is closed (unlock it)")
        default: (kind, words) = (.other, "the scanner driver failed (SANE status \(status.rawValue))")
        }
        return ScanFault(kind, device: device, step.map { "\(words) (\($0))" } ?? words)
    }
}
