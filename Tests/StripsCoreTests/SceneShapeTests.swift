import Foundation
import Testing
@testable import StripsCore
@testable import StripsPhotos

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

    /// The fence is the compiler's: the features (`Sources/StripsPhotosFeatures`, one folder each:
    /// State, Action, reducer, views) are a module below the scene's (`Sources/StripsPhotos`: the
    /// scene, its doors, frame and trace), so no feature file can name `PhotosScene` or reach its
    /// fields; the only state a reducer sees is what a door hands it. This test only reads the
    /// manifest that says so, so that a change to it is a decision seen in review.
    @Test func featuresSitBelowTheScene() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        func dependencies(of target: String) -> [String]? {
            guard let start = manifest.range(of: ".target(name: \"\(target)\", dependencies: ["),
                  let end = manifest[start.upperBound...].firstIndex(of: "]") else { return nil }
            return manifest[start.upperBound..<end].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        }
        #expect(dependencies(of: "StripsPhotosFeatures") == ["StripsCore"])
        #expect(dependencies(of: "StripsPhotos") == ["StripsCore", "StripsPhotosFeatures"])
        let manager = FileManager.default
        func folders(_ path: String) throws -> [String] {
            let url = root.appendingPathComponent(path)
            return try manager.contentsOfDirectory(atPath: url.path).filter { name in
                var isFolder: ObjCBool = false
                return manager.fileExists(atPath: url.appendingPathComponent(name).path, isDirectory: &isFolder) && isFolder.boolValue
            }
        }
        #expect(try folders("Sources/StripsPhotosFeatures").count >= 12)
        // No feature folder inside the scene's module, where the compiler would not fence it.
        #expect(try folders("Sources/StripsPhotos") == [])
    }
}
