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
    public var zoom = Zoom()
    public var pizza = Pizza()
    public var instruments = Instruments()

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
        /// A page turning a quarter, and a moved page settling into its new place.
        public var rotateDuration = 0.3
        public var reorderDuration = 0.25
        /// A press on a thumbnail held this long without moving lifts it.
        public var holdDuration = 0.4
        /// A lifted thumbnail is this much larger, lifts in `liftDuration`; the gap it leaves
        /// eases to each new slot in `gapDuration`.
        public var liftScale = 1.15
        public var liftDuration = 0.15
        public var gapDuration = 0.15
        /// Within this distance of a strip end a carried thumbnail scrolls the strip, up to this
        /// speed at the very edge.
        public var autoscrollZone = 48.0
        public var autoscrollSpeed = 700.0
        /// Two taps this close in time (and within the tap slop) are a double-click.
        public var doubleClickInterval = 0.4
        /// The page counter stays this long after the strips stop, then fades in `counterFade`;
        /// a status line ("Saved to ...") stays `statusHold`, then fades as fast.
        public var counterHold = 1.5
        public var counterFade = 0.3
        public var statusHold = 4.0
        public init() {}
    }

    /// Zooming the preview (Apple Photos' double-click and pinch).
    public struct Zoom: Hashable, Sendable {
        /// The deepest zoom shows the picture at this many points per pixel...
        public var maxPixelScale = 2.0
        /// ...but never less than this over fit, so small pictures still zoom.
        public var minimumMaxScale = 2.0
        /// The double-click close-up: the picture's own pixels, at least this much over fit.
        public var minimumCloseUp = 2.0
        public var duration = 0.3
        /// `+` and `-` zoom by this factor, a notch of Ctrl+wheel by `wheelFactor`.
        public var keyFactor = 1.5
        public var wheelFactor = 1.25
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

    /// The designer's instruments over either scene.
    public struct Instruments: Hashable, Sendable {
        /// A message ("tuning applied", where a recording went) shows this long, then fades.
        public var noteDuration = 4.0
        public var noteFade = 1.0
        public init() {}
    }
}
