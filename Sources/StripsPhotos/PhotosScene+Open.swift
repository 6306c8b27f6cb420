import StripsCore
import StripsPhotosFeatures

/// Ctrl+O and the open button: the host shows the desktop's file chooser (the window keeps
/// drawing while it is open) and answers with the files chosen, which are read and inserted
/// after the page in focus exactly as dropped files are.
extension PhotosScene {
    mutating func openFiles(at time: Double) -> [Effect] {
        guard !notices.opening else {
            notices.post(tr("The file chooser is already open"), at: time)
            return []
        }
        notices.opening = true
        let folder = pages.indices.contains(strips.focusIndex) ? pages[strips.focusIndex].source.folder : nil
        return [.chooseFiles(folder: folder)]
    }

    /// The chooser's answer: the files are read as pages (a drop's path), or nothing happens.
    mutating func filesChosen(_ paths: [String], at time: Double) -> [Effect] {
        notices.opening = false
        guard !paths.isEmpty else { return [] }
        return [.load(paths: paths)]
    }

    mutating func openFailed(_ message: HostMessage, at time: Double) {
        notices.opening = false
        notices.post(message.shown, at: time)
    }
}

extension PageSource {
    /// The folder of the file a page comes from (nil for a scanned page not yet saved anywhere).
    var folder: String? {
        if case .scan = self { return nil }
        let path = self.path
        guard path.hasPrefix("/"), let slash = path.lastIndex(of: "/") else { return nil }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}

/// The host's answer to this feature, through this door (`PhotosScene.hostAnswered`).
extension OpenEvent: PhotosAnswer {
    func deliver(to scene: inout PhotosScene, at time: Double) -> [Effect] {
        switch self {
        case .chosen(let paths): return scene.filesChosen(paths, at: time)
        case .failed(let message):
            scene.openFailed(message, at: time)
            return []
        }
    }
}

extension PagesLoaded: PhotosAnswer {
    /// The pages read join the command queue, as an insertion after the page in focus.
    func deliver(to scene: inout PhotosScene, at time: Double) -> [Effect] {
        guard !pages.isEmpty else { return [] }
        scene.underPrompt { $0.enqueue(.insert(pages), at: time) }
        return []
    }
}
