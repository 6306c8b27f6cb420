/// A line a host says (a save that failed, a camera's fault, recognition that could not run), kept
/// as the catalog's wording and what fills it, so each place words it for its reader: standard
/// error, the trace and `strips convert` say `english` (the headless contract is English); the
/// window shows `shown`, through gettext in the user's language.
///
/// The wording is a msgid marked where the message is made (`trLater`, or `trnLater` for a count),
/// so `Scripts/update-po.sh` extracts it; an argument is either text the host had (a path, a
/// device, a library's own words, which stay as the library wrote them) or another message
/// (a save's reason inside "Not saved: ..."), itself worded the same way.
public struct HostMessage: Hashable, Sendable, CustomStringConvertible {
    public indirect enum Argument: Hashable, Sendable {
        case text(String)
        case message(HostMessage)
    }

    /// The msgid, and for a count its plural msgid.
    public let format: String
    public let plural: String?
    /// The number choosing the plural form (its `%d`).
    public let count: Int
    public let arguments: [Argument]

    /// `format`'s `%s` (or `%N$s`) filled with `texts` in order.
    public init(_ format: String, _ texts: String...) {
        self.init(format, arguments: texts.map(Argument.text))
    }

    public init(_ format: String, arguments: [Argument]) {
        self.format = format
        plural = nil
        count = 0
        self.arguments = arguments
    }

    /// The form of `forms` (singular, plural: `trnLater`'s) for `count` (gettext's plural forms:
    /// Russian has three), its `%d` the count and its `%s` `texts`.
    public init(_ forms: (singular: String, plural: String), count: Int, _ texts: String...) {
        self.init(forms, count: count, arguments: texts.map(Argument.text))
    }

    public init(_ forms: (singular: String, plural: String), count: Int, arguments: [Argument]) {
        format = forms.singular
        plural = forms.plural
        self.count = count
        self.arguments = arguments
    }

    /// A line with nothing to translate: a library's or a device's own words (SANE's faults).
    public static func verbatim(_ line: String) -> HostMessage { HostMessage("%s", line) }

    /// In English, as written to standard error and the trace.
    public var english: String { worded({ $0 }, plural: { one, many, n in n == 1 ? one : many }) }

    /// In the user's language (the catalog's, through gettext), as the window shows it.
    public var shown: String {
        worded({ tr($0) }, plural: Translation.form)
    }

    public var description: String { english }

    /// Worded through `translate` (a msgid's translation) and `choose` (a plural's form for a
    /// count); a test passes a .po's tables.
    public func worded(_ translate: (String) -> String,
                       plural choose: (_ singular: String, _ plural: String, _ count: Int) -> String) -> String {
        let values = arguments.map { argument in
            switch argument {
            case .text(let text): return text
            case .message(let inner): return inner.worded(translate, plural: choose)
            }
        }
        guard let plural else { return Translation.fill(translate(format), values) }
        return Translation.fill(choose(format, plural, count), [count.description] + values, numberFirst: true)
    }
}

/// `singular` as it is, marked for the catalog with its `plural` (gettext's `ngettext_noop`): a
/// count's wording translated where it is shown (`HostMessage`).
public func trnLater(_ singular: String, _ plural: String) -> (singular: String, plural: String) { (singular, plural) }
