import Foundation
import Testing
@testable import StripsCore

/// Issue 39's shape of the Photos scene: a handful of stored fields, each a feature's room or a
/// group of rooms that belong together; a new feature's state goes into the group it belongs with
/// (README, "Adding a feature"), so a ninth field is a question to answer, not a slip.
@Suite struct SceneShapeTests {
    @Test func photosSceneHoldsAtMostEightStoredFields() {
        let scene = PhotosScene(documentName: "shape", pages: SceneHarness.pages([0.77, 0.77]), windowSize: Size(width: 800, height: 600))
        let fields = Mirror(reflecting: scene).children.compactMap(\.label)
        #expect(fields == ["setup", "document", "interaction", "strips", "rooms", "notices", "findings", "transfers"])
        #expect(fields.count <= 8)
    }

    /// The doors live at `Photos/` level; a feature's folder holds its own State, Action, reducer and
    /// views. A file there that extended `PhotosScene` or took one as a value could read and change
    /// every room; with neither, the only state it can reach is what is handed to it (its reducer
    /// takes its own State `inout`, the rest as values), and the compiler holds it to that.
    @Test func noFeatureFolderReachesTheScene() throws {
        let photos = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/StripsCore/Photos")
        let manager = FileManager.default
        let folders = try manager.contentsOfDirectory(atPath: photos.path).filter { name in
            var isFolder: ObjCBool = false
            return manager.fileExists(atPath: photos.appendingPathComponent(name).path, isDirectory: &isFolder) && isFolder.boolValue
        }
        #expect(folders.count >= 12)
        let reaching = ["extension PhotosScene", "inout PhotosScene", ": PhotosScene", "-> PhotosScene", "[PhotosScene", "PhotosScene("]
        var files = 0
        for folder in folders {
            let url = photos.appendingPathComponent(folder)
            for name in try manager.contentsOfDirectory(atPath: url.path) where name.hasSuffix(".swift") {
                files += 1
                let code = try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
                    .split(separator: "\n").map { line in line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line) }
                for (number, line) in code.enumerated() {
                    for pattern in reaching where line.contains(pattern) {
                        Issue.record("\(folder)/\(name):\(number + 1) reaches the scene: \(line.trimmingCharacters(in: .whitespaces))")
                    }
                }
            }
        }
        #expect(files >= 50)
    }
}
