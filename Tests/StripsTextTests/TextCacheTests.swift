import Foundation
import StripsText
import Testing

@Suite("Text cache")
struct TextCacheTests {
    static func sample() -> PageText {
        PageText(words: [TextWord(text: "Grüße", box: TextBox(x: 1, y: 2, width: 30, height: 10), confidence: 91.5, line: 0),
                         TextWord(text: "4711", box: TextBox(x: 40, y: 2, width: 20, height: 10), confidence: 88, line: 0)],
                 lines: [TextLine(box: TextBox(x: 1, y: 2, width: 59, height: 10), firstWord: 0, endWord: 2,
                                  baseline: .init(x1: 1, y1: 10, x2: 60, y2: 11))],
                 text: "Grüße 4711\n", width: 2550, height: 3300, origin: .recognised(languages: "eng+deu"))
    }

    @Test("what is stored is read back whole, under the same file, recipe and languages only")
    func roundTrip() throws {
        let folder = try Folder()
        let file = folder.path("scan.jpg")
        try Data("picture".utf8).write(to: URL(fileURLWithPath: file))
        let cache = TextCache(folder: folder.path("cache"))
        let key = try #require(TextCacheKey(path: file, recipe: "crop 1 2 3 4; look bw", languages: "eng+deu"))
        #expect(cache.text(for: key) == nil)
        #expect(cache.store(Self.sample(), for: key))
        #expect(cache.text(for: key) == Self.sample())
        #expect(cache.text(for: try #require(TextCacheKey(path: file, recipe: "crop 1 2 3 4; look grey", languages: "eng+deu"))) == nil)
        #expect(cache.text(for: try #require(TextCacheKey(path: file, recipe: "crop 1 2 3 4; look bw", languages: "eng"))) == nil)
        // A relative path names the same file.
        let relative = try #require(TextCacheKey(path: file, recipe: "crop 1 2 3 4; look bw", languages: "eng+deu"))
        #expect(relative == key)
    }

    @Test("a file changed since (size or time) is a miss; a missing file has no key")
    func changedFile() throws {
        let folder = try Folder()
        let file = folder.path("scan.jpg")
        try Data("picture".utf8).write(to: URL(fileURLWithPath: file))
        let cache = TextCache(folder: folder.path("cache"))
        let key = try #require(TextCacheKey(path: file, recipe: "p1", languages: "eng"))
        cache.store(Self.sample(), for: key)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: file)
        #expect(cache.text(for: try #require(TextCacheKey(path: file, recipe: "p1", languages: "eng"))) == nil)
        try Data("another picture".utf8).write(to: URL(fileURLWithPath: file))
        #expect(cache.text(for: try #require(TextCacheKey(path: file, recipe: "p1", languages: "eng"))) == nil)
        #expect(TextCacheKey(path: folder.path("missing.jpg"), recipe: "p1", languages: "eng") == nil)
        #expect(TextCacheKey(path: folder.root, recipe: "p1", languages: "eng") == nil)
    }

    @Test("damaged entries (truncated, garbage, empty) are misses and are written over; entries are private")
    func damagedEntries() throws {
        let folder = try Folder()
        let file = folder.path("scan.jpg")
        try Data("picture".utf8).write(to: URL(fileURLWithPath: file))
        let cache = TextCache(folder: folder.path("cache"))
        let key = try #require(TextCacheKey(path: file, recipe: "p1", languages: "eng"))
        cache.store(Self.sample(), for: key)
        let entries = try FileManager.default.subpathsOfDirectory(atPath: cache.folder).filter { !$0.hasSuffix("/") && $0.contains("/") }
        let entry = cache.folder + "/" + (try #require(entries.first))
        #expect((try FileManager.default.attributesOfItem(atPath: entry)[.posixPermissions] as? Int) == 0o600)
        let whole = try Data(contentsOf: URL(fileURLWithPath: entry))
        for damage in [whole.prefix(whole.count / 2), Data(repeating: 0x41, count: 300), Data(), whole.prefix(14) + Data(repeating: 7, count: 50), whole.prefix(whole.count - 3)] {
            try damage.write(to: URL(fileURLWithPath: entry))
            #expect(cache.text(for: key) == nil)
            #expect(cache.store(Self.sample(), for: key))
            #expect(cache.text(for: key) == Self.sample())
        }
        // No temporary files stay behind.
        #expect(try FileManager.default.subpathsOfDirectory(atPath: cache.folder).allSatisfy { !($0 as NSString).lastPathComponent.hasPrefix(".") })
    }

    @Test("the cache lives in $XDG_CACHE_HOME/strips/text, else ~/.cache/strips/text; an unwritable one only misses")
    func location() throws {
        #expect(TextCache.standard(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"])?.folder == "/c/strips/text")
        #expect(TextCache.standard(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/h"])?.folder == "/h/.cache/strips/text")
        #expect(TextCache.standard(environment: ["HOME": "/h"])?.folder == "/h/.cache/strips/text")
        #expect(TextCache.standard(environment: [:]) == nil)
        let folder = try Folder()
        let file = folder.path("scan.jpg")
        try Data("picture".utf8).write(to: URL(fileURLWithPath: file))
        try Data("a file where the cache folder should be".utf8).write(to: URL(fileURLWithPath: folder.path("blocked")))
        let cache = TextCache(folder: folder.path("blocked") + "/text")
        let key = try #require(TextCacheKey(path: file, recipe: "p1", languages: "eng"))
        #expect(!cache.store(Self.sample(), for: key))
        #expect(cache.text(for: key) == nil)
    }
}
