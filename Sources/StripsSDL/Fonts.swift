import CSDL2
import StripsCore

/// The window's fonts, opened at each size the scenes ask for: DejaVu Sans (Debian's
/// fonts-dejavu-core) for Latin, Cyrillic and Greek, Noto Sans Devanagari (fonts-noto-core) for
/// Devanagari, which DejaVu lacks. A line is cut where its script changes (`ScriptRuns`), each
/// piece shaped by SDL_ttf's HarfBuzz (Devanagari with its script and direction set: a conjunct
/// or a vowel sign joins only then) and placed on one baseline; measuring and drawing share that layout, so
/// a label is as wide as it is drawn. Only the main thread touches SDL_ttf; the measurer is
/// Sendable for the core's sake.
public final class FontBook: TextMeasurer, @unchecked Sendable {
    public static let searchPaths = [
        "/usr/share/fonts/truetype/dejavu",
        "/usr/share/fonts/dejavu",
        "/usr/local/share/fonts/dejavu",
    ]
    /// Where Noto Sans Devanagari is looked for.
    public static let devanagariPaths = [
        "/usr/share/fonts/truetype/noto",
        "/usr/share/fonts/noto",
        "/usr/local/share/fonts/noto",
    ]

    private let regularPath: String
    private let boldPath: String
    /// Nil when fonts-noto-core is not installed: Devanagari falls back to DejaVu (boxes).
    private let devanagariRegularPath: String?
    private let devanagariBoldPath: String?
    private var fonts: [FontKey: OpaquePointer] = [:]

    private struct FontKey: Hashable {
        var size: Int32
        var weight: TextRun.Weight
        var devanagari: Bool
    }

    /// nil when no DejaVu font is installed; the caller says so once and draws no text.
    public init?() {
        func find(_ name: String, in folders: [String]) -> String? {
            folders.map { "\($0)/\(name)" }.first { SDL_RWFromFile($0, "rb").map { SDL_RWclose($0); return true } ?? false }
        }
        guard let regular = find("DejaVuSans.ttf", in: Self.searchPaths) else { return nil }
        regularPath = regular
        boldPath = find("DejaVuSans-Bold.ttf", in: Self.searchPaths) ?? regular
        devanagariRegularPath = find("NotoSansDevanagari-Regular.ttf", in: Self.devanagariPaths)
        devanagariBoldPath = find("NotoSansDevanagari-Bold.ttf", in: Self.devanagariPaths) ?? devanagariRegularPath
    }

    deinit {
        for font in fonts.values { TTF_CloseFont(font) }
    }

    /// The font at `pointSize` times `scale` pixels (HiDPI windows render text at pixel size) for
    /// text in `script`, set up to shape it.
    func font(pointSize: Double, weight: TextRun.Weight, scale: Double = 1, script: ScriptRuns.Script = .latin) -> OpaquePointer? {
        let devanagari = script == .devanagari && devanagariRegularPath != nil
        let key = FontKey(size: Int32(max(1, (pointSize * scale).rounded())), weight: weight, devanagari: devanagari)
        let font: OpaquePointer
        if let open = fonts[key] {
            font = open
        } else {
            let path = devanagari ? (weight == .bold ? devanagariBoldPath : devanagariRegularPath) ?? regularPath
                : weight == .bold ? boldPath : regularPath
            guard let opened = TTF_OpenFont(path, key.size) else { return nil }
            fonts[key] = opened
            font = opened
        }
        if devanagari {
            // Devanagari's conjuncts, vowel signs and reph are formed only by the script's own
            // shaper; SDL_ttf's default runs the generic one. (Both calls fail only without
            // HarfBuzz, where SDL_ttf lays glyphs out one by one anyway.) DejaVu's Latin and
            // Cyrillic keep SDL_ttf's default shaping, which they need nothing more than.
            _ = TTF_SetFontScriptName(font, script.code)
            _ = TTF_SetFontDirection(font, TTF_DIRECTION_LTR)
        }
        return font
    }

    /// One piece of a line: its font (set up for its script), where it starts and its size, in pixels.
    struct Piece {
        var text: String
        var script: ScriptRuns.Script
        var x: Int32
        var y: Int32
        var width: Int32
        var height: Int32
    }

    /// A line laid out in pixels at `scale`: its pieces on one baseline, its width and height.
    func layout(_ text: String, pointSize: Double, weight: TextRun.Weight, scale: Double = 1) -> (pieces: [Piece], width: Int32, height: Int32) {
        var measured: [(ScriptRuns.Run, Int32, Int32, Int32)] = []
        for run in ScriptRuns(text).runs {
            guard let font = font(pointSize: pointSize, weight: weight, scale: scale, script: run.script) else { continue }
            var w: Int32 = 0, h: Int32 = 0
            TTF_SizeUTF8(font, run.text, &w, &h)
            measured.append((run, w, h, TTF_FontAscent(font)))
        }
        let baseline = measured.map(\.3).max() ?? 0
        var pieces: [Piece] = []
        var x: Int32 = 0, height: Int32 = 0
        for (run, w, h, ascent) in measured {
            pieces.append(Piece(text: run.text, script: run.script, x: x, y: baseline - ascent, width: w, height: h))
            x += w
            height = max(height, baseline - ascent + h)
        }
        return (pieces, x, height)
    }

    public func size(of text: String, pointSize: Double, weight: TextRun.Weight) -> Size {
        guard !text.isEmpty else { return .zero }
        let line = layout(text, pointSize: pointSize, weight: weight)
        return Size(width: Double(line.width), height: Double(line.height))
    }
}
