/// A context menu's keys, its own table: its handler looks keys up in it and the keys overlay lists it.
public enum MenuKey: Hashable, Sendable {
    case move(Int), open, back, activate, close

    public static let table = KeyTable<MenuKey>([
        KeyRow(.pages, "Item", "picks an item", [(.any(.up), .move(-1)), (.any(.down), .move(1))], context: "Menu"),
        KeyRow(.pages, "Submenu", "opens / closes a submenu", [(.any(.right), .open), (.any(.left), .back)], context: "Menu"),
        KeyRow(.pages, "Do it", "does the item", [(.any(.return), .activate), (.any(.space), .activate)], context: "Menu"),
        KeyRow(.pages, "Close", "closes the menu", [(.any(.escape), .close)], context: "Menu"),
    ])
}
