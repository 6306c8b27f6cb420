import StripsCore

/// The search field's keys, its own table (letters are typed text; keys with Ctrl or Alt reach the
/// editor): its handler looks keys up in it and the keys overlay lists it.
public enum SearchKey: Hashable, Sendable {
    case next, previous, close, erase

    public static let table = KeyTable<SearchKey>([
        KeyRow(.text, tr("Next / previous hit"), tr("the next / previous hit (a small one is zoomed in on)"),
               [(KeyChord(.return, ctrl: .either, shift: .no, alt: .either), .next), (KeyChord(.return, ctrl: .either, shift: .yes, alt: .either), .previous)], context: tr("Search field")),
        KeyRow(.text, tr("Erase"), tr("erases the last letter"), [(KeyChord(.backspace), .erase)], context: tr("Search field")),
        KeyRow(.text, tr("Close"), tr("closes the field"), [(.any(.escape), .close)], context: tr("Search field")),
    ])
}
