import StripsCore

/// A context menu's keys, its own table: its handler looks keys up in it and the keys overlay lists it.
public enum MenuKey: Hashable, Sendable {
    case move(Int), open, back, activate, close

    public static let table = KeyTable<MenuKey>([
        KeyRow(.pages, tr("Item"), tr("picks an item"), [(.any(.up), .move(-1)), (.any(.down), .move(1))], context: tr("Menu")),
        KeyRow(.pages, tr("Submenu"), tr("opens / closes a submenu"), [(.any(.right), .open), (.any(.left), .back)], context: tr("Menu")),
        KeyRow(.pages, tr("Do it"), tr("does the item"), [(.any(.return), .activate), (.any(.space), .activate)], context: tr("Menu")),
        KeyRow(.pages, tr("Close"), tr("closes the menu"), [(.any(.escape), .close)], context: tr("Menu")),
    ])
}
