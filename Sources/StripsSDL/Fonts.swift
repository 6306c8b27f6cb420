import CSDL2
import StripsCore

/// DejaVu Sans from Debian's fonts-dejavu-core, opened at each size the scenes ask for.
/// Only the main thread touches SDL_ttf; the measurer is Sendable for the core's sake.
public final class FontBook: TextMeasurer, @unchecked Sendable {
    public static let searchPaths = [
        "/usr/share/fonts/truetype/dejavu",
        "/usr/share/fonts/dejavu",
        "/usr/local/share/fonts/dejavu",
        // The Flatpak's own copy (flatpak/io.github.strips.strips.json bundles DejaVu there).
        "/app/share/fonts/dejavu",
    ]

    private let regularPath: String
    private let boldPath: String
    private var fonts: [FontKey: OpaquePointer] = [:]

    private struct FontKey: Hashable {
        var size: Int32
        var weight: TextRun.Weight
    }

    /// nil when no DejaVu font is installed; the caller says so once and draws no text.
    public init?() {
        func find(_ name: String) -> String? {
            Self.searchPaths.map { "\($0)/\(name)" }.first { SDL_RWFromFile($0, "rb").map { SDL_RWclose($0); return true } ?? false }
        }
        guard let regular = find("DejaVuSans.ttf") else { return nil }
        regularPath = regular
        boldPath = find("DejaVuSans-Bold.ttf") ?? regular
    }

    deinit {
        for font in fonts.values { TTF_CloseFont(font) }
    }

    /// The font at `pointSize` times `scale` pixels (HiDPI windows render text at pixel size).
    func font(pointSize: Double, weight: TextRun.Weight, scale: Double = 1) -> OpaquePointer? {
        let key = FontKey(size: Int32(max(1, (pointSize * scale).rounded())), weight: weight)
        if let font = fonts[key] { return font }
        guard let font = TTF_OpenFont(weight == .bold ? boldPath : regularPath, key.size) else { return nil }
        fonts[key] = font
        return font
    }

    public func size(of text: String, pointSize: Double, weight: TextRun.Weight) -> Size {
        guard !text.isEmpty, let font = font(pointSize: pointSize, weight: weight) else { return .zero }
        var w: Int32 = 0, h: Int32 = 0
        TTF_SizeUTF8(font, text, &w, &h)
        return Size(width: Double(w), height: Double(h))
    }
}
