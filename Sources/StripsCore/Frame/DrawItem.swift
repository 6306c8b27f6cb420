/// One thing to draw, in window points; a frame's draw list is in painter's order.
public enum DrawItem: Hashable, Sendable {
    case fill(Fill)
    case image(ImageQuad)
    case text(TextRun)
    /// A page that cannot be shown: a card of its shape with a warning mark, its name and the reason.
    case errorCard(ErrorCard)
    /// A filled convex polygon: the border editor's dimmed outside, its lines and handles.
    case polygon(Polygon)
    /// One of the app's icons (`Assets/Toolbar/NAME.png`, drawn at the device's pixels), tinted.
    case icon(Icon)
    /// The newest picture of a live source (the camera view's), which the renderer is handed by
    /// the host as it comes, never read from a file.
    case live(LiveQuad)
}

/// An icon of the app's own, white on clear in its files, drawn in `color`.
public struct Icon: Hashable, Sendable {
    public var name: String
    public var frame: Rect
    public var color: Color
    public var alpha: Double

    public init(name: String, frame: Rect, color: Color = .text, alpha: Double = 1) {
        self.name = name
        self.frame = frame
        self.color = color
        self.alpha = alpha
    }
}

/// Where the live picture is drawn: `frame` is the whole picture (aspect-fit by the frame's maker).
public struct LiveQuad: Hashable, Sendable {
    public var frame: Rect
    public var alpha: Double
    public var clip: Rect?

    public init(frame: Rect, alpha: Double = 1, clip: Rect? = nil) {
        self.frame = frame
        self.alpha = alpha
        self.clip = clip
    }
}

/// A convex polygon filled with one colour (drawn as a fan of triangles).
public struct Polygon: Hashable, Sendable {
    public var points: [Point]
    public var color: Color
    public var alpha: Double
    public var clip: Rect?

    public init(points: [Point], color: Color, alpha: Double = 1, clip: Rect? = nil) {
        self.points = points
        self.color = color
        self.alpha = alpha
        self.clip = clip
    }
}

public struct ErrorCard: Hashable, Sendable {
    public var frame: Rect
    public var clip: Rect?
    public var alpha: Double
    public var name: String
    public var reason: String
}

public struct Color: Hashable, Sendable {
    public var r, g, b, a: UInt8

    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    public static let background = Color(24, 24, 27)
    public static let paper = Color(244, 241, 232)
    public static let text = Color(236, 236, 240)
    public static let secondaryText = Color(150, 150, 160)
}

/// Which picture a quad shows. The renderer resolves it to a texture of a suitable size.
public struct ImageRef: Hashable, Sendable {
    public enum Variant: String, Hashable, Sendable {
        /// Big enough for the window (the preview strip, pizza halves).
        case full
        /// Small: a 66 pt thumbnail never needs more.
        case thumbnail
        /// The picture at its own pixels (up to `loupeLimit`): what the border editor's loupe
        /// shows a small part of, magnified.
        case loupe
    }

    /// The largest loupe picture: a 12 MP photo whole, a larger one a little shrunk (a 16 MP
    /// texture is 64 MiB).
    public static let loupeSide = 4096

    /// Where the pixels come from: a picture file, a page of a PDF or TIFF, a scanned page.
    public var source: PageSource
    /// What the page's corrections do to the source's pixels (the identity for most pictures).
    public var recipe: PixelRecipe
    public var variant: Variant
    /// The source's full upright size in pixels, which the recipe's crop is in (`Page.pixelSize`):
    /// what the renderer scales the recipe to a decode with. Nil for an uncorrected picture.
    public var sourceSize: Size?

    public init(source: PageSource, recipe: PixelRecipe = .identity, variant: Variant, sourceSize: Size? = nil) {
        self.source = source
        self.recipe = recipe
        self.variant = variant
        self.sourceSize = recipe.isIdentity ? nil : sourceSize
    }

    /// A picture file.
    public init(path: String, variant: Variant) {
        self.init(source: .picture(path: path), variant: variant)
    }

    public var path: String { source.path }

    /// The picture whatever its size: what a failure to decode is about.
    public var whole: ImageRef { ImageRef(source: source, recipe: recipe, variant: .full, sourceSize: sourceSize) }

    /// The source as it is, without the recipe: what the border editor shows and its loupe magnifies.
    public var uncorrected: ImageRef { ImageRef(source: source, variant: variant) }

    /// What an error card calls the picture: the file's name, with the page for a PDF page.
    public var fileName: String { source.displayName }
}

public struct Fill: Hashable, Sendable {
    public var rect: Rect
    public var color: Color
    public var alpha: Double
    public var clip: Rect?

    public init(rect: Rect, color: Color, alpha: Double = 1, clip: Rect? = nil) {
        self.rect = rect
        self.color = color
        self.alpha = alpha
        self.clip = clip
    }
}

public struct ImageQuad: Hashable, Sendable {
    public var image: ImageRef
    public var frame: Rect
    /// The part of the picture shown, in 0...1 of its width and height (aspect-fill crops).
    public var source: Rect
    public var alpha: Double
    public var clip: Rect?
    /// Drawn when the picture is not ready or cannot be decoded: paper of the right shape.
    public var placeholder: Color
    /// False for a picture fading in over another (a page's new look over its old): until it is
    /// ready nothing is drawn, so the picture under it shows rather than paper.
    public var showsPlaceholder = true
    /// Degrees clockwise about the frame's centre (a page the user turned). `frame` is the
    /// picture's rectangle before turning, so its size is the one to decode for.
    public var rotation: Double

    public init(image: ImageRef, frame: Rect, source: Rect = Rect(x: 0, y: 0, width: 1, height: 1),
                alpha: Double = 1, clip: Rect? = nil, placeholder: Color = .paper, rotation: Double = 0) {
        self.image = image
        self.frame = frame
        self.source = source
        self.alpha = alpha
        self.clip = clip
        self.placeholder = placeholder
        self.rotation = rotation
    }

    /// Where the quad lands on screen: the frame turned by `rotation` (its bounding box).
    public var drawnBounds: Rect { frame.turned(degrees: rotation) }
}

public struct TextRun: Hashable, Sendable {
    public enum Weight: Hashable, Sendable { case regular, bold }

    public var text: String
    /// The box the text is drawn in; its size comes from the text measurer.
    public var frame: Rect
    public var pointSize: Double
    public var weight: Weight
    public var color: Color
    public var alpha: Double

    public init(text: String, frame: Rect, pointSize: Double, weight: Weight = .regular, color: Color = .text, alpha: Double = 1) {
        self.text = text
        self.frame = frame
        self.pointSize = pointSize
        self.weight = weight
        self.color = color
        self.alpha = alpha
    }
}

/// Text sizes come from the font the renderer will use; the core only asks.
public protocol TextMeasurer: Sendable {
    func size(of text: String, pointSize: Double, weight: TextRun.Weight) -> Size
}

/// A stand-in measurer for when no font is available: an average glyph width.
public struct ApproximateTextMeasurer: TextMeasurer {
    public init() {}

    public func size(of text: String, pointSize: Double, weight: TextRun.Weight) -> Size {
        let glyph = pointSize * (weight == .bold ? 0.62 : 0.56)
        return Size(width: (Double(text.count) * glyph).rounded(), height: (pointSize * 1.2).rounded())
    }
}

extension TextMeasurer {
    /// A text run centred on `center`.
    public func run(_ text: String, centeredAt center: Point, pointSize: Double, weight: TextRun.Weight = .regular,
                    color: Color = .text, alpha: Double = 1) -> TextRun {
        let size = self.size(of: text, pointSize: pointSize, weight: weight)
        return TextRun(text: text, frame: Rect(center: center, size: size), pointSize: pointSize, weight: weight, color: color, alpha: alpha)
    }
}
