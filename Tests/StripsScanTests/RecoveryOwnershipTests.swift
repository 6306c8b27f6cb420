import Foundation
import StripsFiles
import StripsPictures
import Testing
@testable import StripsScan

/// Recovery owns only what it made (issue 28): a session is a real, private folder of this
/// user's holding the mark it wrote; it reads and removes only the files its list names, never
/// through a link, never waiting on a FIFO; anything else is left as it is and named once.
@Suite("Recovery owns only its own files")
struct RecoveryOwnershipTests {
    let pages = RecoveryTests()

    /// A user's folder with a page-like PNG and a note in it: what must never be touched.
    struct UserFolder {
        let root: String
        var year: String { root + "/v/2023" }
        var scan: String { year + "/scan-0001.png" }
        var note: String { year + "/a.txt" }

        init(_ root: String) throws {
            self.root = root
            try FileManager.default.createDirectory(atPath: root + "/v/2023", withIntermediateDirectories: true)
            let png = try RecoveryPNG.encode(PixelBuffer(width: 4, height: 3, format: .grey, filledWith: 9), dpi: 150).get()
            try Data(png).write(to: URL(fileURLWithPath: root + "/v/2023/scan-0001.png"))
            try Data("mine".utf8).write(to: URL(fileURLWithPath: root + "/v/2023/a.txt"))
        }

        var untouched: Bool {
            FileManager.default.fileExists(atPath: scan) && (try? String(contentsOfFile: note, encoding: .utf8)) == "mine"
        }
    }

    /// `leftovers` on another thread, given `seconds` to answer (a FIFO opened for reading would block for ever).
    static func leftovers(_ roots: [String], within seconds: Double = 10) -> (sessions: [RecoveredSession], problems: [String])? {
        final class Box: @unchecked Sendable { var found: (sessions: [RecoveredSession], problems: [String])? }
        let done = DispatchSemaphore(value: 0)
        let box = Box()
        Thread {
            box.found = ScanRecovery.leftovers(roots: roots)
            done.signal()
        }.start()
        // The semaphore orders the write before this read.
        return done.wait(timeout: .now() + seconds) == .success ? box.found : nil
    }

    @Test func aRootThatIsASymbolicLinkIsRefusedAndWhatItPointsAtStays() throws {
        let scratch = TestBackend.scratch("linked-root")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let user = try UserFolder(scratch)
        let root = scratch + "/recovery"
        try FileManager.default.createSymbolicLink(atPath: root, withDestinationPath: scratch + "/v")
        let found = try #require(Self.leftovers([root]))
        #expect(found.sessions.isEmpty)
        #expect(found.problems == ["recovery: \(root) is a symbolic link; not used"])
        #expect(throws: RecoveryFault.self) { try ScanRecovery.create(root: root) }
        #expect(user.untouched)
    }

    @Test func aFolderWithoutTheMarkIsNeverReadOrEmptied() throws {
        let scratch = TestBackend.scratch("unmarked")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let user = try UserFolder(scratch)
        // The user's folder moved (or linked) into the recovery root, and a folder of the same
        // look made by hand: neither is a session.
        let root = scratch + "/recovery"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        chmod(root, 0o700)
        try FileManager.default.createSymbolicLink(atPath: root + "/2023", withDestinationPath: user.year)
        try FileManager.default.createDirectory(atPath: root + "/20240101T000000Z-1", withIntermediateDirectories: true)
        chmod(root + "/20240101T000000Z-1", 0o700)
        try FileManager.default.copyItem(atPath: user.scan, toPath: root + "/20240101T000000Z-1/scan-0001.png")
        let found = try #require(Self.leftovers([root]))
        #expect(found.sessions.isEmpty)
        #expect(found.problems == ["recovery: \(root) holds 2 things Strips did not make (2023, 20240101T000000Z-1); left as they are"])
        #expect(user.untouched && FileManager.default.fileExists(atPath: root + "/20240101T000000Z-1/scan-0001.png"))
    }

    @Test func aSessionCopiedOrLinkedElsewhereIsNotTheSession() throws {
        let root = TestBackend.scratch("copied")
        defer { try? FileManager.default.removeItem(atPath: root) }
        var recovery: ScanRecovery? = try ScanRecovery.create(root: root + "/a")
        _ = try recovery?.record(pages.page(1))
        let folder = try #require(recovery?.folder)
        recovery = nil
        // A copy carries the mark, but the mark names the folder it was written in.
        let other = root + "/b"
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        chmod(other, 0o700)
        try FileManager.default.copyItem(atPath: folder, toPath: other + "/copy")
        try FileManager.default.createSymbolicLink(atPath: other + "/link", withDestinationPath: folder)
        let found = try #require(Self.leftovers([other]))
        #expect(found.sessions.isEmpty)
        #expect(found.problems.count == 1 && found.problems[0].contains("2 things Strips did not make (copy, link)"))
        #expect(FileManager.default.fileExists(atPath: other + "/copy/scan-0001.png"))
        // The real one is still a session.
        #expect(Self.leftovers([root + "/a"])?.sessions.count == 1)
    }

    @Test func discardingRemovesOnlyWhatTheListNamesAndNamesTheRest() throws {
        let scratch = TestBackend.scratch("foreign")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let user = try UserFolder(scratch)
        let root = scratch + "/recovery"
        var recovery: ScanRecovery? = try ScanRecovery.create(root: root)
        for number in 1...2 { _ = try recovery?.record(pages.page(number)) }
        let folder = try #require(recovery?.folder)
        recovery = nil
        // Things put in the session folder since: a note, a link named like a page, a page
        // swapped for another file under its name.
        try Data("notes".utf8).write(to: URL(fileURLWithPath: folder + "/a.txt"))
        try FileManager.default.createSymbolicLink(atPath: folder + "/scan-0009.png", withDestinationPath: user.scan)
        try FileManager.default.removeItem(atPath: folder + "/scan-0002.png")
        try FileManager.default.copyItem(atPath: user.scan, toPath: folder + "/scan-0002.png")
        let found = try #require(Self.leftovers([root]))
        let session = try #require(found.sessions.first)
        // The link is not read as a page (nor followed); the swapped page is the wrong size.
        #expect(session.pages.map(\.name) == ["Scan 1"])
        #expect(found.problems.contains { $0.hasPrefix("recovery: Scan 9 (\(folder)/scan-0009.png) is unreadable (not a regular file)") })
        #expect(found.problems.contains { $0.hasPrefix("recovery: Scan 2 (\(folder)/scan-0002.png) is truncated") })
        let left = try session.discard()
        #expect(left == "recovery: \(folder) holds files Strips did not write (a.txt, scan-0002.png, scan-0009.png); left as they are")
        #expect(!FileManager.default.fileExists(atPath: folder + "/scan-0001.png"))
        #expect(FileManager.default.fileExists(atPath: folder + "/a.txt") && FileManager.default.fileExists(atPath: folder + "/scan-0002.png"))
        #expect(user.untouched)
    }

    @Test func aFIFONeverHoldsUpTheStart() throws {
        let root = TestBackend.scratch("fifo")
        defer { try? FileManager.default.removeItem(atPath: root) }
        var one: ScanRecovery? = try ScanRecovery.create(root: root)
        _ = try one?.record(pages.page(1))
        let first = try #require(one?.folder)
        one = nil
        var two: ScanRecovery? = try ScanRecovery.create(root: root)
        _ = try two?.record(pages.page(1))
        let second = try #require(two?.folder)
        two = nil
        // A FIFO as one session's list, another as a page, and one as a whole session's name.
        try FileManager.default.removeItem(atPath: first + "/manifest.json")
        #expect(mkfifo(first + "/manifest.json", 0o600) == 0)
        #expect(mkfifo(second + "/scan-0009.png", 0o600) == 0)
        #expect(mkfifo(root + "/20990101T000000Z-1", 0o600) == 0)
        #expect(mkfifo(root + "/.hidden", 0o600) == 0)
        let found = try #require(Self.leftovers([root]), "the start waited on a FIFO")
        #expect(found.sessions.count == 2)
        #expect(found.problems.contains("recovery: \(first): its list of pages cannot be read (not a regular file); pages are taken in file order"))
        #expect(found.problems.contains { $0.hasPrefix("recovery: Scan 9 (\(second)/scan-0009.png) is unreadable (not a regular file)") })
        #expect(found.problems.contains("recovery: \(root) holds something Strips did not make (20990101T000000Z-1); left as it is"))
        for session in found.sessions { try session.discard() }
        var info = stat()
        #expect(lstat(second + "/scan-0009.png", &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    }

    @Test func anotherUsersFolderIsNeverUsedOrRead() throws {
        // Root can hand a folder to another uid; elsewhere the check is shown on a folder whose
        // mode lets others write.
        let scratch = TestBackend.scratch("owner")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let planted = scratch + "/strips-scans-\(getuid())"
        try FileManager.default.createDirectory(atPath: planted, withIntermediateDirectories: true)
        chmod(planted, 0o777)
        let owner: String
        if getuid() == 0 {
            #expect(chown(planted, 65534, 65534) == 0)
            owner = "belongs to another user (uid 65534)"
        } else {
            owner = "others may write in"
        }
        let fault = #expect(throws: RecoveryFault.self) { try ScanRecovery.create(roots: [planted]) }
        #expect(fault?.line.hasPrefix("recovery: no place to keep scanned pages (") == true)
        #expect(fault?.line.contains(owner) == true, "\(fault?.line ?? "")")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: planted)) ?? ["?"]).isEmpty)
        // A session folder inside a good root that belongs to someone else is not a session.
        let root = scratch + "/recovery"
        var recovery: ScanRecovery? = try ScanRecovery.create(root: root)
        _ = try recovery?.record(pages.page(1))
        let folder = try #require(recovery?.folder)
        recovery = nil
        if getuid() == 0 {
            #expect(chown(folder, 65534, 65534) == 0)
        } else {
            chmod(folder, 0o770)
        }
        let found = try #require(Self.leftovers([root]))
        #expect(found.sessions.isEmpty && found.problems.count == 1)
        #expect(FileManager.default.fileExists(atPath: folder + "/scan-0001.png"))
    }

    @Test func whenTheStateFolderRefusesTheTemporaryFallbackKeepsThemAndOffersThemBack() throws {
        let scratch = TestBackend.scratch("fallback")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        try Data().write(to: URL(fileURLWithPath: scratch + "/state-is-a-file"))
        let state = scratch + "/state-is-a-file/strips/recovery"
        // As TMPDIR ends in a slash, and /tmp is spelt: `//` in the path.
        let temporary = ScanRecovery.fallbackRoot(environment: ["TMPDIR": scratch + "/"])
        #expect(temporary == scratch + "/strips-scans-\(getuid())")
        var made: (recovery: ScanRecovery, passedOver: [String])? = try ScanRecovery.create(roots: [state, temporary])
        #expect(made?.passedOver.count == 1 && made?.passedOver[0].hasPrefix("recovery: cannot make \(scratch)/state-is-a-file/strips") == true)
        var info = stat()
        #expect(stat(temporary, &info) == 0 && info.st_mode & 0o777 == 0o700 && info.st_uid == getuid())
        let file = try #require(try made?.recovery.record(pages.page(1)))
        #expect(file.hasPrefix(temporary + "/") && !file.contains("//"))
        made = nil
        let found = ScanRecovery.leftovers(roots: [state, temporary])
        #expect(found.sessions.first?.pages.map(\.name) == ["Scan 1"])
        try found.sessions.first?.discard()
    }

    @Test func savedPagesAreSettledHoweverTheirPathIsSpelt() throws {
        let scratch = TestBackend.scratch("settle")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        var recovery: ScanRecovery? = try ScanRecovery.create(root: scratch + "//state/")
        let file = try #require(try recovery?.record(pages.page(1)))
        let spelt = file.replacingOccurrences(of: "/state/", with: "//state/./")
        #expect(recovery?.settle([spelt]) == nil)
        #expect(recovery?.unsettledCount == 0)
        recovery = nil
        // Saved: not offered again; the empty leftover is removed.
        let found = ScanRecovery.leftovers(roots: [scratch + "/state"])
        #expect(found.sessions.isEmpty && found.problems.isEmpty)
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: scratch + "/state")) ?? ["?"]).isEmpty)
    }

    @Test func aPageWhosePictureIsNotTheSizeItsListSaysIsSkipped() throws {
        let root = TestBackend.scratch("size")
        defer { try? FileManager.default.removeItem(atPath: root) }
        var recovery: ScanRecovery? = try ScanRecovery.create(root: root)
        for number in 1...2 { _ = try recovery?.record(pages.page(number)) }
        let folder = try #require(recovery?.folder)
        recovery = nil
        let path = folder + "/manifest.json"
        var manifest = try #require(RecoveryManifest.decode(Array(try Data(contentsOf: URL(fileURLWithPath: path)))))
        manifest.pages[1].width = 4000
        try Data(manifest.encoded()).write(to: URL(fileURLWithPath: path))
        let found = ScanRecovery.leftovers(root: root)
        #expect(found.sessions.first?.pages.map(\.name) == ["Scan 1"])
        #expect(found.problems == ["recovery: Scan 2 (\(folder)/scan-0002.png) is 40 x 30, not 4000 x 30 as its list says; skipped"])
        try found.sessions.first?.discard()
    }

    @Test func aListNamingThousandsOfMissingPagesIsCountedInOneLine() throws {
        let root = TestBackend.scratch("many")
        defer { try? FileManager.default.removeItem(atPath: root) }
        var recovery: ScanRecovery? = try ScanRecovery.create(root: root)
        _ = try recovery?.record(pages.page(1))
        let folder = try #require(recovery?.folder)
        recovery = nil
        let path = folder + "/manifest.json"
        var manifest = try #require(RecoveryManifest.decode(Array(try Data(contentsOf: URL(fileURLWithPath: path)))))
        let kept = manifest.pages[0]
        manifest.pages += (2...20_000).map { number in
            var entry = kept
            entry.name = "Scan \(number)"
            entry.file = String(format: "scan-%05d.png", number)
            return entry
        }
        try Data(manifest.encoded()).write(to: URL(fileURLWithPath: path))
        let found = ScanRecovery.leftovers(root: root)
        #expect(found.sessions.first?.pages.map(\.name) == ["Scan 1"])
        #expect(found.problems.count == ScanRecovery.problemsShown)
        #expect(found.problems.last == "recovery: \(folder): 19995 more pages are missing or damaged; skipped")
        try found.sessions.first?.discard()
    }
}
