import Foundation
import StripsPictures

/// A recovery failure, as one line (`recovery: cannot write Scan 3 to ...: No space left on device`).
public struct RecoveryFault: Error, Hashable, Sendable, CustomStringConvertible {
    public var line: String
    public init(_ line: String) { self.line = line }
    public var description: String { line }
}

/// Nothing scanned is lost: a folder under `$XDG_STATE_HOME/strips/recovery/` (default
/// `~/.local/state/strips/recovery/`) for one editing session, holding each finished page as a
/// PNG the moment it is finished (written whole, flushed) and `manifest.json` naming them in
/// order with their settings. The host removes it (`discard()`) when the document is saved or
/// the user throws the scans away on purpose; a crash or `kill -9` leaves it for the next start
/// (`leftovers()`), losing at most the page that was being scanned. A `lock` file held with
/// flock marks the folder as live, so two Strips never take each other's session.
///
/// Thread-safe: a session's writer records pages while the host reads `pages`.
public final class ScanRecovery: @unchecked Sendable {
    /// The session's folder.
    public let folder: String
    private let lock: SessionLock
    private let mutex = NSLock()
    private var manifest: RecoveryManifest
    private var recorded: [RecoveredPage]
    private var highestNumber: Int
    /// The highest number the folder had when this process took it.
    private var claimedHighest = 0
    private var discarded = false
    /// Files promised to pages still arriving, with their pages' numbers.
    private var reserved: [String: Int] = [:]

    static let manifestName = "manifest.json"
    static let lockName = "lock"
    /// A page file larger than this is not one Strips wrote (a 1200 dpi A3 page is about 250 MB).
    static let maxPageBytes = 1 << 30

    /// `$XDG_STATE_HOME/strips/recovery` (an unset or relative value means `~/.local/state`), or
    /// nil without a usable home.
    public static func defaultRoot(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        StateFolder.strips(environment: environment).map { $0 + "/recovery" }
    }

    /// A new, empty session folder under `root` (made if missing), locked by this process.
    public static func create(root: String? = nil) throws(RecoveryFault) -> ScanRecovery {
        guard let root = root ?? defaultRoot() else { throw RecoveryFault("recovery: no home folder to keep scans in") }
        if let error = ScanFiles.makeFolders(root) { throw RecoveryFault("recovery: cannot make \(root): \(error)") }
        let stamp = Self.stamp(Date())
        for attempt in 0..<1000 {
            let folder = root + "/" + stamp + "-\(getpid())" + (attempt == 0 ? "" : "-\(attempt)")
            guard mkdir(folder, 0o700) == 0 else {
                if errno == EEXIST { continue }
                throw RecoveryFault("recovery: cannot make \(folder): \(ScanFiles.Errno(errno))")
            }
            guard let lock = SessionLock(folder + "/" + lockName) else {
                throw RecoveryFault("recovery: cannot lock \(folder)")
            }
            let manifest = RecoveryManifest(created: Date().timeIntervalSince1970, pid: getpid(), pages: [])
            let recovery = ScanRecovery(folder: folder, lock: lock, manifest: manifest, pages: [])
            if let error = ScanFiles.replace(manifest.encoded(), at: folder + "/" + manifestName) {
                recovery.discard()
                throw RecoveryFault("recovery: cannot write in \(folder): \(error)")
            }
            return recovery
        }
        throw RecoveryFault("recovery: cannot make a session folder in \(root)")
    }

    init(folder: String, lock: SessionLock, manifest: RecoveryManifest, pages: [RecoveredPage]) {
        self.folder = folder
        self.lock = lock
        self.manifest = manifest
        recorded = pages
        highestNumber = pages.compactMap { Self.number(inName: $0.name) }.max() ?? 0
        claimedHighest = highestNumber
    }

    /// The pages on disk, in order.
    public var pages: [RecoveredPage] {
        mutex.lock()
        defer { mutex.unlock() }
        return recorded
    }

    /// The number the next scanned page's name takes (`Scan N`): one past every name recorded
    /// or attempted here.
    public var nextNumber: Int {
        mutex.lock()
        defer { mutex.unlock() }
        return highestNumber + 1
    }

    /// Writes a finished page: its PNG under a name never used in the folder, then the
    /// manifest naming it. Returns the page's file. Throws one line (and the page stays only in
    /// memory) when the disk refuses.
    func record(_ page: ScannedPage) throws(RecoveryFault) -> String {
        try record(page.pixels, name: page.name, settings: page.settings, file: nil)
    }

    /// The file a page `number` will be kept in, reserved now (the editor names the page's
    /// source before its last row arrives): never an existing file, never one reserved before.
    public func reserveFile(number: Int) -> String {
        mutex.lock()
        defer { mutex.unlock() }
        highestNumber = max(highestNumber, number)
        var file = String(format: "scan-%04d.png", number)
        var attempt = 1
        while reserved[file] != nil || FileManager.default.fileExists(atPath: folder + "/" + file), attempt < 1000 {
            attempt += 1
            file = String(format: "scan-%04d-%d.png", number, attempt)
        }
        reserved[file] = number
        return folder + "/" + file
    }

    /// A reserved file whose page never came (cut short, or an empty feeder): its number is
    /// free again unless a kept page has it.
    public func release(_ path: String) {
        mutex.lock()
        defer { mutex.unlock() }
        reserved[(path as NSString).lastPathComponent] = nil
        let kept = recorded.compactMap { Self.number(inName: $0.name) }
        highestNumber = max(kept.max() ?? 0, reserved.values.max() ?? 0, claimedHighest)
    }

    /// Writes a finished page (the app's host, which assembles pages from the scan worker's
    /// rows): its PNG at `file` (a path `reserveFile` gave, or nil for a fresh name), then the
    /// manifest naming it. Returns the page's file.
    public func record(_ pixels: PixelBuffer, name: String, settings: ScanSettings, file wanted: String?) throws(RecoveryFault) -> String {
        mutex.lock()
        defer { mutex.unlock() }
        guard !discarded else { throw RecoveryFault("recovery: \(name) came after the scans were discarded; not kept") }
        let number = Self.number(inName: name) ?? highestNumber + 1
        highestNumber = max(highestNumber, number)
        let bytes: [UInt8]
        switch RecoveryPNG.encode(pixels, dpi: settings.dpi) {
        case .success(let encoded): bytes = encoded
        case .failure(let reason): throw RecoveryFault("recovery: cannot keep \(name): \(reason.text)")
        }
        var file = wanted.map { ($0 as NSString).lastPathComponent } ?? String(format: "scan-%04d.png", number)
        var attempt = 1
        while true {
            let error = ScanFiles.create(bytes, at: folder + "/" + file)
            if error == nil { break }
            // A reserved name is the page's source already: it is never given up for another.
            guard let error, error.exists, wanted == nil, attempt < 100 else {
                throw RecoveryFault("recovery: cannot write \(name) to \(folder): \(error.map(\.description) ?? "failed") (it is kept in memory only)")
            }
            attempt += 1
            file = String(format: "scan-%04d-%d.png", number, attempt)
        }
        let now = Date()
        let entry = RecoveryManifest.Entry(name: name, file: file, bytes: bytes.count, width: pixels.width, height: pixels.height,
                                           format: pixels.format == .grey ? "grey" : "rgb", device: settings.device,
                                           source: settings.source, dpi: settings.dpi, mode: settings.mode,
                                           scanned: now.timeIntervalSince1970)
        manifest.pages.append(entry)
        recorded.append(RecoveredPage(entry, folder: folder))
        // The page is on disk already: a manifest that cannot be rewritten costs its order and
        // settings, not the page (leftovers() finds page files the manifest does not name).
        if let error = ScanFiles.replace(manifest.encoded(), at: folder + "/" + Self.manifestName) {
            throw RecoveryFault("recovery: \(name) is kept in \(folder), but its list could not be updated: \(error)")
        }
        return folder + "/" + file
    }

    /// Writes a page taken with the camera (`Camera N`): its JPEG as it is (a new file never
    /// used in the folder), then the manifest naming it. Returns the page's file.
    public func record(jpeg bytes: [UInt8], name: String, width: Int, height: Int) throws(RecoveryFault) -> String {
        mutex.lock()
        defer { mutex.unlock() }
        guard !discarded else { throw RecoveryFault("recovery: \(name) came after the pages were discarded; not kept") }
        let number = Int(name.split(separator: " ").last ?? "") ?? 0
        var file = String(format: "camera-%04d.jpg", number)
        var attempt = 1
        while let error = ScanFiles.create(bytes, at: folder + "/" + file) {
            guard error.exists, attempt < 100 else {
                throw RecoveryFault("recovery: cannot write \(name) to \(folder): \(error) (it is kept in memory only)")
            }
            attempt += 1
            file = String(format: "camera-%04d-%d.jpg", number, attempt)
        }
        let entry = RecoveryManifest.Entry(name: name, file: file, bytes: bytes.count, width: width, height: height, format: "jpeg",
                                           device: nil, source: "camera", dpi: 0, mode: .color, scanned: Date().timeIntervalSince1970)
        manifest.pages.append(entry)
        recorded.append(RecoveredPage(entry, folder: folder))
        if let error = ScanFiles.replace(manifest.encoded(), at: folder + "/" + Self.manifestName) {
            throw RecoveryFault("recovery: \(name) is kept in \(folder), but its list could not be updated: \(error)")
        }
        return folder + "/" + file
    }

    /// Pages kept that a later start would offer back (none once they are all saved).
    public var unsettledCount: Int {
        mutex.lock()
        defer { mutex.unlock() }
        return manifest.pages.count
    }

    /// The page files kept so far (full paths).
    public var files: Set<String> {
        mutex.lock()
        defer { mutex.unlock() }
        return Set(recorded.map(\.file))
    }

    /// The pages in `files` are safe elsewhere (the document was saved with them, or without
    /// them on purpose): a later start no longer offers them back. Their files stay while this
    /// process runs (the document still reads them; undo may bring a deleted one back) and go
    /// with `discard()`. Returns the line to show when the list could not be rewritten.
    @discardableResult
    public func settle(_ files: Set<String>) -> String? {
        mutex.lock()
        defer { mutex.unlock() }
        guard !discarded, !files.isEmpty else { return nil }
        let names = Set(files.filter { ($0 as NSString).deletingLastPathComponent == folder }.map { ($0 as NSString).lastPathComponent })
        manifest.settled = Array(Set(manifest.settled ?? []).union(names)).sorted()
        manifest.pages.removeAll { names.contains($0.file) }
        if let error = ScanFiles.replace(manifest.encoded(), at: folder + "/" + Self.manifestName) {
            return "recovery: cannot note in \(folder) that its pages were saved (\(error)); a later start may offer them again"
        }
        return nil
    }

    /// Removes the folder and everything in it: the document was saved, or the user threw the
    /// scans away on purpose. Later pages are not kept.
    public func discard() {
        mutex.lock()
        defer { mutex.unlock() }
        guard !discarded else { return }
        discarded = true
        Self.remove(folder)
        lock.release()
    }

    deinit {
        lock.release()
    }

    static func remove(_ folder: String) {
        // Files first, the lock last: the folder stays marked live until it is empty.
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted { a, _ in a != lockName }
        for name in names { unlink(folder + "/" + name) }
        rmdir(folder)
    }

    static func number(inName name: String) -> Int? {
        guard name.hasPrefix("Scan ") else { return nil }
        return Int(name.dropFirst(5))
    }

    static func stamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.string(from: date)
    }
}

/// A page kept in a recovery folder.
public struct RecoveredPage: Hashable, Sendable {
    /// `Scan 3`.
    public var name: String
    /// The PNG's path.
    public var file: String
    public var width: Int
    public var height: Int
    /// What it was scanned with; nil when the manifest was lost and the page was found by its file.
    public var settings: ScanSettings?
    public var scanned: Date?

    init(_ entry: RecoveryManifest.Entry, folder: String) {
        name = entry.name
        file = folder + "/" + entry.file
        width = entry.width
        height = entry.height
        settings = ScanSettings(device: entry.device, source: entry.source, dpi: entry.dpi, mode: entry.mode)
        scanned = Date(timeIntervalSince1970: entry.scanned)
    }

    init(name: String, file: String, width: Int, height: Int) {
        self.name = name
        self.file = file
        self.width = width
        self.height = height
        settings = nil
        scanned = nil
    }

    /// A page taken with the camera (a JPEG, `Camera N`), not scanned.
    public var isCamera: Bool { name.hasPrefix("Camera ") }

    /// The number in its name (`Scan 3`, `Camera 3`).
    public var number: Int? { Int(name.split(separator: " ").last ?? "") }

    /// The page's pixels (decoding a 300 dpi A4 page takes a while: call it on a worker).
    public func load() -> Result<PixelBuffer, RecoveryFault> {
        switch ScanFiles.read(file, limit: ScanRecovery.maxPageBytes) {
        case .failure(let error): return .failure(RecoveryFault("recovery: cannot read \(name) (\(file)): \(error)"))
        case .success(let bytes):
            return RecoveryPNG.decode(bytes).mapError { RecoveryFault("recovery: \(name) (\(file)) is damaged: \($0.text)") }
        }
    }
}
