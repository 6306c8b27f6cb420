import Foundation
import Testing
@testable import StripsPictures
@testable import StripsSDL

@Suite struct DocumentStateTests {
    private func store(_ name: String) throws -> DocumentStateStore {
        DocumentStateStore(folder: try LoaderFixtures.scratch("state-\(name)").appendingPathComponent("state/strips").path)
    }

    @Test func savedStateComesBackForTheSameDocument() throws {
        let store = try store("roundtrip")
        let key = DocumentStateStore.documentKey(for: ["/scans/b", "/scans/a.jpg"])
        #expect(store.load(key: key) == nil)
        let state = DocumentState(focusedPage: "page 7.jpg", windowWidth: 1280, windowHeight: 900)
        #expect(store.save(state, key: key))
        #expect(store.load(key: key) == state)
        #expect(store.load(key: DocumentStateStore.documentKey(for: ["/scans/b"])) == nil)
        // Saving again replaces, it does not add.
        let later = DocumentState(focusedPage: nil, windowWidth: 800, windowHeight: 600)
        #expect(store.save(later, key: key))
        #expect(store.load(key: key) == later)
        let attributes = try FileManager.default.attributesOfItem(atPath: store.file)
        #expect(attributes[.posixPermissions] as? Int == 0o600)
        let folder = (store.file as NSString).deletingLastPathComponent
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["documents.json"])  // no temporary left
        #expect(try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int == 0o700)
    }

    @Test func theKeyIgnoresOrderAndSpelling() {
        let key = DocumentStateStore.documentKey(for: ["/scans/b", "/scans/a.jpg"])
        #expect(DocumentStateStore.documentKey(for: ["/scans/./a.jpg", "/scans/x/../b/"]) == key)
        #expect(DocumentStateStore.documentKey(for: ["/scans/a.jpg"]) != key)
        #expect(key.count == 32)
    }

    @Test func onlyTheMostRecentDocumentsAreKept() throws {
        let store = try store("bounded")
        let count = DocumentStateStore.capacity + 30
        for i in 0..<count {
            store.save(DocumentState(focusedPage: "p\(i)", windowWidth: 1000 + i, windowHeight: 700), key: "doc\(i)")
        }
        #expect(store.load(key: "doc0") == nil)
        #expect(store.load(key: "doc29") == nil)
        #expect(store.load(key: "doc30")?.windowWidth == 1030)
        #expect(store.load(key: "doc\(count - 1)")?.focusedPage == "p\(count - 1)")
        // Touching an old document makes it recent again.
        store.save(DocumentState(focusedPage: "again", windowWidth: 900, windowHeight: 700), key: "doc30")
        store.save(DocumentState(focusedPage: "new", windowWidth: 900, windowHeight: 700), key: "fresh")
        #expect(store.load(key: "doc30")?.focusedPage == "again")
        #expect(store.load(key: "doc31") == nil)
        let size = try FileManager.default.attributesOfItem(atPath: store.file)[.size] as? Int ?? .max
        #expect(size < 40_000)
    }

    @Test func aDamagedFileIsIgnoredAndReplaced() throws {
        let store = try store("damaged")
        let state = DocumentState(focusedPage: "a", windowWidth: 640, windowHeight: 480)
        for garbage in ["", "{", "[1,2,3]", "{\"version\": 2, \"documents\": []}", String(repeating: "x", count: 2 << 20),
                        "{\"version\":1,\"documents\":[{\"key\":\"k\",\"state\":{\"windowWidth\":-5,\"windowHeight\":1e9}}]}"] {
            try FileManager.default.createDirectory(atPath: (store.file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(garbage.utf8).write(to: URL(fileURLWithPath: store.file))
            #expect(store.load(key: "k") == nil)
            #expect(store.save(state, key: "k"))
            #expect(store.load(key: "k") == state)
        }
        // Sizes no window has are not saved either.
        #expect(!store.save(DocumentState(focusedPage: nil, windowWidth: 0, windowHeight: 480), key: "z"))
    }

    @Test func anUnwritableFolderIsNoFailure() throws {
        let blocker = try LoaderFixtures.scratch("state-blocked").appendingPathComponent("file")
        try Data("not a folder".utf8).write(to: blocker)
        let store = DocumentStateStore(folder: blocker.path + "/strips")
        #expect(!store.save(DocumentState(focusedPage: "a", windowWidth: 640, windowHeight: 480), key: "k"))
        #expect(store.load(key: "k") == nil)
    }

    @Test func defaultFolderFollowsXDG() {
        #expect(DocumentStateStore.defaultFolder(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]) == "/s/strips")
        #expect(DocumentStateStore.defaultFolder(environment: ["XDG_STATE_HOME": "x", "HOME": "/h"]) == "/h/.local/state/strips")
        #expect(DocumentStateStore.defaultFolder(environment: [:]) == nil)
    }
}
