import Foundation
import StripsCore
import StripsPhotos
import StripsPictures

/// What the live window remembers of the document it shows, kept by `DocumentStateStore` under
/// the paths the document was opened from: the page in focus and the window's size. Headless
/// runs never make one, so a script always starts from the same state.
public struct DocumentMemory: Sendable {
    public let store: DocumentStateStore
    public let key: String

    /// Nil without a usable state folder (no home): nothing is remembered.
    public init?(paths: [String], environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let folder = DocumentStateStore.defaultFolder(environment: environment) else { return nil }
        store = DocumentStateStore(folder: folder)
        key = DocumentStateStore.documentKey(for: paths)
    }

    /// The page id to open on and the window size, as the document was last closed.
    public func load() -> (focusedPage: String?, windowSize: Size)? {
        store.load(key: key).map { ($0.focusedPage, Size(width: Double($0.windowWidth), height: Double($0.windowHeight))) }
    }

    /// Remembers the scene as it closes. A failure costs nothing but the memory: not reported.
    @discardableResult
    public func save(_ scene: PhotosScene) -> Bool {
        let focused = scene.pages.indices.contains(scene.strips.focusIndex) ? scene.pages[scene.strips.focusIndex].id : nil
        let state = DocumentState(focusedPage: focused, windowWidth: Int(scene.windowSize.width.rounded()),
                                  windowHeight: Int(scene.windowSize.height.rounded()))
        return store.save(state, key: key)
    }
}

extension ThumbnailCache {
    /// The `--thumbnail-cache` option: 'auto' (the standard's folder), 'off', or a thumbnails
    /// folder. Unset, the live window uses the shared cache and headless runs do not, so the same
    /// script always gives the same trace and screenshots.
    public static func chosen(_ option: String?, headless: Bool,
                              environment: [String: String] = ProcessInfo.processInfo.environment) -> ThumbnailCache? {
        switch option ?? (headless ? "off" : "auto") {
        case "off": nil
        case "auto": defaultRoot(environment: environment).map { ThumbnailCache(root: $0) }
        case let folder: ThumbnailCache(root: folder)
        }
    }
}
