import CDriverThreads
import CSANE
import Foundation

/// libsane for the whole process: `sane_init` once (on first use), `sane_exit` once at the end
/// (`shutdown`). libsane promises nothing about threads, so every call that is not a page's
/// `sane_read` or a `sane_cancel` (which SANE lets any thread make at any time) goes through one
/// lock here: listing, opening, options, `sane_start`, closing. A listing that waits seconds for
/// network scanners therefore holds back a feeder's next page for that long, never longer.
public final class ScannerSystem: @unchecked Sendable {
    public static let shared = ScannerSystem()

    private enum State {
        case idle
        case running
        case exited
    }

    private let control = NSRecursiveLock()
    private var state = State.idle
    private var openDevices: [ObjectIdentifier: WeakDevice] = [:]

    private struct WeakDevice {
        weak var device: ScanDevice?
    }

    init() {}

    /// Whether the drivers' reader threads are stopped only where libc lets go of its locks: this
    /// process's `pthread_setcanceltype` is CDriverThreads', which makes the asynchronous
    /// cancellation sanei_thread asks for deferred (see driver_threads.c). Without it a cancelled
    /// scan can leave a libc lock held and the process hang at its next malloc or at exit.
    public static var driverThreadsAreGuarded: Bool { strips_driver_threads_guarded() == 1 }

    /// Starts libsane if it is not running. `configDirectory`, when given, becomes
    /// `SANE_CONFIG_DIR` first: libsane reads that variable once per process, at the first
    /// configuration file it opens, and never again (not even after `sane_exit`), so it only
    /// takes effect on the process's first start. Returns false when the directory was asked
    /// for too late to take effect.
    @discardableResult
    public func start(configDirectory: String? = nil) throws(ScanFault) -> Bool {
        control.lock()
        defer { control.unlock() }
        if state == .running { return configDirectory == nil || ProcessInfo.processInfo.environment["SANE_CONFIG_DIR"] == configDirectory }
        let fresh = state == .idle
        if let configDirectory, fresh { setenv("SANE_CONFIG_DIR", configDirectory, 1) }
        var version: SANE_Int = 0
        let status = sane_init(&version, nil)
        guard status == SANE_STATUS_GOOD else {
            throw ScanFault(.unavailable, device: nil, "cannot start SANE (libsane): status \(status.rawValue)")
        }
        state = .running
        return configDirectory == nil || fresh
    }

    /// Every device libsane can reach: local ones and, unless `localOnly`, network ones
    /// (sane-airscan's discovery, `net`). Blocks, for seconds when network discovery runs: call
    /// it on a worker, or use `listDevices(localOnly:completion:)`.
    public func devices(localOnly: Bool = false) throws(ScanFault) -> [ScannerInfo] {
        try start()
        control.lock()
        defer { control.unlock() }
        var list: UnsafeMutablePointer<UnsafePointer<SANE_Device>?>?
        let status = sane_get_devices(&list, localOnly ? SANE_Bool(SANE_TRUE) : SANE_Bool(SANE_FALSE))
        if let fault = ScanFault.from(status, device: nil, during: "listing scanners") { throw fault }
        var found: [ScannerInfo] = []
        // The list belongs to libsane and lives until the next call: copied out at once.
        var index = 0
        while let entry = list?[index] {
            let device = entry.pointee
            found.append(ScannerInfo(name: Self.text(device.name), vendor: Self.text(device.vendor),
                                     model: Self.text(device.model), type: Self.text(device.type)))
            index += 1
        }
        return found
    }

    /// `devices(localOnly:)` on a thread of its own; `completion` runs on that thread.
    public func listDevices(localOnly: Bool = false, completion: @escaping @Sendable (Result<[ScannerInfo], ScanFault>) -> Void) {
        let thread = Thread { [self] in
            do throws(ScanFault) {
                completion(.success(try devices(localOnly: localOnly)))
            } catch {
                completion(.failure(error))
            }
        }
        thread.name = "strips-scan-devices"
        thread.start()
    }

    /// The devices, listed on a thread of its own (never the cooperative pool, which a
    /// multi-second discovery would starve).
    public func devices(localOnly: Bool = false) async -> Result<[ScannerInfo], ScanFault> {
        await withCheckedContinuation { continuation in
            listDevices(localOnly: localOnly) { continuation.resume(returning: $0) }
        }
    }

    /// Opens the device called `name` (`test:0`, `airscan:e0:Printer`). A name no backend knows
    /// is `.noScanner`; one another program holds is `.busy`.
    public func open(_ name: String) throws(ScanFault) -> ScanDevice {
        try start()
        control.lock()
        defer { control.unlock() }
        var handle: SANE_Handle?
        let status = sane_open(name, &handle)
        guard status == SANE_STATUS_GOOD, let handle else {
            switch status {
            case SANE_STATUS_INVAL, SANE_STATUS_IO_ERROR, SANE_STATUS_GOOD:
                throw ScanFault(.noScanner, device: name, "not found (is it connected and switched on?)")
            default:
                throw ScanFault.from(status, device: name, during: "opening it")
                    ?? ScanFault(.other, device: name, "cannot be opened")
            }
        }
        let device = ScanDevice(name: name, handle: handle, system: self)
        openDevices[ObjectIdentifier(device)] = WeakDevice(device: device)
        return device
    }

    /// Ends libsane (`sane_exit`) after closing every device still open (a scan in progress is
    /// cancelled first; while one is still inside a driver call, libsane is left running). Call
    /// once, as the app ends; a later call to anything here starts again.
    public func shutdown() {
        control.lock()
        defer { control.unlock() }
        guard state == .running else { return }
        let devices = openDevices.values.compactMap(\.device)
        for device in devices { device.close() }
        // A session still inside a driver call (cancelled just now, or stuck) would have libsane
        // torn down under it: libsane is left to the process's end instead.
        guard !devices.contains(where: \.isScanning) else { return }
        openDevices = [:]
        sane_exit()
        state = .exited
    }

    /// Runs a SANE control call under the process-wide lock.
    func withControl<T>(_ body: () throws(ScanFault) -> T) throws(ScanFault) -> T {
        control.lock()
        defer { control.unlock() }
        return try body()
    }

    func forget(_ device: ScanDevice) {
        control.lock()
        openDevices[ObjectIdentifier(device)] = nil
        control.unlock()
    }

    static func text(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }
}

/// A device as listed: its SANE name (what `open` takes and the settings remember) and what
/// the driver says it is.
public struct ScannerInfo: Hashable, Sendable, Codable {
    public var name: String
    public var vendor: String
    public var model: String
    /// "flatbed scanner", "virtual device", "sheetfed scanner", ... as the driver words it.
    public var type: String

    public init(name: String, vendor: String, model: String, type: String) {
        self.name = name
        self.vendor = vendor
        self.model = model
        self.type = type
    }

    /// "Vendor Model" for a menu, the device name when the driver says nothing.
    public var displayName: String {
        let words = [vendor, model].filter { !$0.isEmpty }.joined(separator: " ")
        return words.isEmpty ? name : words
    }
}
