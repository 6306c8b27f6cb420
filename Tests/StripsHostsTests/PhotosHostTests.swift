import Foundation
import StripsCore
import StripsPhotosFeatures
import StripsHosts
import Testing

/// The Photos host's own effects: dropped files read as pages (the problems said once), Ctrl+C's
/// text to the clipboard, effects it has nothing to do for answered with nothing.
@Suite struct PhotosHostTests {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Assets/Sample").standardized.path

    @Test func droppedFilesAndFoldersAreReadAsPagesInNameOrder() throws {
        let fixture = try HostFixture("load")
        let folder = fixture.path("dropped")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in ["10-b.jpg", "2-a.jpg"] {
            try FileManager.default.copyItem(atPath: Self.samples + "/04-receipt.jpg", toPath: folder + "/" + name)
        }
        try Data("not a picture".utf8).write(to: URL(fileURLWithPath: folder + "/3-broken.jpg"))
        let single = Self.samples + "/07-business-card.jpg"
        let answers = fixture.host.run(.load(paths: [folder, single]))
        guard let pages = answers.first?.as(PagesLoaded.self)?.pages, answers.count == 1 else {
            Issue.record("answered \(answers)")
            return
        }
        // Natural name order within the folder, then the file; the broken one is a page that says so.
        #expect(pages.map(\.id) == ["2-a.jpg", "3-broken.jpg", "10-b.jpg", "07-business-card.jpg"])
        #expect(pages[0].pixelSize.width > 0 && pages[0].pixelSize == pages[2].pixelSize)
        #expect(fixture.lines.filter { $0.contains("3-broken.jpg") }.count == 1, "\(fixture.lines)")
    }

    @Test func copiedTextGoesToTheClipboardAndIsNotAnswered() throws {
        let fixture = try HostFixture("copy")
        #expect(fixture.host.run(.copy("Rue de l'École")).isEmpty)
        #expect(fixture.clipboard == ["Rue de l'École"])
        // Recording is the window's own: the host has nothing to do for it.
        #expect(fixture.host.run(.toggleRecording).isEmpty)
        #expect(fixture.host.poll().isEmpty)
    }
}
