import Testing
@testable import StripsCore

/// Issue 39's shape of the Photos scene: a handful of stored fields, each a feature's room or a
/// group of rooms that belong together; a new feature's state goes into the group it belongs with
/// (README, "Adding a feature"), so a ninth field is a question to answer, not a slip.
@Suite struct SceneShapeTests {
    @Test func photosSceneHoldsAtMostEightStoredFields() {
        let scene = PhotosScene(documentName: "shape", pages: SceneHarness.pages([0.77, 0.77]), windowSize: Size(width: 800, height: 600))
        let fields = Mirror(reflecting: scene).children.compactMap(\.label)
        #expect(fields == ["setup", "document", "interaction", "strips", "pointer", "notices", "findings", "transfers"])
        #expect(fields.count <= 8)
    }
}
