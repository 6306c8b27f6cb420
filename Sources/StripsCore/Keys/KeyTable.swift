/// The keys as one table: each row names what a key (or gesture) does, once, and the same row
/// is what the key handling looks up, what the keys overlay (F1) lists, what a toolbar button's
/// tooltip and a menu item's shortcut say, and what the man page prints. Nothing else maps keys
/// to actions, so the help can never drift from the handling.
public enum KeyGroup: String, CaseIterable, Hashable, Sendable {
    case pages, editing, corrections, text, scanning, instruments

    /// The heading the overlay and the man page give the group.
    public var title: String {
        switch self {
        case .pages: return tr("Pages")
        case .editing: return tr("Editing")
        case .corrections: return tr("Corrections")
        case .text: return tr("Text")
        case .scanning: return tr("Scanning")
        case .instruments: return tr("Instruments")
        }
    }
}

/// A key with the modifiers a binding asks for: each one held, not held, or either.
public struct KeyChord: Hashable, Sendable {
    public enum Held: Hashable, Sendable { case yes, no, either }

    public var name: Key.Name
    public var ctrl: Held
    public var shift: Held
    public var alt: Held

    public init(_ name: Key.Name, ctrl: Held = .no, shift: Held = .either, alt: Held = .no) {
        self.name = name
        self.ctrl = ctrl
        self.shift = shift
        self.alt = alt
    }

    /// The key alone (any Shift, no Ctrl or Alt), with Ctrl, with Shift, with Alt, with Ctrl+Shift.
    public static func plain(_ name: Key.Name) -> KeyChord { KeyChord(name) }
    public static func ctrl(_ name: Key.Name) -> KeyChord { KeyChord(name, ctrl: .yes, shift: .no) }
    public static func shift(_ name: Key.Name) -> KeyChord { KeyChord(name, shift: .yes) }
    public static func alt(_ name: Key.Name) -> KeyChord { KeyChord(name, alt: .yes) }
    public static func ctrlShift(_ name: Key.Name) -> KeyChord { KeyChord(name, ctrl: .yes, shift: .yes) }
    /// The key whatever is held with it.
    public static func any(_ name: Key.Name) -> KeyChord { KeyChord(name, ctrl: .either, shift: .either, alt: .either) }

    public func matches(_ key: Key) -> Bool {
        func fits(_ held: Held, _ down: Bool) -> Bool { held == .either || (held == .yes) == down }
        return key.name == name && fits(ctrl, key.ctrl) && fits(shift, key.shift) && fits(alt, key.alt)
    }

    /// "Ctrl+Shift+Z": the modifiers it needs, then the key as printed on it.
    public var label: String {
        // Shift+/ is how most keyboards type `?`, and the key says so.
        if name == .slash, shift == .yes, ctrl != .yes, alt != .yes { return "?" }
        var parts: [String] = []
        if ctrl == .yes { parts.append(trc("key", "Ctrl")) }
        if alt == .yes { parts.append(trc("key", "Alt")) }
        if shift == .yes { parts.append(trc("key", "Shift")) }
        parts.append(name.printed)
        return parts.joined(separator: "+")
    }

    /// A key press that this chord matches: what a button or a menu item stands in for.
    public var press: Key {
        Key(name, ctrl: ctrl == .yes, shift: shift == .yes, alt: alt == .yes)
    }
}

/// One line of the table: the keys (or a gesture, which has no chord), a short title (a
/// tooltip's, a menu item's), what it does (the overlay's line), its group, and the action each
/// chord asks for.
public struct KeyRow<Action: Hashable & Sendable>: Hashable, Sendable {
    public var group: KeyGroup
    /// Short, as a button's tooltip names it: "Undo".
    public var title: String
    /// The overlay's and the man page's words for it: "undo the last edit".
    public var help: String
    public var bindings: [Binding]
    /// What the row's keys are called when it is not their chords joined (a gesture, "Arrows").
    public var keysLabel: String?
    /// Keys that act only in a mode ("in the border editor"): said before the keys.
    public var context: String?

    public struct Binding: Hashable, Sendable {
        public var chord: KeyChord
        public var action: Action
    }

    public init(_ group: KeyGroup, _ title: String, _ help: String, _ bindings: [(KeyChord, Action)], keys: String? = nil, context: String? = nil) {
        self.group = group
        self.title = title
        self.help = help
        self.bindings = bindings.map { Binding(chord: $0.0, action: $0.1) }
        keysLabel = keys
        self.context = context
    }

    /// A gesture: documented in the same table, handled by the pointer code.
    public static func gesture(_ group: KeyGroup, _ keys: String, _ help: String, context: String? = nil) -> KeyRow {
        KeyRow(group, keys, help, [], keys: keys, context: context)
    }

    /// The same row asking, for each chord, for `transform` of its action (a correction's or a
    /// registered feature's row as the editor's).
    public func map<Other: Hashable & Sendable>(_ transform: (Action) -> Other) -> KeyRow<Other> {
        KeyRow<Other>(group, title, help, bindings.map { ($0.chord, transform($0.action)) }, keys: keysLabel, context: context)
    }

    /// "Ctrl+Shift+Z / Ctrl+Y": every distinct chord, in order.
    public var keys: String {
        if let keysLabel { return keysLabel }
        var seen: [String] = []
        for b in bindings where !seen.contains(b.chord.label) { seen.append(b.chord.label) }
        return seen.joined(separator: " / ")
    }

    /// The overlay's line: "Ctrl+Z: undo the last edit" (a mode's keys say where they act).
    public var line: String {
        let lead = context.map { "\($0): " } ?? ""
        return "\(lead)\(keys): \(help)"
    }
}

/// A table of rows: the first row whose chord matches a key decides its action.
public struct KeyTable<Action: Hashable & Sendable>: Sendable {
    public var rows: [KeyRow<Action>]

    public init(_ rows: [KeyRow<Action>]) { self.rows = rows }

    /// What `key` asks for here, nil for a key the table does not have.
    public func action(for key: Key) -> Action? {
        for row in rows {
            for binding in row.bindings where binding.chord.matches(key) { return binding.action }
        }
        return nil
    }

    /// The row holding `action`, and the chord of its first binding for it.
    public func row(for action: Action) -> (row: KeyRow<Action>, chord: KeyChord)? {
        for row in rows {
            if let binding = row.bindings.first(where: { $0.action == action }) { return (row, binding.chord) }
        }
        return nil
    }

    /// "Undo (Ctrl+Z)": a button's tooltip.
    public func tooltip(for action: Action) -> String? {
        row(for: action).map { "\($0.row.title) (\($0.chord.label))" }
    }

    /// The shortcut a menu item shows beside its name.
    public func shortcut(for action: Action) -> String? { row(for: action)?.chord.label }

    /// Every chord in the table.
    public var chords: [KeyChord] { rows.flatMap { $0.bindings.map(\.chord) } }
}

extension Key.Name {
    /// As printed on the key (SDL's names, capitalised; symbols as they are).
    public var printed: String {
        switch self {
        case .left: return trc("key", "Left")
        case .right: return trc("key", "Right")
        case .up: return trc("key", "Up")
        case .down: return trc("key", "Down")
        case .home: return trc("key", "Home")
        case .end: return trc("key", "End")
        case .delete: return trc("key", "Delete")
        case .backspace: return trc("key", "Backspace")
        case .escape: return trc("key", "Esc")
        case .return: return trc("key", "Return")
        case .space: return trc("key", "Space")
        case .f1: return "F1"
        case .f10: return "F10"
        case .menu, .application: return trc("key", "Menu")
        case .pageup: return trc("key", "Page Up")
        case .pagedown: return trc("key", "Page Down")
        case .keypadPlus: return trc("key", "Keypad +")
        case .keypadMinus: return trc("key", "Keypad -")
        case .keypadZero: return trc("key", "Keypad 0")
        case .other: return "?"
        default: return rawValue.uppercased()
        }
    }
}
