import CGettext

/// The words a user reads, in the user's language, through glibc's gettext (catalogs compiled
/// from `po/*.po` into `LOCALEDIR/LANG/LC_MESSAGES/strips.mo`).
///
/// Every user-visible string goes through `tr` (or `trn` where a number chooses the form) as a
/// plain literal, so `Scripts/update-po.sh` finds it (xgettext reads the sources as C, with `tr`
/// and `trn` as keywords): never build a message by joining translated pieces, and never pass
/// an interpolated string; arguments are `%s` and `%d` (or `%1$s` where a translation reorders
/// them), filled in by `tr(_:_:)`.
///
/// Until a program binds the domain (`strips` does as it starts, after `setlocale`), and in the
/// C locale, every call gives its English msgid back: tests running in process see English.
public enum Translation {
    /// The gettext domain: `strips.mo`.
    public static let domain = "strips"
}

/// `msgid` in the user's language.
public func tr(_ msgid: String) -> String {
    guard !msgid.isEmpty else { return msgid }
    return Translation.lookUp(msgid) ?? msgid
}

/// `msgid` as it is, marked for the catalog (gettext's `gettext_noop`): a wording kept in English
/// and translated later, where it is shown (`HostMessage`).
public func trLater(_ msgid: String) -> String { msgid }

/// `msgid` in the user's language where the same English words mean something else elsewhere:
/// `trc("key", "Delete")` is the key's name, which French calls "Suppr", while the command
/// "Delete" is "Supprimer" (gettext's msgctxt).
public func trc(_ context: String, _ msgid: String) -> String {
    Translation.lookUp(context + "\u{4}" + msgid) ?? msgid
}

/// `msgid` in the user's language, its `%s` / `%d` (or `%N$s`) filled with `arguments` in order.
public func tr(_ msgid: String, _ arguments: CustomStringConvertible...) -> String {
    Translation.fill(tr(msgid), arguments.map(\.description))
}

/// The form of `singular` / `plural` that the user's language uses for `count` (its .po's
/// Plural-Forms: Russian has three, Hindi and French two, Indonesian one), `%d` filled with
/// `count` and any `%s` with `arguments`.
public func trn(_ singular: String, _ plural: String, _ count: Int, _ arguments: CustomStringConvertible...) -> String {
    Translation.fill(Translation.form(singular, plural, count), [count.description] + arguments.map(\.description), numberFirst: true)
}

extension Translation {
    /// The catalog's form of `singular` / `plural` for `count`, not filled in.
    static func form(_ singular: String, _ plural: String, _ count: Int) -> String {
        singular.withCString { one in
            plural.withCString { many in
                // gettext answers with the very pointers it was given when it has no translation:
                // those are only valid inside this call, so the answer is copied here.
                dcngettext(Translation.domain, one, many, UInt(max(0, count)), LC_MESSAGES).map { String(cString: $0) }
            }
        } ?? (count == 1 ? singular : plural)
    }

    /// The catalog's translation of `msgid`, nil when it has none. gettext answers with the very
    /// pointer it was given when it has no translation, valid only inside this call: the answer
    /// is copied here, and compared with it.
    static func lookUp(_ msgid: String) -> String? {
        msgid.withCString { id in
            guard let translated = dcgettext(domain, id, LC_MESSAGES), UnsafePointer(translated) != id else { return nil }
            return String(cString: translated)
        }
    }

    /// A format's `%s` and `%d` replaced by `values` in order, `%N$s` / `%N$d` by the Nth, `%%`
    /// by `%`. With `numberFirst` (a plural's count is values[0]), `%d` always takes the count and
    /// `%s` takes the rest in order.
    static func fill(_ format: String, _ values: [String], numberFirst: Bool = false) -> String {
        guard format.contains("%") else { return format }
        var out = ""
        var next = numberFirst ? 1 : 0
        var chars = format.unicodeScalars.makeIterator()
        while let c = chars.next() {
            guard c == "%" else { out.unicodeScalars.append(c); continue }
            guard var d = chars.next() else { out += "%"; break }
            if d == "%" { out += "%"; continue }
            var position: Int?
            if d.properties.numericType != nil, let digit = Int(String(d)) {
                // %N$s
                var number = digit
                while let e = chars.next() {
                    if e == "$" { d = chars.next() ?? "s"; break }
                    guard let more = Int(String(e)) else { d = e; break }
                    number = number * 10 + more
                }
                position = number - 1
            }
            let index: Int
            if let position { index = position } else if numberFirst && d == "d" { index = 0 } else { index = next; next += 1 }
            out += values.indices.contains(index) ? values[index] : ""
        }
        return out
    }
}
