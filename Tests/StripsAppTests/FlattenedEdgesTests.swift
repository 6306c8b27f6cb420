import StripsCore
import StripsDocumentPhotos
import StripsPictures
import StripsRender
import Testing

/// Issue 31: a phone photo flattened and put in the black-and-white look showed dashed black
/// lines along its edges (the desk and the page's own shadow, thresholded); now its edges are
/// clean paper, in every look, and its text is untouched.
@Suite struct FlattenedEdgesTests {
    /// Seeded photos of pages on desks (two with a shadow across), small, with their true corners
    /// moved out a little, as a detector's or a hand's corners are.
    static let photos = (0..<6).map { DocumentPhotoSet.photo($0, pages: [], maximumPixels: 1_300_000) }

    static func loosened(_ quad: Quad, by share: Double) -> Quad {
        let c = quad.corners
        let cx = c.map(\.x).reduce(0, +) / 4, cy = c.map(\.y).reduce(0, +) / 4
        let moved = c.map { Point(x: $0.x + ($0.x - cx) * share, y: $0.y + ($0.y - cy) * share) }
        return Quad(topLeft: moved[0], topRight: moved[1], bottomRight: moved[2], bottomLeft: moved[3])
    }

    /// Dark pixels (under mid-grey) within 1.5 % of the page's width of its edges, per million.
    static func darkRim(_ page: PixelBuffer) -> Double {
        let band = max(2, page.width * 15 / 1000)
        var dark = 0, all = 0
        for y in 0..<page.height {
            for x in 0..<page.width where x < band || y < band || x >= page.width - band || y >= page.height - band {
                all += 1
                let i = y * page.width + x
                let luma = page.format == .grey ? Double(page.bytes[i])
                    : 0.299 * Double(page.bytes[i * 3]) + 0.587 * Double(page.bytes[i * 3 + 1]) + 0.114 * Double(page.bytes[i * 3 + 2])
                if luma < 128 { dark += 1 }
            }
        }
        return Double(dark) * 1_000_000 / Double(max(1, all))
    }

    @Test(arguments: [Look.bw, .grey, .colour])
    func aFlattenedPhotosEdgesAreCleanPaper(_ look: Look) throws {
        let renderer = PageRenderer()
        var rims: [Double] = []
        for photo in Self.photos {
            let size = Size(width: Double(photo.picture.width), height: Double(photo.picture.height))
            let recipe = PixelRecipe(crop: Self.loosened(photo.corners, by: 0.01), straighten: 0, look: look)
            let page = try #require(renderer.page(photo.picture, recipe: recipe, sourceSize: size)).pixels
            rims.append(Self.darkRim(page))
        }
        // Before issue 31 every look left 200,000 to 550,000 a million dark there on five of the six.
        #expect(rims.allSatisfy { $0 < 200 }, "\(look): dark pixels a million along the edges \(rims.map { Int($0) })")
    }
}
