import StripsConvert
import Testing

/// The hot folder's decisions with time as a parameter: an entry is converted once it has stayed
/// the same for the settling time with no writer, once, and never again while it stays the same.
@Suite struct HotFolderTests {
    func file(_ name: String, size: Int64, modified: Int64 = 1, writing: Bool? = false) -> HotFolder.Entry {
        HotFolder.Entry(path: "/in/" + name, isFolder: false, size: size, modified: modified, beingWritten: writing)
    }

    @Test func aFileIsReadyOnceItHasSettled() {
        var hot = HotFolder(settle: 2)
        #expect(hot.look([file("a.jpg", size: 100)], at: 10).isEmpty, "new: it settles from now")
        #expect(hot.nextLook() == 12)
        #expect(hot.look([file("a.jpg", size: 100)], at: 11.9).isEmpty)
        #expect(hot.look([file("a.jpg", size: 100)], at: 12).map(\.path) == ["/in/a.jpg"])
    }

    @Test func aFileStillGrowingOrOpenForWritingWaits() {
        var hot = HotFolder(settle: 2)
        _ = hot.look([file("a.jpg", size: 100)], at: 0)
        #expect(hot.look([file("a.jpg", size: 200, modified: 2)], at: 3).isEmpty, "grew: settles again from 3")
        #expect(hot.look([file("a.jpg", size: 200, modified: 2)], at: 4.5).isEmpty)
        // The same size, but a writer still has it open: not yet, and it settles from when it closes.
        #expect(hot.look([file("a.jpg", size: 200, modified: 2, writing: true)], at: 6).isEmpty)
        #expect(hot.look([file("a.jpg", size: 200, modified: 2, writing: false)], at: 7).isEmpty)
        #expect(hot.look([file("a.jpg", size: 200, modified: 2)], at: 9).count == 1)
        // Unknown (another user's file): settling alone decides.
        var other = HotFolder(settle: 1)
        _ = other.look([file("b.jpg", size: 5, writing: nil)], at: 0)
        #expect(other.look([file("b.jpg", size: 5, writing: nil)], at: 1).count == 1)
    }

    @Test func aDoneEntryIsNeverOfferedAgainButAReplacedOneIs() {
        var hot = HotFolder(settle: 1)
        _ = hot.look([file("a.jpg", size: 100), file("b.jpg", size: 7)], at: 0)
        let ready = hot.look([file("a.jpg", size: 100), file("b.jpg", size: 7)], at: 1)
        #expect(ready.map(\.path) == ["/in/a.jpg", "/in/b.jpg"])
        for entry in ready { hot.finished(entry) }
        #expect(hot.nextLook() == nil, "nothing pending: the watch waits for the folder")
        #expect(hot.look([file("a.jpg", size: 100), file("b.jpg", size: 7)], at: 100).isEmpty)
        #expect(hot.look([file("a.jpg", size: 100), file("b.jpg", size: 7)], at: 200).isEmpty)
        // A restart: the done set read back decides the same.
        var restarted = HotFolder(settle: 1, done: hot.done)
        _ = restarted.look([file("a.jpg", size: 100)], at: 0)
        #expect(restarted.look([file("a.jpg", size: 100)], at: 5).isEmpty)
        // A new file under an old name is new.
        _ = restarted.look([file("a.jpg", size: 300, modified: 9)], at: 6)
        #expect(restarted.look([file("a.jpg", size: 300, modified: 9)], at: 7).count == 1)
    }

    @Test func aFolderGainingFilesSettlesAgainAndAGoneEntryIsForgotten() {
        var hot = HotFolder(settle: 1)
        let two = HotFolder.Entry(path: "/in/batch", isFolder: true, size: 200, modified: 5, files: 2)
        var three = two
        three.files = 3
        _ = hot.look([two], at: 0)
        #expect(hot.look([three], at: 1).isEmpty, "a file more: not settled")
        #expect(hot.look([three], at: 2).count == 1)
        _ = hot.look([file("x.jpg", size: 1)], at: 3)
        #expect(hot.look([], at: 4).isEmpty)
        #expect(!hot.isWaiting, "renamed away: forgotten")
        _ = hot.look([file("x.jpg", size: 1)], at: 4.5)
        #expect(hot.look([file("x.jpg", size: 1)], at: 5).isEmpty, "back again: it settles from its return")
    }
}
