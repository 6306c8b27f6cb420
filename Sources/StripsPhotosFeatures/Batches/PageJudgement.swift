import StripsCore

/// What the host found on a page's sheet (StripsBatch's judges): whether nothing is written on it
/// and whether it is a separator sheet, a code and nothing else, which splits the batch there.
/// Kept in the scene by the page's `TextKey` (its source and the corrections that move its
/// content), as its text is: a page cropped anew is judged anew.
public struct PageJudgement: Hashable, Sendable {
    /// Nothing a reader would keep: paper, noise, punch holes, a staple, the back showing through.
    public var blank: Bool
    /// The code the sheet holds alone, when it is a separator sheet.
    public var separator: SeparatorCode?
    /// Which way up its text reads (nil: not judged, or no text to tell by).
    public var upright: UprightFinding?

    public init(blank: Bool, separator: SeparatorCode? = nil, upright: UprightFinding? = nil) {
        self.blank = blank
        self.separator = separator
        self.upright = upright
    }

    /// A page whose picture could not be read: an ordinary page (never dropped, never a split).
    public static let ordinary = PageJudgement(blank: false)
}

/// The code on a separator sheet.
public struct SeparatorCode: Hashable, Sendable {
    /// What kind of code: "QR code", "Code 128", "Patch T", ... as people call them.
    public var symbology: String
    /// The text a barcode or QR code carries (it names the document after the sheet); nil for a
    /// patch code, which carries none.
    public var text: String?

    public init(symbology: String, text: String?) {
        self.symbology = symbology
        self.text = text
    }
}

/// One page's judgement as the host answers it: the key it was judged under.
public struct JudgedPage: Hashable, Sendable {
    public var key: TextKey
    public var judgement: PageJudgement

    public init(key: TextKey, judgement: PageJudgement) {
        self.key = key
        self.judgement = judgement
    }
}
