import StripsCore
/// The pizza scene's keys, as one table like the editor's (`EditorKey.table`): what the key
/// handling looks up and what the man page prints, so the two can never disagree.
public enum PizzaKey: Hashable, Sendable {
    /// Up / Down: the half under the pointer one pizza back (-1) or on (1).
    case step(Int)
    /// M: both halves glide to another combination.
    case mix
    /// D: the drum variant on or off.
    case drum
    /// Escape or Q.
    case quit

    public init?(_ key: Key) {
        guard let action = Self.table.action(for: key) else { return nil }
        self = action
    }

    /// Held, an arrow steps as fast as it repeats (each step retargets the glide); the other keys
    /// act again only once the strips are at rest.
    var repeatsWhileMoving: Bool {
        if case .step = self { return true }
        return false
    }

    /// Every pizza key and gesture. The keys act whatever modifiers are held (S, X and Ctrl+R are
    /// the instruments', taken before the scene sees them).
    public static let table = KeyTable<PizzaKey>([
        .gesture(.pages, "Drag or fling a half", "scrolls that strip; it settles with a pizza centred"),
        .gesture(.pages, "Click a small half", "brings it to the centre"),
        KeyRow(.pages, "Previous / next pizza", "the half under the pointer moves one pizza",
               [(.any(.up), .step(-1)), (.any(.down), .step(1))]),
        KeyRow(.pages, "Mix", "mix, both halves glide to another combination", [(.any(.m), .mix)]),
        KeyRow(.pages, "Drum", "the drum variant on or off", [(.any(.d), .drum)]),
        KeyRow(.pages, "Quit", "quit", [(.any(.escape), .quit), (.any(.q), .quit)]),
    ])
}
