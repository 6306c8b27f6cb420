/// Every number of the design in one value, with the articles' defaults, so a designer can tune
/// the feel from a file (`strips tuning` prints it, `--tuning FILE` loads it) without a rebuild.
///
/// Grouped by concern; each field's meaning, unit and valid range are in `Tuning.fields`, which
/// the TOML printer and reader walk, so a field added here and there is printed, read and checked.
public struct Tuning: Hashable, Sendable {
    public var scroll = Scroll()
    public var preview = Preview()
    public var thumbnails = Thumbnails()
    public var editor = Editor()
    public var pizza = Pizza()

    public init() {}

    /// The articles' numbers.
    public static let defaults = Tuning()

    /// UIScrollView's physics, as measured and published.
    public struct Scroll: Hashable, Sendable {
        public var normalDeceleration = 0.998
        public var fastDeceleration = 0.99
        public var rubberBand = 0.55
        public var springDamping = 14.0
        public var settleDistance = 0.25
        public var settleSpeed = 5.0
        public var tapSlop = 6.0
        public var pagingFlickSpeed = 250.0
        public var velocityWindow = 0.1
        public var maxSpeed = 30_000.0
        public var wheelStep = 48.0
        public var wheelIdle = 0.15
        public init() {}
    }

    /// The big strip (Photos article, feature 1).
    public struct Preview: Hashable, Sendable {
        public var parallaxSpacing = 44.0
        public var pictureParallax = 0.3
        public var collapsedScale = 0.85
        public var pictureFadeDuration = 0.15
        public init() {}
    }

    /// The thumbnail strip (Photos article, features 2 to 4).
    public struct Thumbnails: Hashable, Sendable {
        public var stripHeight = 66.0
        public var restingWidthRatio = 0.5
        public var spacing = 4.0
        public var focusedSpacing = 20.0
        public var aspectMin = 0.2
        public var aspectMax = 5.0
        public var margin = 8.0
        public init() {}
    }

    /// Moves, deletes and inserts (Photos article, features 5 and 6).
    public struct Editor: Hashable, Sendable {
        public var moveDuration = 0.3
        public var phaseDuration = 0.15
        public var expandingFullDuration = 0.15
        public init() {}
    }

    /// The half-pizza selector.
    public struct Pizza: Hashable, Sendable {
        public var size = 300.0
        public var criticalOffset = 200.0
        public var scaleFactor = 0.6
        public var gap = 4.0
        public var compression = 4.0
        public var captionHeight = 60.0
        public var captionLift = 30.0
        public var captionShift = 20.0
        public var captionMargin = 8.0
        public var captionPointSize = 22.0
        public var captionLineClearance = 10.0
        public var panelHeight = 84.0
        public var stepDuration = 0.3
        public var mixDuration = 0.7
        public var drumDuration = 0.3
        public init() {}
    }
}
