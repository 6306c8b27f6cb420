import CSANE
import Foundation

/// An open scanner (`sane_open`): its options, read and set by name, and the handle a
/// `ScanSession` scans with. Any thread may call it; calls are serialised through the
/// `ScannerSystem`'s lock. While a session scans, options cannot change (`.busy`).
public final class ScanDevice: @unchecked Sendable {
    /// The SANE device name (`test:0`).
    public let name: String
    let system: ScannerSystem
    private let handle: SANE_Handle
    private let lock = NSLock()
    private var isOpen = true
    /// A session has claimed the device (from `ScanSession.start` to its end).
    private var reserved = false
    /// A session's reader is scanning: options cannot change.
    private var reading = false
    /// A call that never came back, even after sane_cancel: the handle is left alone until it does.
    private var stuck = false
    /// `close()` came during a session: the handle closes at its end.
    private var closeWhenDone = false
    /// The running session's cancel, for a close that comes during it.
    private var cancelSession: (@Sendable () -> Void)?

    init(name: String, handle: SANE_Handle, system: ScannerSystem) {
        self.name = name
        self.handle = handle
        self.system = system
    }

    deinit {
        close()
    }

    // MARK: Options

    /// Every option the device describes now (they change with the mode and the source).
    public func options() throws(ScanFault) -> [ScanOption] {
        try withHandle { handle throws(ScanFault) in Self.describe(handle) }
    }

    /// The option called `name` as the device describes it now, or nil.
    public func option(_ name: String) throws(ScanFault) -> ScanOption? {
        try options().first { $0.name == name }
    }

    /// The current value of the option called `name`; nil when there is none or it is inactive.
    public func value(of name: String) throws(ScanFault) -> ScanOptionValue? {
        try withHandle { handle throws(ScanFault) in
            guard let option = Self.describe(handle).first(where: { $0.name == name }), option.isActive else { return nil }
            return Self.read(option, handle)
        }
    }

    /// Sets the option called `name`, refusing (with the values the device offers) one its
    /// constraint does not allow. Returns the value the device took, which may differ when the
    /// driver rounds it (SANE_INFO_INEXACT).
    @discardableResult
    public func set(_ name: String, to value: ScanOptionValue) throws(ScanFault) -> ScanOptionValue {
        try withHandle { handle throws(ScanFault) in
            try Self.write(name, value, handle, device: self.name)
        }
    }

    // MARK: Lifetime

    /// Closes the device (`sane_close`). A session still scanning is cancelled, and the handle
    /// closed when its reader has come back from its last call (closing it under a blocked
    /// read would pull it away mid-call); a handle stuck for good is never closed.
    public func close() {
        lock.lock()
        guard isOpen else {
            lock.unlock()
            return
        }
        isOpen = false
        let busy = reserved, cancel = cancelSession
        if busy { closeWhenDone = true }
        lock.unlock()
        if busy {
            // Through the session, so it ends as cancelled (its supervisor sends sane_cancel).
            if let cancel { cancel() } else { sane_cancel(handle) }
            return
        }
        finishClosing()
    }

    /// Whether a session still holds the device (a closed device's handle is not closed yet).
    public var isScanning: Bool {
        lock.lock()
        defer { lock.unlock() }
        return reserved
    }

    private func finishClosing() {
        try? system.withControl { () throws(ScanFault) in sane_close(handle) }
        system.forget(self)
    }

    public var isClosed: Bool {
        lock.lock()
        defer { lock.unlock() }
        return !isOpen
    }

    // MARK: For sessions

    /// Claims the device for one session; `.busy` when another has it.
    func reserve() throws(ScanFault) -> SANE_Handle {
        lock.lock()
        defer { lock.unlock() }
        guard isOpen else { throw ScanFault(.other, device: name, "the device was closed") }
        guard !stuck else { throw ScanFault(.stuck, device: name, "an earlier scan never returned; restart Strips (or the scanner) to use it again") }
        guard !reserved else { throw ScanFault(.busy, device: name, "already scanning") }
        reserved = true
        return handle
    }

    /// The session's settings are applied: from here on options are frozen, and a close
    /// cancels the session through `cancel`.
    func beginReading(cancel: @escaping @Sendable () -> Void) {
        lock.lock()
        reading = true
        cancelSession = cancel
        lock.unlock()
    }

    /// The session is over (its reader came back from every call).
    func endSession() {
        lock.lock()
        reserved = false
        reading = false
        stuck = false
        cancelSession = nil
        let close = closeWhenDone
        closeWhenDone = false
        lock.unlock()
        if close { finishClosing() }
    }

    /// A session gave up on a call that never came back.
    func markStuck() {
        lock.lock()
        stuck = true
        lock.unlock()
    }

    private func withHandle<T>(_ body: (SANE_Handle) throws(ScanFault) -> T) throws(ScanFault) -> T {
        lock.lock()
        let usable = isOpen && !reading && !stuck
        let reason = !isOpen ? "the device was closed" : stuck ? "an earlier scan never returned" : "a scan is in progress"
        lock.unlock()
        guard usable else { throw ScanFault(.busy, device: name, reason) }
        return try system.withControl { () throws(ScanFault) in try body(handle) }
    }

    // MARK: SANE calls (under the system's lock)

    static func describe(_ handle: SANE_Handle) -> [ScanOption] {
        // Option 0 holds the number of options.
        var count: SANE_Int = 0
        guard sane_control_option(handle, 0, SANE_ACTION_GET_VALUE, &count, nil) == SANE_STATUS_GOOD else { return [] }
        return (1..<max(1, count)).compactMap { index in
            sane_get_option_descriptor(handle, index).flatMap { ScanOption(index: index, descriptor: $0.pointee) }
        }
    }

    static func read(_ option: ScanOption, _ handle: SANE_Handle) -> ScanOptionValue? {
        guard option.isActive, option.size > 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: max(option.size, MemoryLayout<SANE_Word>.size))
        let status = buffer.withUnsafeMutableBytes { sane_control_option(handle, option.index, SANE_ACTION_GET_VALUE, $0.baseAddress, nil) }
        guard status == SANE_STATUS_GOOD else { return nil }
        return buffer.withUnsafeBytes { raw -> ScanOptionValue? in
            // Arrays (gamma tables) give their first element; the options used here are single.
            let word = raw.load(as: SANE_Word.self)
            switch option.kind {
            case .bool: return .bool(word != 0)
            case .int: return .int(Int(word))
            case .fixed: return .fixed(SaneFixed.double(word))
            case .string:
                let bytes = raw.prefix { $0 != 0 }
                return .string(String(decoding: bytes, as: UTF8.self))
            case .button, .group: return nil
            }
        }
    }

    static func write(_ name: String, _ value: ScanOptionValue, _ handle: SANE_Handle, device: String) throws(ScanFault) -> ScanOptionValue {
        guard let option = describe(handle).first(where: { $0.name == name }) else {
            throw ScanFault(.refusedValue, device: device, "has no option \"\(name)\"")
        }
        guard option.isActive, option.isSettable else {
            throw ScanFault(.refusedValue, device: device, "option \"\(name)\" cannot be set now")
        }
        guard option.allows(value) else {
            throw ScanFault(.refusedValue, device: device, "\(name) \(value) is not offered (it offers \(option.offered))")
        }
        var buffer = [UInt8](repeating: 0, count: max(option.size, MemoryLayout<SANE_Word>.size))
        let fits: Bool = buffer.withUnsafeMutableBytes { raw in
            switch (option.kind, value) {
            case (.bool, .bool(let flag)): raw.storeBytes(of: SANE_Word(flag ? 1 : 0), as: SANE_Word.self)
            case (.int, _):
                guard let number = value.number, number == number.rounded() else { return false }
                raw.storeBytes(of: SANE_Word(clamping: Int64(number)), as: SANE_Word.self)
            case (.fixed, _):
                guard let number = value.number else { return false }
                raw.storeBytes(of: SaneFixed.word(number), as: SANE_Word.self)
            case (.string, .string(let text)):
                let bytes = Array(text.utf8)
                guard bytes.count < option.size else { return false }
                raw.copyBytes(from: bytes)
            default: return false
            }
            return true
        }
        guard fits else { throw ScanFault(.refusedValue, device: device, "\(name) cannot take \(value)") }
        var info: SANE_Int = 0
        let status = buffer.withUnsafeMutableBytes { sane_control_option(handle, option.index, SANE_ACTION_SET_VALUE, $0.baseAddress, &info) }
        if status != SANE_STATUS_GOOD {
            if status == SANE_STATUS_INVAL {
                throw ScanFault(.refusedValue, device: device, "\(name) \(value) was refused (it offers \(option.offered))")
            }
            throw ScanFault.from(status, device: device, during: "setting \(name)")
                ?? ScanFault(.other, device: device, "setting \(name) failed")
        }
        // The driver may round the value, and may change other options (info's reload flags):
        // the value is read back from a fresh description.
        guard let now = describe(handle).first(where: { $0.name == name }), let taken = read(now, handle) else { return value }
        return taken
    }
}
