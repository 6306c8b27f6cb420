import Foundation
import StripsCore

/// The document editor tells the renderer which pictures come next and how far each page is from
/// the focus: the page in focus and its neighbours are decoded first and evicted last.
extension PhotosScene: PagedImageSource {
    /// Neighbours' thumbnails this far either side of the focus are decoded before they scroll in.
    static let thumbnailLookahead = 24

    /// Pages are fitted into the preview strip: a neighbour decoded ahead is already the right size.
    public var fullPictureBox: Size? { geometry.preview.size }

    public func imagesToPrefetch() -> [ImageRef] {
        guard !pages.isEmpty, focusIndex >= 0 else { return [] }
        let focus = focusIndex.clamped(to: 0...(pages.count - 1))
        var refs: [ImageRef] = []
        func add(_ index: Int, _ variant: ImageRef.Variant) {
            if pages.indices.contains(index) { refs.append(ImageRef(path: pages[index].path, variant: variant)) }
        }
        add(focus, .full)
        add(focus, .thumbnail)
        add(focus + 1, .full)
        add(focus - 1, .full)
        for k in 1...Self.thumbnailLookahead {
            add(focus + k, .thumbnail)
            add(focus - k, .thumbnail)
        }
        add(focus + 2, .full)
        add(focus - 2, .full)
        return refs
    }

    /// Distances for the pages near the focus only: anything farther is evicted first anyway, in
    /// least-recently-drawn order, so a walk over the whole document on every frame over budget
    /// (9.5 ms at 100,000 pages) buys nothing.
    public func focusDistances() -> [String: Int] {
        guard !pages.isEmpty, focusIndex >= 0 else { return [:] }
        let reach = 2 * Self.thumbnailLookahead
        let range = max(0, focusIndex - reach)...min(pages.count - 1, focusIndex + reach)
        var distances: [String: Int] = [:]
        distances.reserveCapacity(range.count)
        for index in range {
            let d = abs(index - focusIndex)
            distances[pages[index].path] = min(distances[pages[index].path] ?? d, d)
        }
        return distances
    }

    /// Files and folders dropped on the window become pages after the one in focus; paths that
    /// hold no pictures are reported, the others still come in.
    public mutating func addDroppedPaths(_ paths: [String], at time: Double, report: (String) -> Void) {
        var files: [String] = []
        for path in paths {
            do {
                files += try DocumentLoader.imageFiles(in: [path])
            } catch {
                report("strips: \(error.description)")
            }
        }
        addPages(DocumentLoader.pages(for: files, report: report), at: time)
    }
}
