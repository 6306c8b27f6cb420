import StripsCore

/// Which pictures the editor wants decoded before they are seen: the page in focus and its
/// neighbours, nearest first, so paging and a short fling never show paper; and, while a strip
/// is moving to a place it will rest at (a fling's deceleration, a spring, an animation: each has
/// its resting offset in closed form from the moment it starts), the pictures around that place
/// first, then outward, so the decoders are already on them when the strip arrives.
public enum PagePrefetch {
    /// Neighbours' thumbnails this far either side of the focus are fetched before they scroll in:
    /// a fling passes up to ten a frame, and a quick look (the shared cache, an EXIF thumbnail)
    /// this far ahead keeps several frames in hand; decodes of them come after everything in view.
    public static let thumbnailLookahead = 64

    /// Thumbnails either side of a resting place asked for first, when the frame does not say
    /// how many its strip shows: a resting thumbnail takes 37 pt (33 pt wide, 4 pt apart), so this
    /// covers half a strip of up to 1,200 pt, plus one.
    public static let landingReach = 17

    /// Full pictures are fitted to the preview, so a neighbour decoded ahead is already the size
    /// it is drawn at. `landing`: the page a moving strip will come to rest on (nil at rest);
    /// `landingReach`: how many thumbnails either side of it fill the strip there.
    public static func requests(pages: [Page], focus: Int, previewBox: Size, landing: Int? = nil,
                                landingReach: Int = PagePrefetch.landingReach) -> [PictureRequest] {
        guard !pages.isEmpty, focus >= 0 else { return [] }
        let focus = focus.clamped(to: 0...(pages.count - 1))
        var requests: [PictureRequest] = []
        func add(_ index: Int, _ variant: ImageRef.Variant, landing: Bool = false) {
            guard pages.indices.contains(index) else { return }
            requests.append(PictureRequest(image: pages[index].picture(variant),
                                           size: variant == .full ? previewBox : nil, landing: landing))
        }
        if let landing, landing != focus, pages.indices.contains(landing) {
            // Where the strip will rest: the page's preview (the largest thing in view), then
            // its thumbnails from the middle outward.
            add(landing, .full, landing: true)
            add(landing, .thumbnail, landing: true)
            for k in 1...max(1, landingReach) {
                add(landing + k, .thumbnail, landing: true)
                add(landing - k, .thumbnail, landing: true)
            }
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

    /// The page a moving strip will rest on: the thumbnail strip's when it moves (it leads a
    /// fling across the document), else the preview's; nil when both are still.
    public static func landing(of strips: [StripDiagnostics]) -> Int? {
        let moving = strips.filter { $0.restingIndex != nil }
        return (moving.first { $0.name == "thumbnails" } ?? moving.first)?.restingIndex
    }
}
