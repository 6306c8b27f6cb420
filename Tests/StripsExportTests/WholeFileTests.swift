import Foundation
import StripsFiles
import Testing

/// The one way the app writes a file: whole or not at all, never over a file it should not
/// replace, every write checked.
@Suite struct WholeFileTests {
    @Test func aNewFileAppearsWholeAndNeverReplacesOne() throws {
        let files = try SaveFixtures()
        let path = files.path("new.bin")
        let file = try WholeFile(destination: path)
        file.write(Array(repeating: 7, count: 300_000))
        #expect(files.listing() == [(file.temporaryPath as NSString).lastPathComponent])  // hidden, not yet named
        try file.finish()
        try file.publish()
        #expect(SaveFixtures.bytes(path).count == 300_000 && files.listing() == ["new.bin"])
        // Taken names: at once when the file is made, and when a file appears meanwhile.
        #expect(throws: WholeFile.Failure(.create, EEXIST)) { _ = try WholeFile(destination: path) }
        let late = try WholeFile(destination: files.path("late.bin"))
        late.write([1, 2, 3])
        try late.finish()
        try files.write("late.bin", [9])
        #expect(throws: WholeFile.Failure(.publish, EEXIST)) { try late.publish() }
        late.discard()
        #expect(SaveFixtures.bytes(files.path("late.bin")) == [9] && files.listing() == ["late.bin", "new.bin"])
    }

    @Test func theAppsOwnFilesAreReplacedWhole() throws {
        let files = try SaveFixtures()
        let path = try files.write("state.json", Array("old".utf8))
        #expect(WholeFile.write(Array("new".utf8), to: path, mode: 0o600, placing: .replacing, durable: false) == nil)
        #expect(SaveFixtures.bytes(path) == Array("new".utf8))
        var info = stat()
        stat(path, &info)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(WholeFile.makeFolders(files.path("a/b/c")) && files.listing(files.path("a/b")) == ["c"])
    }

    @Test func aWriteTheDiskLostIsCaughtBeforeTheFileIsNamed() throws {
        let files = try SaveFixtures()
        // write(2) says every byte went in; none did.
        let lying = FileCalls(write: { _, bytes in bytes.count }, sync: { fsync($0) }, close: { Glibc.close($0) })
        let failure = WholeFile.write(Array(repeating: 1, count: 10), to: files.path("x"), calls: lying)
        #expect(failure?.step == .verify && failure?.description == "the disk holds 0 of the 10 bytes written")
        #expect(files.listing() == [])
    }

    @Test func aShortWriteIsFinishedByTheNextCall() throws {
        let files = try SaveFixtures()
        // One byte per call, as a busy pipe or a signal may leave it: still the whole file.
        let trickle = FileCalls(write: { fd, bytes in Glibc.write(fd, bytes.baseAddress, min(1, bytes.count)) }, sync: { fsync($0) },
                                close: { Glibc.close($0) })
        #expect(WholeFile.write(Array(0..<200), to: files.path("x"), calls: trickle) == nil)
        #expect(SaveFixtures.bytes(files.path("x")) == Array(0..<200))
    }

    @Test func aLentDescriptorWritesTheSameFile() throws {
        let files = try SaveFixtures()
        let file = try WholeFile(destination: files.path("lent.gif"))
        let fd = file.lendDescriptor()
        #expect(Array("GIF89a".utf8).withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) } == 6)
        close(fd)
        try file.finish()
        try file.publish()
        #expect(SaveFixtures.bytes(files.path("lent.gif")) == Array("GIF89a".utf8))
    }
}
