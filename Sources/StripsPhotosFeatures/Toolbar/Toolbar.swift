import StripsCore

/// The toolbar along the top of the editor: a button for each action a newcomer looks for, each
/// an editor key's action (so a click does exactly what the key does, and its tooltip names the
/// key from the same table). One line a button: a new feature's button is one more line here.
public struct ToolbarButton: Hashable, Sendable {
    /// The trace's name, also the icon's (`Assets/Toolbar/NAME.png`).
    public var name: String
    public var action: EditorKey
    /// When the window is too narrow for every button, the lowest go first.
    public var priority: Int
    /// Placed against the right edge rather than the left.
    public var trailing: Bool
    /// A gap before it: a new group starts.
    public var startsGroup: Bool

    public init(_ name: String, _ action: EditorKey, priority: Int, trailing: Bool = false, startsGroup: Bool = false) {
        self.name = name
        self.action = action
        self.priority = priority
        self.trailing = trailing
        self.startsGroup = startsGroup
    }

    /// The tooltip: the action's title and its key, from the key table ("Undo (Ctrl+Z)").
    public var tooltip: String { EditorKey.table.tooltip(for: action) ?? name }
}

public enum Toolbar {
    /// The bar's height, and a button's.
    public static let height = 40.0
    public static let buttonSize = Size(width: 34, height: 32)
    static let spacing = 2.0
    static let groupGap = 12.0
    static let margin = 8.0
    /// Pointer resting on a button this long (seconds) shows its tooltip.
    public static let tooltipDelay = 0.5
    /// Under this many points of preview the bar is left out: the strips keep the window.
    static let minimumPreview = 60.0

    public static let buttons: [ToolbarButton] = [
        ToolbarButton("open", .open, priority: 9),
        ToolbarButton("scan", .scan, priority: 6),
        ToolbarButton("camera", .camera(.toggle), priority: 5),
        ToolbarButton("borders", .borders, priority: 3, startsGroup: true),
        ToolbarButton("look", .command(.cycle(.look)), priority: 2),
        ToolbarButton("rotate", .command(.rotate(1)), priority: 5),
        ToolbarButton("delete", .command(.delete), priority: 7),
        ToolbarButton("undo", .command(.undo), priority: 8, startsGroup: true),
        ToolbarButton("redo", .command(.redo), priority: 4),
        ToolbarButton("search", .search, priority: 6, trailing: true),
        ToolbarButton("save", .save(.document), priority: 9, trailing: true),
        ToolbarButton("help", .help, priority: 10, trailing: true),
    ]

    /// The bar's height in a window of this height: none when the strips would be left too little.
    static func height(window: Size, thumbnailBand: Double) -> Double {
        window.height >= thumbnailBand + height + minimumPreview && window.width >= buttonSize.width + 2 * margin ? height : 0
    }

    /// The buttons that fit in `width`, each with its frame: the left group from the left edge,
    /// the trailing ones against the right; the lowest priorities left out until the rest fit.
    public static func layout(width: Double) -> [(button: ToolbarButton, frame: Rect)] {
        var shown = buttons
        func needed(_ list: [ToolbarButton]) -> Double {
            let left = list.filter { !$0.trailing }, right = list.filter(\.trailing)
            return 2 * margin + run(left) + run(right) + (left.isEmpty || right.isEmpty ? 0 : groupGap)
        }
        while !shown.isEmpty, needed(shown) > width {
            // The lowest priority, the later of equals.
            let drop = shown.indices.min { a, b in
                shown[a].priority != shown[b].priority ? shown[a].priority < shown[b].priority : a > b
            }!
            shown.remove(at: drop)
        }
        let y = (height - buttonSize.height) / 2
        var frames: [(ToolbarButton, Rect)] = []
        var x = margin
        for (i, button) in shown.filter({ !$0.trailing }).enumerated() {
            if i > 0 { x += button.startsGroup ? groupGap : spacing }
            frames.append((button, Rect(origin: Point(x: x, y: y), size: buttonSize)))
            x += buttonSize.width
        }
        let trailing = shown.filter(\.trailing)
        var right = width - margin - run(trailing)
        for (i, button) in trailing.enumerated() {
            if i > 0 { right += button.startsGroup ? groupGap : spacing }
            frames.append((button, Rect(origin: Point(x: right, y: y), size: buttonSize)))
            right += buttonSize.width
        }
        return frames
    }

    /// The width a run of buttons takes.
    private static func run(_ part: [ToolbarButton]) -> Double {
        part.enumerated().reduce(0) { sum, e in sum + buttonSize.width + (e.offset == 0 ? 0 : e.element.startsGroup ? groupGap : spacing) }
    }
}
