/// A line of text cut where its script changes, so each piece is shaped by HarfBuzz with its own
/// script set and drawn in a font that has its letters: DejaVu Sans for Latin, Cyrillic and
/// Greek, Noto Sans Devanagari for Devanagari (DejaVu has none: its letters would be boxes, and
/// a conjunct or a vowel sign needs the script's shaping to join).
///
/// Spaces, digits and punctuation belong to no script: they stay in the piece they are in, so
/// "हिन्दी (Ctrl+S)" is two pieces, not five, and a label is one texture as before when it is
/// all one script.
struct ScriptRuns: Equatable {
    enum Script: Equatable {
        case latin, cyrillic, devanagari

        /// ISO 15924, as `TTF_SetFontScriptName` takes it.
        var code: String {
            switch self {
            case .latin: return "Latn"
            case .cyrillic: return "Cyrl"
            case .devanagari: return "Deva"
            }
        }
    }

    struct Run: Equatable {
        var text: String
        var script: Script
    }

    var runs: [Run]

    init(_ text: String) {
        var runs: [Run] = []
        var current = ""
        var script: Script?
        for scalar in text.unicodeScalars {
            // A joiner, a combining mark or a neutral sign stays with what is before it, unless
            // that is Devanagari and the sign is one Noto's Devanagari face lacks (·, …, ×):
            // it goes to DejaVu.
            let own = Self.script(of: scalar) ?? (script == .devanagari && !Self.inDevanagariFace(scalar) ? .latin : nil)
            if let own, own != script, !current.isEmpty, script != nil {
                runs.append(Run(text: current, script: script ?? .latin))
                current = ""
                script = own
            } else if script == nil {
                script = own
            }
            current.unicodeScalars.append(scalar)
        }
        if !current.isEmpty { runs.append(Run(text: current, script: script ?? .latin)) }
        self.runs = runs
    }

    /// Signs of no script that Noto Sans Devanagari draws: ASCII's and the joiners.
    static func inDevanagariFace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII || (0x200B...0x200D).contains(scalar.value)
    }

    /// The script a letter is written in; nil for what belongs to none (spaces, digits,
    /// punctuation, joiners), which takes its neighbours'.
    static func script(of scalar: Unicode.Scalar) -> Script? {
        switch scalar.value {
        case 0x0900...0x097F, 0xA8E0...0xA8FF, 0x1CD0...0x1CFF: return .devanagari
        case 0x0400...0x052F, 0x1C80...0x1C8F, 0x2DE0...0x2DFF, 0xA640...0xA69F: return .cyrillic
        default:
            return scalar.properties.isAlphabetic ? .latin : nil
        }
    }
}
