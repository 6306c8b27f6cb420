import StripsCore

/// The toolbar's room: where the pointer is on the bar (the button it rests on, since when, for
/// the tooltip's delay) and the one pressed, which acts when the press is let go over it. The
/// scene tells it which button the pointer is over and whether the bar is live; a button let go
/// comes back as the editor action it stands for.
public enum ToolbarFeature: PhotosFeature {
    public struct State: Hashable, Sendable {
        public var hover: String?
        public var hoverSince = 0.0
        public var pressed: String?
        /// A tooltip was shown and the pointer has stayed on the bar: the next button's shows at once.
        public var tooltipShown = false

        public init() {}

        /// A tooltip is about to show: frames must go on until it does.
        package var waitsForTooltip: Bool { hover != nil && pressed == nil && !tooltipShown }

        /// The tooltip of the button under the pointer shows at `time`.
        package func showsTooltip(at time: Double) -> Bool {
            hover != nil && pressed == nil && (tooltipShown || time - hoverSince >= Toolbar.tooltipDelay)
        }
    }

    package enum Action {
        /// A press on the bar, over `button` (nil: between buttons).
        case press(ToolbarButton?)
        /// The press let go over `button`.
        case release(ToolbarButton?)
        /// The pointer moved, over the button named (nil: off the bar, or the bar not live).
        case hover(String?)
        /// A frame: a tooltip whose delay has passed is shown.
        case tick
    }

    package struct Context {
        package init(time: Double, live: Bool = true, canPerform: @escaping (EditorKey) -> Bool = { _ in true }) {
            self.time = time
            self.live = live
            self.canPerform = canPerform
        }

        var time: Double
        /// The bar takes the pointer (nothing modal is up).
        var live = true
        /// Whether an action can do anything now.
        var canPerform: (EditorKey) -> Bool = { _ in true }
    }

    package static func reduce(into state: inout State, action: Action, context: Context) -> [PhotosOutput] {
        switch action {
        case .press(let button):
            state.pressed = button.flatMap { context.canPerform($0.action) ? $0.name : nil }
        case .release(let button):
            guard let pressed = state.pressed else { return [] }
            state.pressed = nil
            guard let button, button.name == pressed, context.live, context.canPerform(button.action) else { return [] }
            return [.perform(button.action)]
        case .hover(let name):
            guard name != state.hover else { return [] }
            if name == nil { state.tooltipShown = false }
            state.hover = name
            state.hoverSince = context.time
        case .tick:
            if state.showsTooltip(at: context.time) { state.tooltipShown = true }
        }
        return []
    }
}
