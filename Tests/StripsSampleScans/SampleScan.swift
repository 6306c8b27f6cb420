import StripsPictures

/// A made-up 300 dpi scan of a page of text: what a flatbed scanner would give for a printed page
/// that lay slightly turned under a lid that let in a shadow, with sensor noise, saved as JPEG.
/// The words are known, with the rectangle each one's ink covers, so recognition and text layers
/// can be measured against the truth.
public struct SampleScan: Sendable {
    /// The scan file's bytes (JPEG, 4:2:0, as scanners write them).
    public var jpeg: [UInt8]
    /// The JPEG decoded (rgb): what the app would decode.
    public var picture: PixelBuffer
    public var dpi: Double
    /// Every drawn word in reading order.
    public var words: [DrawnWord]
    public var style: SampleScanStyle

    /// The page's words as drawn, space separated, in reading order.
    public var text: String { words.map(\.text).joined(separator: " ") }
}

/// One drawn word and the axis-aligned rectangle around its ink, in the scan's pixels (top-left origin).
public struct DrawnWord: Hashable, Sendable {
    public var text: String
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
}

/// How a sample page is typeset and spoilt.
public struct SampleScanStyle: Hashable, Sendable {
    /// A fontconfig family name (DejaVu Serif, DejaVu Sans, ...).
    public var font: String
    /// Body text size in points.
    public var points: Double
    /// How far the page lay turned, degrees counter-clockwise.
    public var turn: Double
    /// How dark the shadow along the left edge is: 0 none, 0.5 half the light.
    public var shadow: Double
    /// Sensor noise, grey levels either way.
    public var noise: Int
    public var jpegQuality: Int
    /// Which paragraphs the page starts from, and the noise pattern.
    public var seed: Int

    public init(font: String, points: Double, turn: Double, shadow: Double, noise: Int, jpegQuality: Int, seed: Int) {
        self.font = font
        self.points = points
        self.turn = turn
        self.shadow = shadow
        self.noise = noise
        self.jpegQuality = jpegQuality
        self.seed = seed
    }

    /// The benchmark's pages: serif and sans, 10 to 12 pt, turned up to 1.5 degrees either way,
    /// shadows up to half the light, noise, JPEG quality of office scanners.
    public static let standardSet: [SampleScanStyle] = [
        SampleScanStyle(font: "DejaVu Serif", points: 11, turn: 0.8, shadow: 0.35, noise: 10, jpegQuality: 80, seed: 0),
        SampleScanStyle(font: "DejaVu Sans", points: 10, turn: -1.2, shadow: 0.2, noise: 12, jpegQuality: 75, seed: 1),
        SampleScanStyle(font: "DejaVu Serif", points: 12, turn: 0.4, shadow: 0.5, noise: 8, jpegQuality: 85, seed: 2),
        SampleScanStyle(font: "DejaVu Sans", points: 11, turn: 1.5, shadow: 0.3, noise: 14, jpegQuality: 70, seed: 3),
        SampleScanStyle(font: "DejaVu Serif", points: 10, turn: -0.6, shadow: 0.45, noise: 10, jpegQuality: 80, seed: 4),
        SampleScanStyle(font: "DejaVu Sans Condensed", points: 11, turn: -1.0, shadow: 0.25, noise: 10, jpegQuality: 80, seed: 5),
        SampleScanStyle(font: "DejaVu Serif Condensed", points: 11, turn: 1.1, shadow: 0.4, noise: 12, jpegQuality: 75, seed: 6),
        SampleScanStyle(font: "DejaVu Sans", points: 12, turn: 0.2, shadow: 0.15, noise: 8, jpegQuality: 85, seed: 7),
    ]
}
