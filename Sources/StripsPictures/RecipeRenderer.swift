import StripsCore

/// Turns a page's source pixels into the page its recipe makes: the crop flattened, the page
/// straightened, its look applied. The one function behind the preview, thumbnails, zoomed parts,
/// `strips thumbnail` and saving, so what is drawn is what is saved. StripsRender's
/// `PageRenderer` is the implementation; the host gives it to its `PageReader`, which decodes the
/// source at the density the page needs (`RecipePlan`) and hands the decode over. Safe on any
/// thread, several renders at once.
public protocol RecipeRenderer: Sendable {
    /// - Parameters:
    ///   - picture: the source decoded upright at some scale; its `region` says which part of the
    ///     source it is (nil: all of it).
    ///   - recipe: the corrections (not the identity).
    ///   - sourceSize: the source's full upright size in pixels, which the crop is in.
    ///   - limit: the whole corrected page is fitted into it (and never made denser than `picture`).
    ///   - region: only this part of the corrected page (0...1), at the scale `limit` gives the
    ///     whole: the part of a zoomed page in view.
    /// - Returns: the page (or its part, `region` saying which, snapped to whole pixels), or nil
    ///   when the recipe cannot be drawn (a crop with no projective map).
    func render(_ picture: DecodedPicture, recipe: PixelRecipe, sourceSize: Size, limit: PixelLimit, region: Rect?) -> DecodedPicture?
}

/// What to decode of a source for a corrected page fitted into a limit: the source at the
/// density the page is drawn at (a thumbnail costs a thumbnail's decode), and for a part of the
/// page only the part of the source it is made from.
public struct RecipePlan: Hashable, Sendable {
    public let geometry: RecipeGeometry
    /// The whole corrected page's size at this scale.
    public let page: RegionPlan
    /// The source decoded at this limit...
    public let sourceLimit: PixelLimit
    /// ...and only this part of it (0...1 of the upright source); nil: all of it.
    public let sourceRegion: Rect?
    /// The page's output pixels per full-size page pixel.
    public var density: Double { Double(page.whole.width) / max(1, geometry.pageSize.width) }

    public init?(recipe: PixelRecipe, sourceSize: Size, limit: PixelLimit, region: Rect?) {
        guard let geometry = RecipeGeometry(recipe: recipe, sourceSize: sourceSize) else { return nil }
        self.geometry = geometry
        let pageSize = geometry.pageSize
        page = RegionPlan(size: (Int(pageSize.width), Int(pageSize.height)), limit: limit, region: region)
        let density = Double(page.whole.width) / max(1, pageSize.width)
        // The source at the page's density: the page's size is at the source's own density.
        sourceLimit = PixelLimit(width: Int32(min(Double(Int32.max), (sourceSize.width * density).rounded(.up) + 1)),
                                 height: Int32(min(Double(Int32.max), (sourceSize.height * density).rounded(.up) + 1)))
        guard page.region != nil, let part = RecipePlan.outputPart(page, margin: recipe.outputMargin) else {
            sourceRegion = nil
            return
        }
        // Page pixels at full size, then the source pixels they come from, with the bicubic
        // filter's reach (two pixels at the decode's scale) around them.
        let full = Rect(x: part.minX / density, y: part.minY / density, width: part.width / density, height: part.height / density)
        let margin = 3 / max(density, 1e-6)
        guard let source = geometry.sourceRect(for: full, margin: margin) else {
            sourceRegion = Rect(x: 0, y: 0, width: 1, height: 1)
            return
        }
        let unit = Rect(x: source.minX / sourceSize.width, y: source.minY / sourceSize.height,
                        width: source.width / sourceSize.width, height: source.height / sourceSize.height)
        sourceRegion = unit.width >= 0.999 && unit.height >= 0.999 ? nil : unit
    }

    /// The output pixels rendered for a part of a page (`page`'s region, in the whole output's
    /// pixels), grown by the `margin` the recipe's steps read around a pixel
    /// (`PixelRecipe.outputMargin`: a look's neighbourhood) and kept inside the page; nil for the
    /// whole page.
    public static func outputPart(_ page: RegionPlan, margin: Int) -> Rect? {
        guard page.region != nil else { return nil }
        let margin = Double(margin)
        let whole = Rect(x: 0, y: 0, width: Double(page.whole.width), height: Double(page.whole.height))
        return Rect(x: Double(page.x) - margin, y: Double(page.y) - margin,
                    width: Double(page.width) + 2 * margin, height: Double(page.height) + 2 * margin).intersection(whole)
    }
}
