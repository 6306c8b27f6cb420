import Foundation
import StripsFiles
import StripsPictures

/// A recovery failure, as one line (`recovery: cannot write Scan 3 to ...: No space left on device`).
public struct RecoveryFault: Error, Hashable, Sendable, CustomStringConvertible {
    public var line: String
    public init(_ line: String) { self.line = line }
    public var description: String { line }
}

/// Nothing scanned is lost: a folder under `$XDG_STATE_HOME/strips/recovery/` (default
/// `~/.local/state/strips/recovery/`; else a private folder in the temporary folder) for one
/// editing session, holding each finished page as a PNG the moment it is finished (written
/// whole, flushed) and `manifest.json` naming them in order with their settings and their
/// files' identities. The host removes it (`discard()`) when the document is saved or the user
/// throws the pages away on purpose; a crash or `kill -9` leaves it for the next start
/// (`leftovers()`), losing at most the page that was being scanned. A `lock` file held with
/// flock marks the folder as live, so two Strips never take each other's session.
///
/// It owns only what it made: the session folder is one it created (`SessionMarker`), reached
/// through descriptors without following links (`RecoveryFolder`), and only the files its
/// manifest names, each still the file written, are ever removed; anything else is left where
/// it is and named once. Pages come from any source that writes them by name (the scanner, a
/// camera): `record(_:name:settings:file:)`.
///
/// Thread-safe: a session's writer records pages while the host reads `pages`.
public final class ScanRecovery: @unchecked Sendable {
    /// The session's folder.
    public let folder: String
    private let root: RecoveryFolder
    private let session: RecoveryFolder
    private let name: String
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

    /// Where scans go when the state folder refuses: `strips-scans-UID` in `$TMPDIR` (else
    /// `/tmp`), private to this user (checked: made by this user, 0700, no link).
    public static func fallbackRoot(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let temporary = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        return RecoveryFolder.clean(temporary + "/strips-scans-\(getuid())")
    }

    /// Both places, in the order they are tried.
    public static func defaultRoots(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        (defaultRoot(environment: environment).map { [$0] } ?? []) + [fallbackRoot(environment: environment)]
    }

    /// A new, empty session folder in the first of `roots` that can keep one (each made if
    /// missing), locked by this process, with one line for each root passed over. Throws one
    /// line naming every root and why, when none can.
    public static func create(roots: [String]) throws(RecoveryFault) -> (recovery: ScanRecovery, passedOver: [String]) {
        var refused: [String] = []
        for root in roots {
            do throws(RecoveryFault) {
                return (try create(root: root), refused)
            } catch {
                refused.append(error.line)
            }
        }
        let reasons = refused.map { $0.hasPrefix("recovery: ") ? String($0.dropFirst(10)) : $0 }
        throw RecoveryFault("recovery: no place to keep scanned pages (\(reasons.joined(separator: "; ")))")
    }

    /// A new, empty session folder under `root` (made if missing), locked by this process.
    public static func create(root: String? = nil) throws(RecoveryFault) -> ScanRecovery {
        guard let root = root ?? defaultRoot() else { throw RecoveryFault("recovery: no home folder to keep scans in") }
        let base = try RecoveryRoot.open(root, create: true)
        let stamp = Self.stamp(Date())
        for attempt in 0..<1000 {
            let name = stamp + "-\(getpid())" + (attempt == 0 ? "" : "-\(attempt)")
            guard mkdirat(base.descriptor, name, 0o700) == 0 else {
                if errno == EEXIST { continue }
                throw RecoveryFault("recovery: cannot make \(base.child(name)): \(ScanFiles.Errno(errno))")
            }
            let session: RecoveryFolder
            switch base.folder(name) {
            case .success(let opened): session = opened
            case .failure(let error): throw RecoveryFault("recovery: cannot open \(base.child(name)): \(error)")
            }
            if let error = SessionMarker.write(in: session) {
                _ = base.removeFolder(name, leftover: session)
                throw RecoveryFault("recovery: cannot write in \(session.path): \(error)")
            }
            guard let lock = SessionLock(in: session, name: lockName) else {
                session.remove(SessionMarker.name)
                _ = base.removeFolder(name, leftover: session)
                throw RecoveryFault("recovery: cannot lock \(session.path)")
            }
            let manifest = RecoveryManifest(created: Date().timeIntervalSince1970, pid: getpid(), pages: [])
            let recovery = ScanRecovery(root: base, session: session, name: name, lock: lock, manifest: manifest, pages: [])
            if let error = session.replace(manifest.encoded(), named: manifestName) {
                recovery.discard()
                throw RecoveryFault("recovery: cannot write in \(session.path): \(error)")
            }
            return recovery
        }
        throw RecoveryFault("recovery: cannot make a session folder in \(base.path)")
    }

    init(root: RecoveryFolder, session: RecoveryFolder, name: String, lock: SessionLock, manifest: RecoveryManifest, pages: [RecoveredPage]) {
        self.root = root
        self.session = session
        self.name = name
        folder = session.path
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
        while reserved[file] != nil || session.status(file) != nil, attempt < 1000 {
            attempt += 1
            file = String(format: "scan-%04d-%d.png", number, attempt)
        }
        reserved[file] = number
        return session.child(file)
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
    /// rows): its PNG at `file` (a path `reserveFile` gave, or nil for a
    /// fresh name), then the manifest naming it. Returns the page's file.
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
        if let wanted, !isHere(wanted) { throw RecoveryFault("recovery: \(name): \(wanted) is not in \(folder)") }
        let (file, identity) = try keep(bytes, name: name, file: wanted.map { ($0 as NSString).lastPathComponent },
                                        fresh: { String(format: $0 == 1 ? "scan-%04d.png" : "scan-%04d-\($0).png", number) })
        return try list(RecoveryManifest.Entry(name: name, file: file, bytes: bytes.count, width: pixels.width, height: pixels.height,
                                               format: pixels.format == .grey ? "grey" : "rgb", device: settings.device,
                                               source: settings.source, dpi: settings.dpi, mode: settings.mode,
                                               scanned: Date().timeIntervalSince1970, identity: identity))
    }

    /// Writes a page taken with the camera (`Camera N`): its JPEG as it is, under a name never
    /// used in the folder, then the manifest naming it. Returns the page's file. Camera pages
    /// have their own numbers: they leave the scans' (`nextNumber`) as they are.
    public func record(jpeg bytes: [UInt8], name: String, width: Int, height: Int) throws(RecoveryFault) -> String {
        mutex.lock()
        defer { mutex.unlock() }
        guard !discarded else { throw RecoveryFault("recovery: \(name) came after the pages were discarded; not kept") }
        let number = Int(name.split(separator: " ").last ?? "") ?? 0
        let (file, identity) = try keep(bytes, name: name, file: nil,
                                        fresh: { String(format: $0 == 1 ? "camera-%04d.jpg" : "camera-%04d-\($0).jpg", number) })
        return try list(RecoveryManifest.Entry(name: name, file: file, bytes: bytes.count, width: width, height: height, format: "jpeg",
                                               device: nil, source: "camera", dpi: 0, mode: .color,
                                               scanned: Date().timeIntervalSince1970, identity: identity))
    }

    /// Writes `bytes` as a new file of the session: `file` (reserved, never given up for
    /// another), else the first of `fresh(1)`, `fresh(2)`, ... not taken. Under `mutex`.
    private func keep(_ bytes: [UInt8], name: String, file wanted: String?,
                      fresh: (Int) -> String) throws(RecoveryFault) -> (file: String, identity: FileIdentity) {
        var file = wanted ?? fresh(1)
        var attempt = 1
        while true {
            switch session.create(bytes, named: file) {
            case .success(let written): return (file, written)
            case .failure(let error):
                guard error.exists, wanted == nil, attempt < 100 else {
                    throw RecoveryFault("recovery: cannot write \(name) to \(folder): \(error)")
                }
                attempt += 1
                file = fresh(attempt)
            }
        }
    }

    /// Names a page written by `keep` in the manifest. Under `mutex`.
    private func list(_ entry: RecoveryManifest.Entry) throws(RecoveryFault) -> String {
        manifest.pages.append(entry)
        recorded.append(RecoveredPage(entry, folder: folder))
        // The page is on disk already: a manifest that cannot be rewritten costs its order and
        // settings, not the page (leftovers() finds page files the manifest does not name).
        if let error = session.replace(manifest.encoded(), named: Self.manifestName) {
            throw RecoveryFault("recovery: \(entry.name) is kept in \(folder), but its list could not be updated: \(error)")
        }
        return session.child(entry.file)
    }

    /// Pages kept that a later start would offer back (none once they are all saved).
    public var unsettledCount: Int {
        mutex.lock()
        defer { mutex.unlock() }
        return manifest.pages.count
    }

    /// How many of those were taken with the camera (JPEGs, `Camera N`), not scanned.
    public var unsettledCameraCount: Int {
        mutex.lock()
        defer { mutex.unlock() }
        return manifest.pages.filter(\.isCamera).count
    }

    /// The page files kept so far (full paths).
    public var files: Set<String> {
        mutex.lock()
        defer { mutex.unlock() }
        return Set(recorded.map(\.file))
    }

    /// Whether `path` names a file directly in this session's folder, however it is spelt
    /// (`//`, `.`, a link on the way): its folder is compared by identity.
    private func isHere(_ path: String) -> Bool {
        let parent = (path as NSString).deletingLastPathComponent
        return FileIdentity(path: parent.isEmpty ? "." : parent) == session.identity
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
        let names = Set(files.filter(isHere).map { ($0 as NSString).lastPathComponent })
        var settled = manifest.settled ?? []
        for entry in manifest.pages where names.contains(entry.file) && !settled.contains(where: { $0.file == entry.file }) {
            settled.append(RecoveryManifest.Kept(file: entry.file, identity: entry.identity))
        }
        manifest.settled = settled.sorted { $0.file < $1.file }
        manifest.pages.removeAll { names.contains($0.file) }
        if let error = session.replace(manifest.encoded(), named: Self.manifestName) {
            return "recovery: cannot note in \(folder) that its pages were saved (\(error)); a later start may offer them again"
        }
        return nil
    }

    /// Removes what this session wrote (its pages by name, each only while it is still the file
    /// written; its list, mark and lock) and then the folder, when nothing else is in it: the
    /// document was saved, or the user threw the scans away on purpose. Later pages are not
    /// kept. Returns the line naming what was left because Strips did not write it, if anything.
    @discardableResult
    public func discard() -> String? {
        mutex.lock()
        defer { mutex.unlock() }
        guard !discarded else { return nil }
        discarded = true
        let left = Self.remove(name, of: root, session: session, manifest: manifest)
        lock.release()
        return left
    }

    deinit {
        lock.release()
    }

    /// Files first, the lock last: the folder stays marked live until it is empty.
    static func remove(_ name: String, of root: RecoveryFolder, session: RecoveryFolder, manifest: RecoveryManifest) -> String? {
        for (file, identity) in manifest.ownFiles { session.remove(file, expected: identity) }
        session.remove(manifestName)
        // Pages a killed writer left half-written (its temporary files, lock free, maker gone).
        WholeFile.removeStaleTemporaries(inFolder: session.descriptor)
        session.remove(SessionMarker.name)
        session.remove(lockName)
        let left = root.removeFolder(name, leftover: session)
        guard !left.isEmpty else { return nil }
        let shown = left.prefix(5).joined(separator: ", ") + (left.count > 5 ? " and \(left.count - 5) more" : "")
        return "recovery: \(session.path) holds files Strips did not write (\(shown)); left as they are"
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
    public var isCamera: Bool { RecoveryManifest.isCameraName(name) }

    /// The number in its name (`Scan 3`, `Camera 3`).
    public var number: Int? { Int(name.split(separator: " ").last ?? "") }

    /// The page's pixels (decoding a 300 dpi A4 page takes a while: call it on a worker).
    public func load() -> Result<PixelBuffer, RecoveryFault> {
        let parent = (file as NSString).deletingLastPathComponent
        let folder: RecoveryFolder
        switch RecoveryFolder.open(parent) {
        case .failure(let error): return .failure(RecoveryFault("recovery: cannot read \(name) (\(file)): \(error)"))
        case .success(let opened): folder = opened
        }
        switch folder.read((file as NSString).lastPathComponent, limit: ScanRecovery.maxPageBytes) {
        case .failure(let error): return .failure(RecoveryFault("recovery: cannot read \(name) (\(file)): \(error)"))
        case .success(let bytes):
            return RecoveryPNG.decode(bytes).mapError { RecoveryFault("recovery: \(name) (\(file)) is damaged: \($0.text)") }
        }
    }
}
