import Foundation
import StripsPictures

/// An earlier session's recovery folder whose process is gone (a crash, `kill -9`, a power
/// cut): what a start offers back.
public struct RecoveredSession: Sendable {
    public var folder: String
    /// When the session began (nil when its manifest is damaged).
    public var created: Date?
    /// The process that scanned them.
    public var pid: Int32?
    /// The pages that can be brought back, in order.
    public var pages: [RecoveredPage]
    /// One line for each thing skipped: a damaged manifest, a truncated or damaged page.
    public var problems: [String]

    /// Takes the session over (its lock): this process now keeps it; others no longer see it
    /// as a leftover. Throws when another process took it first. The host then adds its pages
    /// to the document and `discard()`s it when the document is saved, as with its own scans.
    public func claim() throws(RecoveryFault) -> ScanRecovery {
        guard let lock = SessionLock(folder + "/" + ScanRecovery.lockName) else {
            throw RecoveryFault("recovery: \(folder) is in use by another Strips")
        }
        // Read again under the lock: the folder may have changed since it was listed.
        let fresh = ScanRecovery.inspect(folder)
        var manifest = fresh.manifest ?? RecoveryManifest(created: Date().timeIntervalSince1970, pid: getpid(), pages: [])
        manifest.pid = getpid()
        manifest.pages = manifest.pages.filter { entry in fresh.pages.contains { $0.file == folder + "/" + entry.file } }
        return ScanRecovery(folder: folder, lock: lock, manifest: manifest, pages: fresh.pages)
    }

    /// Removes the folder without bringing its pages back (the user said so). Throws when
    /// another process holds it.
    public func discard() throws(RecoveryFault) {
        try claim().discard()
    }
}

extension ScanRecovery {
    /// The recovery folders under `root` that no live session holds, oldest first, with the
    /// pages that can be brought back. Damage is skipped page by page, one line each (also in
    /// `problems`); empty leftovers are removed on the way. Never throws, never crashes.
    public static func leftovers(root: String? = nil) -> (sessions: [RecoveredSession], problems: [String]) {
        guard let root = root ?? defaultRoot(),
              let names = try? FileManager.default.contentsOfDirectory(atPath: root) else { return ([], []) }
        var sessions: [RecoveredSession] = []
        var problems: [String] = []
        for name in names.sorted() where !name.hasPrefix(".") {
            let folder = root + "/" + name
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue,
                  !SessionLock.isHeld(folder + "/" + lockName) else { continue }
            let found = inspect(folder)
            if found.pages.isEmpty && found.problems.isEmpty {
                // A session that never kept a page, or saved them all: nothing to offer.
                if let lock = SessionLock(folder + "/" + lockName) {
                    remove(folder)
                    lock.release()
                }
                continue
            }
            problems += found.problems
            sessions.append(RecoveredSession(folder: folder, created: found.manifest.map { Date(timeIntervalSince1970: $0.created) },
                                             pid: found.manifest?.pid, pages: found.pages, problems: found.problems))
        }
        return (sessions, problems)
    }

    /// A folder's pages: the manifest's in its order, then page files it does not name (the
    /// process died between writing a page and its manifest), each checked whole.
    static func inspect(_ folder: String) -> (manifest: RecoveryManifest?, pages: [RecoveredPage], problems: [String]) {
        var problems: [String] = []
        var manifest: RecoveryManifest?
        switch ScanFiles.read(folder + "/" + manifestName, limit: RecoveryManifest.maxBytes) {
        case .success(let bytes):
            manifest = RecoveryManifest.decode(bytes)
            if manifest == nil { problems.append("recovery: \(folder): its list of pages is damaged; pages are taken in file order") }
        case .failure(let error):
            problems.append("recovery: \(folder): its list of pages cannot be read (\(error)); pages are taken in file order")
        }
        var pages: [RecoveredPage] = []
        // Saved pages are nobody's leftovers.
        var named = Set(manifest?.settled ?? [])
        for entry in manifest?.pages ?? [] {
            // A manifest names files beside it, nothing else.
            guard !entry.file.contains("/"), !entry.file.hasPrefix("."), named.insert(entry.file).inserted else {
                problems.append("recovery: \(folder): \(entry.name) has a bad file name; skipped")
                continue
            }
            let path = folder + "/" + entry.file
            switch check(path, expectedBytes: entry.bytes) {
            case .failure(let problem): problems.append("recovery: \(entry.name) (\(path)) is \(problem.text); skipped")
            case .success: pages.append(RecoveredPage(entry, folder: folder))
            }
        }
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { ($0.hasPrefix("scan-") && $0.hasSuffix(".png") || $0.hasPrefix("camera-") && $0.hasSuffix(".jpg")) && !named.contains($0) }
            .sorted { $0.localizedStandardCompare($1) == .orderedAscending }
        for file in files {
            let path = folder + "/" + file
            let camera = file.hasPrefix("camera-")
            let number = Int(file.dropFirst(camera ? 7 : 5).prefix { $0.isNumber }) ?? 0
            let name = camera ? "Camera \(number)" : "Scan \(number)"
            switch check(path, expectedBytes: nil) {
            case .failure(let problem): problems.append("recovery: \(name) (\(path)) is \(problem.text); skipped")
            case .success(let size): pages.append(RecoveredPage(name: name, file: path, width: size.width, height: size.height))
            }
        }
        return (manifest, pages, problems)
    }

    /// The page's size, or why its file cannot be brought back.
    static func check(_ path: String, expectedBytes: Int?) -> Result<(width: Int, height: Int), RecoveryPNG.Reason> {
        switch ScanFiles.read(path, limit: maxPageBytes) {
        case .failure(let error): return .failure(RecoveryPNG.Reason(error.code == ENOENT ? "missing" : "unreadable (\(error))"))
        case .success(let bytes):
            if let expectedBytes, bytes.count < expectedBytes { return .failure(RecoveryPNG.Reason("truncated (\(bytes.count) of \(expectedBytes) bytes)")) }
            if path.hasSuffix(".jpg") { return checkJPEG(path, bytes) }
            if let problem = RecoveryPNG.problem(in: bytes) { return .failure(RecoveryPNG.Reason(problem)) }
            // The header follows the signature: width and height, big-endian.
            func word(_ at: Int) -> Int { Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]) }
            return .success((word(16), word(20)))
        }
    }

    /// A camera page's JPEG: whole (it ends where a JPEG ends) and of a size its header states.
    private static func checkJPEG(_ path: String, _ bytes: [UInt8]) -> Result<(width: Int, height: Int), RecoveryPNG.Reason> {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return .failure(RecoveryPNG.Reason("not a JPEG")) }
        guard bytes[bytes.count - 2] == 0xFF, bytes[bytes.count - 1] == 0xD9 else { return .failure(RecoveryPNG.Reason("truncated")) }
        guard case .success(let info) = ImageHeader.read(path), info.format == .jpeg, info.width > 0, info.height > 0 else {
            return .failure(RecoveryPNG.Reason("damaged"))
        }
        return .success((info.width, info.height))
    }
}
