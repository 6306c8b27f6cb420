import StripsCore
import StripsSDL

/// What the live window remembers of the document it shows: the page in focus and its own size,
/// kept by `DocumentStateStore` under the paths the document was opened from.
struct DocumentMemory {
    let store: DocumentStateStore
    let key: String

    /// Nil without a usable home folder: nothing is remembered.
    init?(paths: [String]) {
        guard let folder = DocumentStateStore.defaultFolder() else { return nil }
        store = DocumentStateStore(folder: folder)
        key = DocumentStateStore.documentKey(for: paths)
    }

    func load() -> (focusedPage: String?, windowSize: Size)? {
        store.load(key: key).map { ($0.focusedPage, Size(width: Double($0.windowWidth), height: Double($0.windowHeight))) }
    }

    /// Failing to write costs nothing but the memory, so it is not reported.
    func save(_ scene: PhotosScene) {
        let focused = scene.pages.indices.contains(scene.focusIndex) ? scene.pages[scene.focusIndex].id : nil
        let state = DocumentState(focusedPage: focused, windowWidth: Int(scene.windowSize.width.rounded()),
                                  windowHeight: Int(scene.windowSize.height.rounded()))
        store.save(state, key: key)
    }
}

/// The `--thumbnail-cache` option: the shared cache is used live unless turned off, and headless
/// only when asked, so the same script always gives the same trace and screenshots.
enum ThumbnailCacheChoice {
    static func cache(for choice: String?, headless: Bool) -> ThumbnailCache? {
        switch choice ?? (headless ? "off" : "auto") {
        case "off": nil
        case "auto": ThumbnailCache.defaultRoot().map { ThumbnailCache(root: $0) }
        case let folder: ThumbnailCache(root: folder)
        }
    }
}
