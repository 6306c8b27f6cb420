/// A page picture stored as mixed raster content (the layers of ITU T.44 / DjVu, as PDF holds
/// them): the text and line art as 1-bit masks at the picture's full resolution, each painted in
/// one colour, over a background of everything else at a reduced resolution, with the text taken
/// out of it. The masks keep the letters as sharp as black and white does; the background, with no
/// letters left in it, is mostly flat paper that JPEG stores in next to nothing, and the
/// photographs in it stay in colour.
public struct MixedRasterPage: Hashable, Sendable {
    /// The page picture's size in pixels: the space the layers are placed in.
    public var width: Int
    public var height: Int
    /// Stretched over the whole page: a JPEG (colour, or one channel for the grey look) of fewer
    /// pixels than the page.
    public var background: PDFImage
    /// Painted over the background in order.
    public var layers: [Layer]

    /// One colour of ink: where its mask is black, the page is painted in `colour`.
    public struct Layer: Hashable, Sendable {
        /// Red, green, blue (equal for the grey look).
        public var colour: Colour
        /// The mask's top-left corner in the page's pixels; the mask is `mask.width` x `mask.height`.
        public var x: Int
        public var y: Int
        /// 1 bit a pixel, CCITT Group 4 (`/K -1`), black = painted.
        public var mask: PDFImage

        public init(colour: Colour, x: Int, y: Int, mask: PDFImage) {
            self.colour = colour
            self.x = x
            self.y = y
            self.mask = mask
        }
    }

    public struct Colour: Hashable, Sendable {
        public var red: UInt8, green: UInt8, blue: UInt8
        public init(red: UInt8, green: UInt8, blue: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
        }
    }

    public init(width: Int, height: Int, background: PDFImage, layers: [Layer]) {
        self.width = width
        self.height = height
        self.background = background
        self.layers = layers
    }

    /// The bytes of every stream: what the page costs in a PDF, give or take its dictionaries.
    public var byteCount: Int { background.bytes.count + layers.reduce(0) { $0 + $1.mask.bytes.count } }
}
