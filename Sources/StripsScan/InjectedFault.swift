import CSANE
import Foundation

/// A fault put between a session and its device on purpose, to see what the app makes of it:
/// the scan worker takes one from `STRIPS_SCAN_TEST_FAULT` (docs/SCANNING.md). SANE's test
/// backend can fail a page only from its first read and never hangs or crashes on request; real
/// scanners jam mid-batch, drivers deadlock and crash.
///
///     page=3 status=SANE_STATUS_JAMMED            page 3 starts with the test backend's
///                                                 read-return-value set to it (a real status)
///     page=2 reads=5 status=SANE_STATUS_IO_ERROR  page 2 fails after 5 good reads (unplugged)
///     page=2 reads=5 hang                         the whole process stops (SIGSTOP) there,
///                                                 as a driver deadlocked on malloc's lock
///     page=2 reads=5 crash                        the process aborts there
///     slow=20                                     every read waits 20 ms first (a slow
///                                                 scanner: rows arrive over seconds), alone or
///                                                 with one of the above
///     first=600                                   a page's first read waits 600 ms more (the
///                                                 head travelling to the paper's edge)
package struct InjectedFault: Hashable, Sendable {
    package enum Action: Hashable, Sendable {
        case status(String)
        case hang, crash
    }

    /// 1-based, within the session (0 with no action: only slow).
    package var page: Int
    /// Good reads of that page first; 0 with a status: the page starts with it.
    package var reads: Int
    package var action: Action?
    /// Milliseconds each read waits before it is made.
    package var slow: Int
    /// Milliseconds more the first read of each page waits.
    package var first: Int

    package init?(_ text: String) {
        var page: Int?, reads = 0, slow = 0, first = 0
        var action: Action?
        for word in text.split(separator: " ") {
            let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
            switch (parts.first, parts.count == 2 ? parts[1] : nil) {
            case ("page", let value?): page = Int(value)
            case ("reads", let value?): reads = Int(value) ?? -1
            case ("status", let value?): action = .status(value)
            case ("slow", let value?): slow = Int(value) ?? -1
            case ("first", let value?): first = Int(value) ?? -1
            case ("hang", nil): action = .hang
            case ("crash", nil): action = .crash
            default: return nil
            }
        }
        guard reads >= 0, (0...10_000).contains(slow), (0...60_000).contains(first) else { return nil }
        if let action {
            guard let page, page >= 1 else { return nil }
            if case .status(let name) = action, reads > 0, Self.status(named: name) == nil { return nil }
        } else {
            guard page == nil, slow > 0 || first > 0 else { return nil }
        }
        self.page = page ?? 0
        self.reads = reads
        self.action = action
        self.slow = slow
        self.first = first
    }

    static func status(named name: String) -> SANE_Status? {
        let all: [(String, SANE_Status)] = [
            ("SANE_STATUS_JAMMED", SANE_STATUS_JAMMED), ("SANE_STATUS_COVER_OPEN", SANE_STATUS_COVER_OPEN),
            ("SANE_STATUS_NO_DOCS", SANE_STATUS_NO_DOCS), ("SANE_STATUS_DEVICE_BUSY", SANE_STATUS_DEVICE_BUSY),
            ("SANE_STATUS_IO_ERROR", SANE_STATUS_IO_ERROR), ("SANE_STATUS_NO_MEM", SANE_STATUS_NO_MEM),
            ("SANE_STATUS_ACCESS_DENIED", SANE_STATUS_ACCESS_DENIED), ("SANE_STATUS_EOF", SANE_STATUS_EOF),
        ]
        return all.first { $0.0 == name }?.1
    }
}

/// The device's calls with an `InjectedFault` among them.
final class FaultyPageSource: PageSource, @unchecked Sendable {
    let inner: DevicePageSource
    let fault: InjectedFault
    private var pages = 0
    private var readsThisPage = 0

    init(_ inner: DevicePageSource, fault: InjectedFault) {
        self.inner = inner
        self.fault = fault
    }

    var deviceName: String { inner.deviceName }

    func start() -> SANE_Status {
        pages += 1
        readsThisPage = 0
        if pages == fault.page, fault.reads == 0, case .status(let name)? = fault.action {
            let handle = inner.handle, device = inner.deviceName
            _ = try? inner.device.system.withControl { () throws(ScanFault) in
                try ScanDevice.write("read-return-value", .string(name), handle, device: device)
            }
        }
        return inner.start()
    }

    func parameters() -> (SANE_Status, SANE_Parameters) { inner.parameters() }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> (SANE_Status, Int) {
        if fault.slow > 0 { usleep(UInt32(fault.slow) * 1000) }
        if fault.first > 0, readsThisPage == 0 { usleep(UInt32(fault.first) * 1000) }
        if pages == fault.page, fault.reads > 0, readsThisPage >= fault.reads, let action = fault.action {
            switch action {
            case .status(let name): return (InjectedFault.status(named: name) ?? SANE_STATUS_IO_ERROR, 0)
            case .hang:
                raise(SIGSTOP)
                return (SANE_STATUS_IO_ERROR, 0)
            case .crash:
                abort()
            }
        }
        readsThisPage += 1
        return inner.read(into: buffer)
    }

    func cancel() { inner.cancel() }
}

extension ScanSession {
    /// `start(device:settings:...)` with `fault` between the session and the device.
    package static func start(device: ScanDevice, settings: ScanSettings?, options: Options = Options(), fault: InjectedFault,
                              events: @escaping @Sendable (ScanEvent) -> Void) throws(ScanFault) -> ScanSession {
        let (handle, applied) = try reserve(device, applying: settings)
        return start(source: FaultyPageSource(DevicePageSource(device: device, handle: handle), fault: fault), device: device,
                     applied: applied, options: options, events: events)
    }
}
