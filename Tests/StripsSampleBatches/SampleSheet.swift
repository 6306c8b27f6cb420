import StripsPictures

/// One made-up sheet of a feeder batch, and the truth about it: what is on it, whether it is
/// blank (nothing a reader would keep) and whether it is a separator sheet (a code and nothing
/// else). Drawn from a seed by `SheetPainter`, so a batch is a list of values, not files.
public struct SampleSheet: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// A page of prose.
        case text
        /// A letter with a QR code (a payment slip, an invoice's link) beside its text: a page
        /// with a code that is no separator.
        case textWithQR(String)
        /// Nothing written on it, but paper's own marks, as `Spoils` say.
        case blank(Spoils)
        /// Almost nothing: one short line or a signature on otherwise blank paper (with `Spoils`).
        case nearBlank(Mark, Spoils)
        /// A separator sheet: a code alone (with its text printed under it when `caption`).
        case separator(Code, caption: Bool, Spoils)
        /// A separator sheet as they are printed: `lines` at the top (the first a title in large
        /// type, "Separator sheet"; then instructions) and the code in the middle of the sheet.
        case printedSeparator(Code, lines: [String])
    }

    /// What a near-blank page holds.
    public enum Mark: Hashable, Sendable {
        /// "Page N" in 10 to 12 pt near the foot.
        case pageNumber(Int)
        /// A handwritten signature (pen strokes, about 4 to 6 cm wide).
        case signature
        /// One word (a stamp's "Copy", a note's "Approved").
        case word(String)
    }

    /// The separator codes.
    public enum Code: Hashable, Sendable {
        case qr(String)
        case code128(String)
        /// Kodak's Transfer patch: narrow, wide, narrow, wide bars, across the sheet near its top.
        case patchT
    }

    /// The paper's marks that are not writing.
    public struct Spoils: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Sensor noise and JPEG's.
        public static let noise = Spoils(rawValue: 1)
        /// Punched holes over the scanner's dark backing: dark discs near the left edge.
        public static let darkHoles = Spoils(rawValue: 2)
        /// Punched holes under a white lid: a grey crescent where each hole's rim casts its shadow.
        public static let holeShadows = Spoils(rawValue: 4)
        /// A staple (or its two holes) in the top-left corner.
        public static let staple = Spoils(rawValue: 8)
        /// The other side's text showing through, mirrored, faint and soft.
        public static let bleedThrough = Spoils(rawValue: 16)
        /// Dust: dark specks a tenth of a millimetre to half of one.
        public static let dust = Spoils(rawValue: 32)
        /// The scan is larger than the sheet along one edge: a dark band there.
        public static let edgeShadow = Spoils(rawValue: 64)
        /// Light falling off across the sheet (a lid not closed).
        public static let unevenLight = Spoils(rawValue: 128)

        public static let all: Spoils = [.noise, .darkHoles, .holeShadows, .staple, .bleedThrough, .dust, .edgeShadow, .unevenLight]
    }

    public var kind: Kind
    /// Picks the paper, the positions, the noise.
    public var seed: UInt64

    public init(_ kind: Kind, seed: UInt64) {
        self.kind = kind
        self.seed = seed
    }

    /// Nothing written on it.
    public var isBlank: Bool {
        if case .blank = kind { return true }
        return false
    }

    /// A separator sheet, and the text its code carries (nil for a patch code).
    public var isSeparator: Bool {
        switch kind {
        case .separator, .printedSeparator: return true
        default: return false
        }
    }

    public var separatorText: String? {
        let code: Code
        switch kind {
        case .separator(let c, _, _), .printedSeparator(let c, _): code = c
        default: return nil
        }
        switch code {
        case .qr(let text), .code128(let text): return text
        case .patchT: return nil
        }
    }

    /// A short name for tables: "blank holes+bleed", "separator qr".
    public var label: String {
        switch kind {
        case .text: return "text"
        case .textWithQR: return "text with QR"
        case .blank(let spoils): return "blank " + Self.names(spoils)
        case .nearBlank(let mark, _):
            switch mark {
            case .pageNumber: return "near-blank page number"
            case .signature: return "near-blank signature"
            case .word: return "near-blank word"
            }
        case .printedSeparator(let code, _):
            switch code {
            case .qr: return "printed separator QR"
            case .code128: return "printed separator Code 128"
            case .patchT: return "printed separator Patch T"
            }
        case .separator(let code, _, _):
            switch code {
            case .qr: return "separator QR"
            case .code128: return "separator Code 128"
            case .patchT: return "separator Patch T"
            }
        }
    }

    static func names(_ spoils: Spoils) -> String {
        let named: [(Spoils, String)] = [(.noise, "noise"), (.darkHoles, "holes"), (.holeShadows, "hole shadows"), (.staple, "staple"),
                                         (.bleedThrough, "bleed-through"), (.dust, "dust"), (.edgeShadow, "edge"), (.unevenLight, "light")]
        let parts = named.filter { spoils.contains($0.0) }.map(\.1)
        return parts.isEmpty ? "clean" : parts.joined(separator: "+")
    }
}
