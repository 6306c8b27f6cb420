import StripsCore

/// The keys overlay's own keys, while it is shown (it lists them too).
public enum OverlayKey: Hashable, Sendable {
    case close, scroll(Double)

    public static let table = KeyTable<OverlayKey>([
        KeyRow(.pages, tr("Scroll"), tr("scrolls a list longer than the window (the wheel too)"),
               [(.any(.up), .scroll(-1)), (.any(.down), .scroll(1)), (.any(.pageup), .scroll(-10)), (.any(.pagedown), .scroll(10))],
               context: tr("This list")),
        KeyRow(.pages, tr("Close"), tr("hides it"), [(.any(.escape), .close), (.any(.f1), .close), (.any(.question), .close), (.shift(.slash), .close)],
               context: tr("This list")),
    ])
}
