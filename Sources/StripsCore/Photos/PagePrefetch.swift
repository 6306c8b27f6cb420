/// Which pictures the editor wants decoded before they are seen: the page in focus and its
/// neighbours, nearest first, so paging and a short fling never show paper.
public enum PagePrefetch {
    /// Neighbours' thumbnails this far either side of the focus are fetched before they scroll in:
    /// a fling passes up to ten a frame, and a quick look (the shared cache, an EXIF thumbnail)
    /// this far ahead keeps several frames in hand; decodes of them come after everything in view.
    public static let thumbnailLookahead = 64

    /// Full pictures are fitted to the preview, so a neighbour decoded ahead is already the size
    /// it is drawn at.
    public static func requests(pages: [Page], focus: Int, previewBox: Size) -> [PictureRequest] {
        guard !pages.isEmpty, focus >= 0 else { return [] }
        let focus = focus.clamped(to: 0...(pages.count - 1))
        var requests: [PictureRequest] = []
        func add(_ index: Int, _ variant: ImageRef.Variant) {
            guard pages.indices.contains(index) else { return }
            requests.append(PictureRequest(image: pages[index].picture(variant),
                                           size: variant == .full ? previewBox : nil))
        }
        add(focus, .full)
        add(focus, .thumbnail)
        add(focus + 1, .full)
        add(focus - 1, .full)
        for k in 1...thumbnailLookahead {
            add(focus + k, .thumbnail)
            add(focus - k, .thumbnail)
        }
        add(focus + 2, .full)
        add(focus - 2, .full)
        return requests
    }
}
