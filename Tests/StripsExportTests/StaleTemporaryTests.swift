import Foundation
import StripsFiles
import Testing
@testable import StripsExport

/// What a killed save leaves (`.NAME.strips-PID-RANDOM`, held with flock while its maker lives)
/// is removed by the next save to the same place, and nothing else is.
@Suite struct StaleTemporaryTests {
    /// A PID no process has now: a child that has ended and been reaped.
    static func deadPID() throws -> pid_t {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    @Test func aTemporaryNamesItsMakerAndIsHeldWhileItLives() throws {
        let files = try SaveFixtures()
        let file = try WholeFile(destination: files.path("out.pdf"))
        defer { file.discard() }
        let name = (file.temporaryPath as NSString).lastPathComponent
        #expect(name.hasPrefix(".out.pdf.strips-\(getpid())-"))
        #expect(WholeFile.makerOfTemporary(named: name) == getpid())
        // Its lock is held: another open file description cannot take it.
        let other = open(file.temporaryPath, O_RDONLY)
        defer { close(other) }
        #expect(flock(other, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK)
        // This process's own work in progress is never stale.
        #expect(!WholeFile.isStaleTemporary(named: name, inFolder: files.root))
        #expect(WholeFile.removeStaleTemporaries(of: files.path("out.pdf")) == 0)
        #expect(FileManager.default.fileExists(atPath: file.temporaryPath))
    }

    @Test func onlyTheStaleFilesOfTheSameTargetGo() throws {
        let files = try SaveFixtures()
        let dead = try Self.deadPID()
        let stale = try files.write(".out.pdf.strips-\(dead)-abc123", [1, 2, 3])
        // The text overlay's file, made beside a temporary of the target.
        let besideStale = try files.write("..out.pdf.strips-\(dead)-abc123.text.strips-\(dead)-x9", [4])
        // A live maker's (PID 1 is always there), another target's, the old unlocked pattern, and the user's own.
        let live = try files.write(".out.pdf.strips-1-zz", [5])
        let otherTarget = try files.write(".other.pdf.strips-\(dead)-q", [6])
        let oldPattern = try files.write(".out.pdf.strips-k3j2", [7])
        let users = try files.write(".out.pdf.strips-notes.txt", [8])
        #expect(WholeFile.removeStaleTemporaries(of: files.path("out.pdf")) == 2)
        #expect(!FileManager.default.fileExists(atPath: stale) && !FileManager.default.fileExists(atPath: besideStale))
        for kept in [live, otherTarget, oldPattern, users] { #expect(FileManager.default.fileExists(atPath: kept), "\(kept)") }
    }

    @Test func aFileHeldByAnotherOpenIsNotStaleEvenWithItsMakerGone() throws {
        let files = try SaveFixtures()
        let path = try files.write(".out.pdf.strips-\(try Self.deadPID())-held", [1])
        let holder = open(path, O_RDONLY)
        defer { close(holder) }
        #expect(flock(holder, LOCK_EX | LOCK_NB) == 0)
        #expect(WholeFile.removeStaleTemporaries(of: files.path("out.pdf")) == 0)
        flock(holder, LOCK_UN)
        #expect(WholeFile.removeStaleTemporaries(of: files.path("out.pdf")) == 1)
    }

    @Test func linksFIFOsAndOtherUsersFilesAreLeftAlone() throws {
        let files = try SaveFixtures()
        let dead = try Self.deadPID()
        let target = try files.write("elsewhere/target.bin", [9])
        let link = files.path(".out.pdf.strips-\(dead)-lnk")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let fifo = files.path(".out.pdf.strips-\(dead)-fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let foreign = try files.write(".out.pdf.strips-\(dead)-foreign", [1])
        // Root can give a file away: another user's leftover is theirs to clean.
        if getuid() == 0 { #expect(chown(foreign, 65534, 65534) == 0) }
        #expect(WholeFile.removeStaleTemporaries(of: files.path("out.pdf")) == 0)
        #expect(SaveFixtures.bytes(target) == [9])
        var info = stat()
        #expect(lstat(link, &info) == 0 && lstat(fifo, &info) == 0)
        if getuid() == 0 { #expect(lstat(foreign, &info) == 0) }
    }

    @Test func aKilledFolderSaveNeverBlocksTheNextOne() throws {
        let files = try SaveFixtures()
        let source = try files.write("p1.jpg", JPEGMaker.encode(.noise(width: 64, height: 48, seed: 1)))
        let folder = files.path("out")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let dead = try Self.deadPID()
        for n in 1...3 { try files.write("out/.00\(n).jpg.strips-\(dead)-r\(n)", [UInt8](repeating: 1, count: 100)) }
        #expect(try DocumentExporter.check(destination: folder, sourcePaths: [source]) == .folder(folder))
        let result = try DocumentExporter.save([ExportPage(source: .picture(path: source))], to: folder, sourcePaths: [source])
        #expect(result.pageCount == 1)
        #expect(files.listing(folder) == ["001.jpg"])
        // A live save's hidden file still makes the folder "not empty".
        try files.write("out2/.001.jpg.strips-1-live", [1])
        #expect(throws: SaveError.self) { try DocumentExporter.check(destination: files.path("out2"), sourcePaths: [source]) }
    }

    @Test func aKilledNewFolderSaveLeavesNoFolderUnderItsNameAndItsHiddenOneGoesNextTime() throws {
        let files = try SaveFixtures()
        let source = try files.write("p1.jpg", JPEGMaker.encode(.noise(width: 64, height: 48, seed: 1)))
        let dead = try Self.deadPID()
        // What `kill -9` leaves of a new folder's save: its hidden folder beside it, pages named in it.
        for n in 1...2 { try files.write(".out.strips-\(dead)-k1/00\(n).jpg", [UInt8](repeating: 1, count: 100)) }
        // A live save's hidden folder (PID 1 lives), and a hidden folder holding someone's own folder, stay.
        try files.write(".out.strips-1-live/001.jpg", [1])
        try files.write(".out.strips-\(dead)-k2/kept/notes.txt", [2])
        #expect(!FileManager.default.fileExists(atPath: files.path("out")))
        let result = try DocumentExporter.save([ExportPage(source: .picture(path: source))], to: files.path("out"), sourcePaths: [source])
        #expect(result.pageCount == 1)
        #expect(files.listing(files.path("out")) == ["001.jpg"])
        let hidden = files.listing(files.root).filter { $0.hasPrefix(".") }
        #expect(hidden == [".out.strips-1-live", ".out.strips-\(dead)-k2"], "\(hidden)")
    }

    @Test func aNewFolderAppearsWholeAtOnceAndNeverTakesAFolderThatAppeared() throws {
        let files = try SaveFixtures()
        let stage = try StagingFolder(destination: files.path("out"))
        try files.write((stage.path as NSString).lastPathComponent + "/001.jpg", [1, 2])
        stage.willName("001.jpg")
        #expect(!FileManager.default.fileExists(atPath: files.path("out")))
        // An empty folder made under the name meanwhile is not replaced.
        #expect(mkdir(files.path("out"), 0o755) == 0)
        #expect(throws: WholeFile.Failure.self) { try stage.publish() }
        #expect(files.listing(files.path("out")) == [])
        #expect(rmdir(files.path("out")) == 0)
        try stage.publish()
        #expect(files.listing(files.path("out")) == ["001.jpg"])
        #expect(files.listing(files.root).filter { $0.hasPrefix(".") } == [])
        // Taken back while it is still this save's, then discarded: nothing left.
        stage.unpublish()
        stage.discard()
        #expect(files.listing(files.root) == [])
    }
}
