import StripsCore

/// The geometry of one thumbnail as a value: fixed dimensions plus a state that the scroll
/// position and the animations change. Updates are plain functions (cell -> cell) that compose,
/// as in the Photos article: `resting.expanded(e).transitioned(t)`.
public struct ThumbnailCell: Hashable, Sendable {
    public struct Dimensions: Hashable, Sendable {
        /// A resting thumbnail: half as wide as the strip is high.
        public var defaultSize: Size
        /// The page's width / height, clamped to what a thumbnail can show.
        public var aspectRatio: Double
        /// Between resting thumbnails.
        public var spacing: Double
        /// Added around the focused thumbnail, half on each side.
        public var focusedSpacing: Double

        public init(defaultSize: Size, aspectRatio: Double, spacing: Double, focusedSpacing: Double) {
            self.defaultSize = defaultSize
            self.aspectRatio = aspectRatio
            self.spacing = spacing
            self.focusedSpacing = focusedSpacing
        }
    }

    public struct State: Hashable, Sendable {
        /// 0 resting, 1 fully taking its page's aspect ratio.
        public var expanding: Double
        public var transition: CellTransition

        public static let resting = State(expanding: 0, transition: .none)
    }

    public let index: Int
    public let dims: Dimensions
    public var state: State

    public init(index: Int, dims: Dimensions, state: State) {
        self.index = index
        self.dims = dims
        self.state = state
    }

    public func expanded(_ expanding: Double) -> ThumbnailCell {
        var cell = self
        cell.state.expanding = expanding
        return cell
    }

    public func transitioned(_ transition: CellTransition) -> ThumbnailCell {
        var cell = self
        cell.state.transition = transition
        return cell
    }

    /// Extra width over a resting thumbnail when expanded.
    public var additionalWidth: Double {
        (dims.defaultSize.height * dims.aspectRatio - dims.defaultSize.width) * state.expanding
    }

    public var size: Size {
        let v = state.transition.visibility
        return Size(width: (dims.defaultSize.width + additionalWidth) * v, height: dims.defaultSize.height * v)
    }

    /// How far this cell pushes each side's neighbours away: half its extra width plus half the
    /// focused spacing, fading with its presence so a closing gap releases them.
    public var push: Double {
        (additionalWidth + dims.focusedSpacing * state.expanding) / 2 * state.transition.presence
    }
}
