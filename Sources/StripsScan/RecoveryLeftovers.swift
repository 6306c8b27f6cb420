import Foundation
import StripsFiles
import StripsPictures

/// An earlier session's recovery folder whose process is gone (a crash, `kill -9`, a power
/// cut): what a start offers back.
public struct RecoveredSession: Sendable {
    public var folder: String
    /// The recovery root it is in, and its name there.
    var root: String
    var name: String
    /// When the session began (nil when its manifest is damaged).
    public var created: Date?
    /// The process that scanned them.
    public var pid: Int32?
    /// The pages that can be brought back, in order.
    public var pages: [RecoveredPage]
    /// One line for each thing skipped: a damaged manifest, a truncated or damaged page.
    public var problems: [String]

    /// Takes the session over (its lock): this process now keeps it; others no longer see it
    /// as a leftover. Throws when another process took it first, or when the folder is no
    /// longer a session of this user's. The host then adds its pages to the document and
    /// `discard()`s it when the document is saved, as with its own scans.
    public func claim() throws(RecoveryFault) -> ScanRecovery {
        let base = try RecoveryRoot.open(root, create: false)
        let session: RecoveryFolder
        switch base.folder(name) {
        case .failure(let error): throw RecoveryFault("recovery: \(folder): \(error); left as it is")
        case .success(let opened): session = opened
        }
        if let problem = SessionMarker.problem(with: session) { throw RecoveryFault("recovery: \(folder): \(problem); left as it is") }
        guard let lock = SessionLock(in: session, name: ScanRecovery.lockName) else {
            throw RecoveryFault("recovery: \(folder) is in use by another Strips")
        }
        // Read again under the lock: the folder may have changed since it was listed.
        let fresh = ScanRecovery.inspect(session)
        var manifest = fresh.manifest ?? RecoveryManifest(created: Date().timeIntervalSince1970, pid: getpid(), pages: [])
        manifest.pid = getpid()
        // Every page taken is named in the list from now on, with its file's identity, so only
        // those files are ever removed (pages found by their names are named now).
        let named = Dictionary(manifest.pages.map { ($0.file, $0) }, uniquingKeysWith: { a, _ in a })
        manifest.pages = fresh.pages.map { page in
            let file = (page.file as NSString).lastPathComponent
            let info = session.status(file)
            var entry = named[file] ?? RecoveryManifest.Entry(name: page.name, file: file, bytes: info.map { Int($0.st_size) } ?? 0,
                                                               width: page.width, height: page.height, format: "", device: nil, source: nil,
                                                               dpi: 0, mode: .color, scanned: info.map { Double($0.st_mtim.tv_sec) } ?? 0)
            entry.identity = info.map(FileIdentity.init)
            return entry
        }
        if let error = session.replace(manifest.encoded(), named: ScanRecovery.manifestName) {
            lock.release()
            throw RecoveryFault("recovery: cannot take over \(folder): \(error)")
        }
        WholeFile.removeStaleTemporaries(inFolder: session.descriptor)
        return ScanRecovery(root: base, session: session, name: name, lock: lock, manifest: manifest, pages: fresh.pages)
    }

    /// Removes the session's own files without bringing its pages back (the user said so).
    /// Throws when another process holds it. Returns the line naming what was left because
    /// Strips did not write it.
    @discardableResult
    public func discard() throws(RecoveryFault) -> String? {
        try claim().discard()
    }
}

extension ScanRecovery {
    /// Problem lines kept for one folder; past these, one line counts the rest.
    static let problemsShown = 5

    /// `leftovers(roots:)` in one root.
    public static func leftovers(root: String? = nil) -> (sessions: [RecoveredSession], problems: [String]) {
        guard let root = root ?? defaultRoot() else { return ([], []) }
        return leftovers(roots: [root])
    }

    /// The recovery sessions under `roots` that no live session holds, oldest first, with the
    /// pages that can be brought back. Damage is skipped page by page, one line each (also in
    /// `problems`; many in one folder are counted in one line); empty leftovers are removed on
    /// the way; anything under a root that is not a session of this user's is left as it is and
    /// named in one line. Never throws, never crashes, never waits on a FIFO.
    public static func leftovers(roots: [String]) -> (sessions: [RecoveredSession], problems: [String]) {
        var sessions: [RecoveredSession] = []
        var problems: [String] = []
        for path in roots {
            let root: RecoveryFolder
            do throws(RecoveryFault) {
                root = try RecoveryRoot.open(path, create: false)
            } catch {
                // A root that is not there has nothing to offer; one that is refused is said.
                if FileManager.default.fileExists(atPath: path) || (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil {
                    problems.append(error.line)
                }
                continue
            }
            var strangers: [String] = []
            for name in root.names().sorted() where !name.hasPrefix(".") {
                let session: RecoveryFolder
                switch root.folder(name) {
                case .failure:
                    strangers.append(name)
                    continue
                case .success(let opened): session = opened
                }
                guard SessionMarker.problem(with: session) == nil else {
                    strangers.append(name)
                    continue
                }
                guard !SessionLock.isHeld(in: session, name: lockName) else { continue }
                let found = inspect(session)
                if found.pages.isEmpty && found.problems.isEmpty {
                    // A session that never kept a page, or saved them all: nothing to offer.
                    if let lock = SessionLock(in: session, name: lockName) {
                        if let left = remove(name, of: root, session: session, manifest: found.manifest ?? RecoveryManifest(created: 0, pid: 0, pages: [])) {
                            problems.append(left)
                        }
                        lock.release()
                    }
                    continue
                }
                problems += found.problems
                sessions.append(RecoveredSession(folder: session.path, root: root.path, name: name,
                                                 created: found.manifest.map { Date(timeIntervalSince1970: $0.created) },
                                                 pid: found.manifest?.pid, pages: found.pages, problems: found.problems))
            }
            if !strangers.isEmpty {
                let shown = strangers.prefix(5).joined(separator: ", ") + (strangers.count > 5 ? " and \(strangers.count - 5) more" : "")
                problems.append("recovery: \(root.path) holds \(strangers.count == 1 ? "something" : "\(strangers.count) things") Strips did not make (\(shown)); left as \(strangers.count == 1 ? "it is" : "they are")")
            }
        }
        return (sessions, problems)
    }

    /// A session folder's pages: the manifest's in its order, then page files it does not name
    /// (the process died between writing a page and its manifest), each checked whole and
    /// against the size the manifest gives.
    static func inspect(_ folder: RecoveryFolder) -> (manifest: RecoveryManifest?, pages: [RecoveredPage], problems: [String]) {
        var problems: [String] = []
        var manifest: RecoveryManifest?
        switch folder.read(manifestName, limit: RecoveryManifest.maxBytes) {
        case .success(let bytes):
            manifest = RecoveryManifest.decode(bytes)
            if manifest == nil { problems.append("recovery: \(folder.path): its list of pages is damaged; pages are taken in file order") }
        case .failure(let error):
            problems.append("recovery: \(folder.path): its list of pages cannot be read (\(error)); pages are taken in file order")
        }
        var pages: [RecoveredPage] = []
        var skipped: [String] = []
        // Saved pages are nobody's leftovers.
        var named = Set((manifest?.settled ?? []).map(\.file))
        for entry in manifest?.pages ?? [] {
            // A manifest names files beside it, nothing else.
            guard RecoveryFolder.isPlainName(entry.file), !entry.file.hasPrefix("."), named.insert(entry.file).inserted else {
                skipped.append("recovery: \(folder.path): \(entry.name) has a bad file name; skipped")
                continue
            }
            let path = folder.child(entry.file)
            switch check(entry.file, in: folder, expectedBytes: entry.bytes) {
            case .failure(let problem): skipped.append("recovery: \(entry.name) (\(path)) is \(problem.text); skipped")
            case .success(let size) where size.width != entry.width || size.height != entry.height:
                skipped.append("recovery: \(entry.name) (\(path)) is \(size.width) x \(size.height), not \(entry.width) x \(entry.height) as its list says; skipped")
            case .success: pages.append(RecoveredPage(entry, folder: folder.path))
            }
        }
        let files = folder.names()
            .filter { isPageFileName($0) && !named.contains($0) }
            .sorted { $0.localizedStandardCompare($1) == .orderedAscending }
        for file in files {
            let path = folder.child(file)
            let camera = file.hasPrefix("camera-")
            let number = Int(file.dropFirst(camera ? 7 : 5).prefix { $0.isNumber }) ?? 0
            let name = camera ? "Camera \(number)" : "Scan \(number)"
            switch check(file, in: folder, expectedBytes: nil) {
            case .failure(let problem): skipped.append("recovery: \(name) (\(path)) is \(problem.text); skipped")
            case .success(let size): pages.append(RecoveredPage(name: name, file: path, width: size.width, height: size.height))
            }
        }
        if skipped.count > problemsShown {
            let shown = problemsShown - 1
            problems += skipped.prefix(shown)
            problems.append("recovery: \(folder.path): \(skipped.count - shown) more pages are missing or damaged; skipped")
        } else {
            problems += skipped
        }
        return (manifest, pages, problems)
    }

    /// `scan-0003.png` or `scan-0003-2.png`, `camera-0003.jpg` or `camera-0003-2.jpg`: the
    /// names pages are written under.
    static func isPageFileName(_ name: String) -> Bool {
        let middle: Substring
        if name.hasPrefix("scan-"), name.hasSuffix(".png") {
            middle = name.dropFirst(5).dropLast(4)
        } else if name.hasPrefix("camera-"), name.hasSuffix(".jpg") {
            middle = name.dropFirst(7).dropLast(4)
        } else {
            return false
        }
        let parts = middle.split(separator: "-", omittingEmptySubsequences: false)
        return (1...2).contains(parts.count) && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
    }

    /// The page's size, or why its file cannot be brought back.
    static func check(_ file: String, in folder: RecoveryFolder, expectedBytes: Int?) -> Result<(width: Int, height: Int), RecoveryPNG.Reason> {
        switch folder.read(file, limit: maxPageBytes) {
        case .failure(let error): return .failure(RecoveryPNG.Reason(error.code == ENOENT ? "missing" : "unreadable (\(error))"))
        case .success(let bytes):
            if let expectedBytes, bytes.count < expectedBytes { return .failure(RecoveryPNG.Reason("truncated (\(bytes.count) of \(expectedBytes) bytes)")) }
            if file.hasSuffix(".jpg") { return checkJPEG(bytes) }
            if let problem = RecoveryPNG.problem(in: bytes) { return .failure(RecoveryPNG.Reason(problem)) }
            // The header follows the signature: width and height, big-endian.
            func word(_ at: Int) -> Int { Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]) }
            return .success((word(16), word(20)))
        }
    }

    /// A camera page's JPEG: whole (it ends where a JPEG ends) and of a size its header states.
    private static func checkJPEG(_ bytes: [UInt8]) -> Result<(width: Int, height: Int), RecoveryPNG.Reason> {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return .failure(RecoveryPNG.Reason("not a JPEG")) }
        guard bytes[bytes.count - 2] == 0xFF, bytes[bytes.count - 1] == 0xD9 else { return .failure(RecoveryPNG.Reason("truncated")) }
        guard case .success(let info) = ImageHeader.jpeg(bytes: bytes), info.width > 0, info.height > 0 else {
            return .failure(RecoveryPNG.Reason("damaged"))
        }
        return .success((info.width, info.height))
    }
}
