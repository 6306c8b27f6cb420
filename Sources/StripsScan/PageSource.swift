import CSANE

/// The four calls a session makes to scan, so a test can put a fault between them and the real
/// device (a read that fails after some rows, a read that never returns): SANE's test backend
/// can only fail a page from its first read.
package protocol PageSource: AnyObject, Sendable {
    /// The SANE device name, for fault lines.
    var deviceName: String { get }
    /// `sane_start`: the next page (or the next frame of a three-pass page).
    func start() -> SANE_Status
    /// `sane_get_parameters` after a start.
    func parameters() -> (SANE_Status, SANE_Parameters)
    /// `sane_read` into `buffer`: status and bytes read. Blocking.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> (SANE_Status, Int)
    /// `sane_cancel`: any thread, any time (SANE allows it while a read blocks).
    func cancel()
}

/// The real thing: a device's handle. `sane_start` and `sane_get_parameters` take the
/// system's lock; `sane_read` and `sane_cancel` do not (one session reads a handle, and SANE
/// lets cancel come from anywhere).
final class DevicePageSource: PageSource, @unchecked Sendable {
    let device: ScanDevice
    let handle: SANE_Handle

    init(device: ScanDevice, handle: SANE_Handle) {
        self.device = device
        self.handle = handle
    }

    var deviceName: String { device.name }

    func start() -> SANE_Status {
        (try? device.system.withControl { () throws(ScanFault) in sane_start(handle) }) ?? SANE_STATUS_INVAL
    }

    func parameters() -> (SANE_Status, SANE_Parameters) {
        var parameters = SANE_Parameters()
        let status = (try? device.system.withControl { () throws(ScanFault) in sane_get_parameters(handle, &parameters) }) ?? SANE_STATUS_INVAL
        return (status, parameters)
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> (SANE_Status, Int) {
        guard let base = buffer.baseAddress else { return (SANE_STATUS_INVAL, 0) }
        var length: SANE_Int = 0
        let status = sane_read(handle, base.assumingMemoryBound(to: SANE_Byte.self), SANE_Int(clamping: buffer.count), &length)
        return (status, Int(max(0, length)))
    }

    func cancel() {
        sane_cancel(handle)
    }
}
