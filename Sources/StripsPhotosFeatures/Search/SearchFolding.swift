import Foundation
import StripsCore

/// What Ctrl+F compares: a text with case, accents and width folded away, in every script, and in
/// one normalisation form, so that the same words typed or recognised in different ways meet.
///
/// - Latin: `École` -> `ecole`, `Straße` -> `strasse`, `ﬁ` -> `fi`.
/// - Cyrillic: case folded, `ё` -> `е` (Russian print usually leaves its dots off), but `й` kept:
///   it is a letter of its own in the alphabet, not an accented `и` (`йод` is not `иод`).
/// - Devanagari (and every script with combining letters): the folded text is put in Unicode's
///   composed form (NFC) before it is compared byte for byte, so a query typed decomposed (`क` +
///   nukta) finds a page recognised precomposed (`क़`, U+0958) and the other way round; vowel
///   signs and viramas are letters there, never stripped as accents. The invisible joiners
///   (ZWJ, ZWNJ), which only choose a glyph form, and soft hyphens are dropped.
enum SearchFolding {
    /// Characters that fold to nothing: zero width non-joiner and joiner, soft hyphen.
    private static let invisible: Set<Unicode.Scalar> = ["\u{200C}", "\u{200D}", "\u{00AD}"]

    /// Letters kept whole (lowercase) where folding accents would make them another letter.
    private static let keptLetters: [Character: String] = ["й": "й", "Й": "й"]

    static func fold(_ text: String) -> String {
        var result = ""
        var run = ""
        func flush() {
            guard !run.isEmpty else { return }
            result += run.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            run = ""
        }
        for character in text {
            // Character equality is canonical: a decomposed `и` + breve is `й` here too.
            if let kept = keptLetters[character] {
                flush()
                result += kept
            } else {
                run.append(character)
            }
        }
        flush()
        var visible = String.UnicodeScalarView()
        visible.append(contentsOf: result.unicodeScalars.lazy.filter { !invisible.contains($0) })
        return String(visible).precomposedStringWithCanonicalMapping
    }
}
