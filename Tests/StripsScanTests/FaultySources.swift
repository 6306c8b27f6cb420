import CSANE
import Foundation
@testable import StripsScan

/// Before page `page` starts, sets the test backend's `read-return-value` to `status`: every
/// read of that page then fails with it (between pages the backend is idle and takes options).
final class FaultBeforePage: PageSource, @unchecked Sendable {
    let inner: DevicePageSource
    let page: Int
    let status: String
    private var starts = 0

    init(_ inner: DevicePageSource, page: Int, status: String) {
        self.inner = inner
        self.page = page
        self.status = status
    }

    var deviceName: String { inner.deviceName }

    func start() -> SANE_Status {
        starts += 1
        if starts == page {
            let handle = inner.handle, name = inner.deviceName, status = status
            _ = try? inner.device.system.withControl { () throws(ScanFault) in
                try ScanDevice.write("read-return-value", .string(status), handle, device: name)
            }
        }
        return inner.start()
    }

    func parameters() -> (SANE_Status, SANE_Parameters) { inner.parameters() }
    func read(into buffer: UnsafeMutableRawBufferPointer) -> (SANE_Status, Int) { inner.read(into: buffer) }
    func cancel() { inner.cancel() }
}

/// Real reads from the device, then `status` instead of the next one: a scanner unplugged (or
/// jammed) in the middle of a page, which the test backend cannot do by itself.
final class FailAfterReads: PageSource, @unchecked Sendable {
    let inner: DevicePageSource
    let reads: Int
    let status: SANE_Status
    private var done = 0

    init(_ inner: DevicePageSource, reads: Int, status: SANE_Status) {
        self.inner = inner
        self.reads = reads
        self.status = status
    }

    var deviceName: String { inner.deviceName }
    func start() -> SANE_Status { inner.start() }
    func parameters() -> (SANE_Status, SANE_Parameters) { inner.parameters() }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> (SANE_Status, Int) {
        guard done < reads else { return (status, 0) }
        done += 1
        return inner.read(into: buffer)
    }

    func cancel() { inner.cancel() }
}

/// Real reads, then a read that blocks: until `cancel()` (a scanner that stops sending), or,
/// when `ignoresCancel`, until the test calls `release()` (a driver that hangs for good).
final class BlockingRead: PageSource, @unchecked Sendable {
    let inner: DevicePageSource
    let reads: Int
    let ignoresCancel: Bool
    private var done = 0
    private let unblock = DispatchSemaphore(value: 0)
    /// Signalled each time the session calls cancel.
    let cancelled = DispatchSemaphore(value: 0)

    init(_ inner: DevicePageSource, reads: Int, ignoresCancel: Bool) {
        self.inner = inner
        self.reads = reads
        self.ignoresCancel = ignoresCancel
    }

    var deviceName: String { inner.deviceName }
    func start() -> SANE_Status { inner.start() }
    func parameters() -> (SANE_Status, SANE_Parameters) { inner.parameters() }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> (SANE_Status, Int) {
        guard done < reads else {
            unblock.wait()
            return (SANE_STATUS_CANCELLED, 0)
        }
        done += 1
        return inner.read(into: buffer)
    }

    func cancel() {
        if !ignoresCancel { unblock.signal() }
        cancelled.signal()
        inner.cancel()
    }

    func release() {
        unblock.signal()
    }
}

/// Runs a session whose reads go through `wrap` around the device's own.
func scan(_ device: ScanDevice, _ settings: ScanSettings, options: ScanSession.Options = .init(), recovery: ScanRecovery? = nil,
          waiting: Bool = true, through wrap: (DevicePageSource) -> PageSource) throws -> (EventLog, ScanSession) {
    let handle = try device.reserve()
    let applied: AppliedScanSettings
    do {
        applied = try device.apply(settings)
    } catch {
        device.endSession()
        throw error
    }
    let log = EventLog()
    let session = ScanSession.start(source: wrap(DevicePageSource(device: device, handle: handle)), device: device, applied: applied,
                                    options: options, recovery: recovery) { log.add($0) }
    if waiting { session.waitUntilEnded() }
    return (log, session)
}
