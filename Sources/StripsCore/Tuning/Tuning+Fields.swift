extension Tuning {
    /// One tunable number: where it lives in the value and in the file, what it means, and the
    /// values that keep the app sane (a zero duration would divide by zero, a deceleration rate
    /// of 1 would never stop).
    public struct Field: Sendable {
        /// The TOML table: "scroll", "preview", "thumbnails", "editor", "pizza".
        public let section: String
        /// The TOML key, snake_case.
        public let key: String
        public let unit: String
        public let range: ClosedRange<Double>
        public let comment: String
        public let keyPath: WritableKeyPath<Tuning, Double> & Sendable

        /// "scroll.tap_slop": how problems name the field.
        public var name: String { "\(section).\(key)" }
        public var defaultValue: Double { Tuning.defaults[keyPath: keyPath] }
        public func accepts(_ value: Double) -> Bool { range.contains(value) }
    }

    /// The sections in file order, each with the line that heads it.
    public static let sections: [(key: String, comment: String)] = [
        ("scroll", "Scroll physics: UIScrollView's, as measured and published."),
        ("preview", "The big strip: one page per viewport, parallax while paging (Photos article, feature 1)."),
        ("thumbnails", "The thumbnail strip: centred, dynamic sizes (Photos article, features 2 to 4)."),
        ("editor", "Moving between pages, deleting and inserting (Photos article, features 4 to 6)."),
        ("zoom", "Zooming the preview: double-click, Ctrl+wheel, pinch and the + - 0 keys."),
        ("pizza", "The half-pizza selector."),
        ("instruments", "Slow motion, the x-ray and messages over the scene."),
    ]

    /// Every field, in file order.
    public static var fields: [Field] {
        scrollFields + previewFields + thumbnailFields + editorFields + zoomFields + pizzaFields + instrumentFields
    }

    private static func field(_ section: String, _ key: String, _ keyPath: WritableKeyPath<Tuning, Double> & Sendable,
                              _ range: ClosedRange<Double>, _ unit: String, _ comment: String) -> Field {
        Field(section: section, key: key, unit: unit, range: range, comment: comment, keyPath: keyPath)
    }

    private static var scrollFields: [Field] {
        let s = "scroll"
        return [
            field(s, "normal_deceleration", \.scroll.normalDeceleration, 0.9...0.9999, "per ms",
                  "Velocity kept per millisecond after a drag on a free strip: v(t) = v0 * rate^(1000 t)."),
            field(s, "fast_deceleration", \.scroll.fastDeceleration, 0.9...0.9999, "per ms",
                  "The same for snapping strips (thumbnails, pizza halves): they stop sooner."),
            field(s, "rubber_band", \.scroll.rubberBand, 0.01...2, "",
                  "Resistance past an edge: f(x) = (1 - 1 / (x * c / dim + 1)) * dim; smaller pulls less far."),
            field(s, "spring_damping", \.scroll.springDamping, 1...100, "per s",
                  "The critically damped spring of bounce-back and snapping: x(t) = e^(-b t) (x0 + (v0 + b x0) t)."),
            field(s, "settle_distance", \.scroll.settleDistance, 0.01...10, "pt",
                  "A spring or deceleration this close to its target has arrived."),
            field(s, "settle_speed", \.scroll.settleSpeed, 0.1...100, "pt/s",
                  "... and moving slower than this: both together end the motion."),
            field(s, "tap_slop", \.scroll.tapSlop, 0...50, "pt",
                  "A press and release that moved less than this is a tap, not a drag."),
            field(s, "paging_flick_speed", \.scroll.pagingFlickSpeed, 0...5000, "pt/s",
                  "Below this release speed a paging strip picks the nearest page, above it the next one."),
            field(s, "velocity_window", \.scroll.velocityWindow, 0.02...0.5, "s",
                  "Release velocity comes from the pointer's last this-many seconds; a pointer at rest longer flicks nothing."),
            field(s, "max_speed", \.scroll.maxSpeed, 100...100_000, "pt/s",
                  "No hand flicks faster: a glitching device cannot launch the content to infinity."),
            field(s, "wheel_step", \.scroll.wheelStep, 1...500, "pt",
                  "Points scrolled per notch of a mouse wheel (SDL's precise wheel unit)."),
            field(s, "wheel_idle", \.scroll.wheelIdle, 0.02...2, "s",
                  "Wheel input that pauses this long is over, and the strip settles."),
        ]
    }

    private static var previewFields: [Field] {
        let s = "preview"
        return [
            field(s, "parallax_spacing", \.preview.parallaxSpacing, 0...200, "pt",
                  "Neighbouring pages drift apart by relative * this while paging (the article's offsetBetweenCells, 44)."),
            field(s, "picture_parallax", \.preview.pictureParallax, 0...1, "widths",
                  "The picture inside a page moves by -this * width * relative: it lags behind its cell (the article's -0.3)."),
            field(s, "collapsed_scale", \.preview.collapsedScale, 0.1...1, "",
                  "A deleted page shrinks to this scale as it fades."),
            field(s, "picture_fade_duration", \.preview.pictureFadeDuration, 0.01...2, "s",
                  "A decoded picture (page or thumbnail) fades in over its paper placeholder in this long."),
        ]
    }

    private static var thumbnailFields: [Field] {
        let s = "thumbnails"
        return [
            field(s, "strip_height", \.thumbnails.stripHeight, 20...200, "pt",
                  "Height of the thumbnail strip."),
            field(s, "resting_width_ratio", \.thumbnails.restingWidthRatio, 0.1...2, "",
                  "A thumbnail away from the centre is height * this wide."),
            field(s, "spacing", \.thumbnails.spacing, 0...50, "pt",
                  "Between resting thumbnails."),
            field(s, "focused_spacing", \.thumbnails.focusedSpacing, 0...100, "pt",
                  "Extra room around the centred thumbnail, times expanding: half on each side (4 + 10 pt at rest)."),
            field(s, "aspect_min", \.thumbnails.aspectMin, 0.05...1, "",
                  "The centred thumbnail grows to height * aspect, the aspect clamped to aspect_min ... aspect_max."),
            field(s, "aspect_max", \.thumbnails.aspectMax, 1...20, "",
                  "Upper end of that clamp: a panorama does not fill the strip."),
            field(s, "margin", \.thumbnails.margin, 0...50, "pt",
                  "Above and below the thumbnail strip."),
        ]
    }

    private static var editorFields: [Field] {
        let s = "editor"
        return [
            field(s, "move_duration", \.editor.moveDuration, 0.01...5, "s",
                  "Tapping a thumbnail or pressing an arrow key glides to the page in this long."),
            field(s, "phase_duration", \.editor.phaseDuration, 0.01...5, "s",
                  "Each of the two phases of a delete or an insert: the page collapses, then the gap closes."),
            field(s, "expanding_full_duration", \.editor.expandingFullDuration, 0.01...5, "s",
                  "The thumbnails' expanding rate goes 1 -> 0 (a drag starts) or 0 -> 1 (the strip rests) in this long, ease-in-out."),
            field(s, "rotate_duration", \.editor.rotateDuration, 0.01...5, "s",
                  "R / Shift+R: the page turns a quarter and both strips make room in this long."),
            field(s, "reorder_duration", \.editor.reorderDuration, 0.01...5, "s",
                  "A page moved by drag or Alt+arrow settles into its new place in this long."),
            field(s, "hold_duration", \.editor.holdDuration, 0.05...3, "s",
                  "Press a thumbnail this long without moving and it lifts, to be carried elsewhere."),
            field(s, "lift_scale", \.editor.liftScale, 1...2, "",
                  "A lifted thumbnail is this much larger than the others."),
            field(s, "lift_duration", \.editor.liftDuration, 0.01...2, "s",
                  "It grows to that size in this long."),
            field(s, "gap_duration", \.editor.gapDuration, 0.01...2, "s",
                  "The gap a carried thumbnail opens eases to each new slot in this long."),
            field(s, "autoscroll_zone", \.editor.autoscrollZone, 0...300, "pt",
                  "Carried this close to either end of the strip, a thumbnail scrolls it..."),
            field(s, "autoscroll_speed", \.editor.autoscrollSpeed, 0...10_000, "pt/s",
                  "... up to this fast at the very edge."),
            field(s, "double_click_interval", \.editor.doubleClickInterval, 0.05...2, "s",
                  "Two taps on the preview this close in time (and within tap_slop) are a double-click."),
            field(s, "counter_hold", \.editor.counterHold, 0...30, "s",
                  "The page counter (\"3 / 12\") stays this long after the strips stop..."),
            field(s, "counter_fade", \.editor.counterFade, 0.01...5, "s",
                  "... then fades out in this long (a status line too)."),
            field(s, "status_hold", \.editor.statusHold, 0.1...60, "s",
                  "A status line (\"Saved to ...\", why a save failed) stays this long, then fades."),
        ]
    }

    private static var zoomFields: [Field] {
        let s = "zoom"
        return [
            field(s, "max_pixel_scale", \.zoom.maxPixelScale, 1...16, "",
                  "The deepest zoom shows the picture at this many points per pixel..."),
            field(s, "minimum_max_scale", \.zoom.minimumMaxScale, 1...16, "",
                  "... but never less than this over fit, so small pictures still zoom."),
            field(s, "minimum_close_up", \.zoom.minimumCloseUp, 1...16, "",
                  "A double-click zooms to the picture's own pixels, at least this much over fit."),
            field(s, "duration", \.zoom.duration, 0.01...5, "s",
                  "A double-click or a zoom key eases to its new scale in this long."),
            field(s, "key_factor", \.zoom.keyFactor, 1.01...4, "",
                  "+ and - zoom in and out by this factor."),
            field(s, "wheel_factor", \.zoom.wheelFactor, 1.01...4, "",
                  "One notch of Ctrl+wheel zooms by this factor (a fraction of a notch by a power of it)."),
        ]
    }

    private static var instrumentFields: [Field] {
        let s = "instruments"
        return [
            field(s, "note_duration", \.instruments.noteDuration, 0.1...60, "s",
                  "A message over the scene (tuning applied, where a recording went) shows this long..."),
            field(s, "note_fade", \.instruments.noteFade, 0.01...10, "s",
                  "... then fades out in this long."),
        ]
    }

    private static var pizzaFields: [Field] {
        let s = "pizza"
        return [
            field(s, "size", \.pizza.size, 50...1000, "pt",
                  "A whole pizza's diameter at the centre, when the window has room."),
            field(s, "critical_offset", \.pizza.criticalOffset, 10...2000, "pt",
                  "Distance from the screen centre at which a half has shrunk and faded all it will."),
            field(s, "scale_factor", \.pizza.scaleFactor, 0...0.95, "",
                  "scale = 1 - this * |norm|: how much a half shrinks at the critical offset."),
            field(s, "gap", \.pizza.gap, 0...50, "pt",
                  "Between the two halves at the centre line."),
            field(s, "compression", \.pizza.compression, 1...20, "",
                  "Rows close up by offsetFromCenter / this * scale; on the drum far rows stack at distance / this."),
            field(s, "caption_height", \.pizza.captionHeight, 10...200, "pt",
                  "The caption band's height."),
            field(s, "caption_lift", \.pizza.captionLift, 0...200, "pt",
                  "The caption band's centre sits this far above the top of the centre pizza."),
            field(s, "caption_shift", \.pizza.captionShift, 0...200, "pt",
                  "Captions slide this far (times norm) as their pizza leaves the centre."),
            field(s, "caption_margin", \.pizza.captionMargin, 0...50, "pt",
                  "Captions keep this far from the window's sides."),
            field(s, "caption_point_size", \.pizza.captionPointSize, 6...72, "pt",
                  "Caption text size."),
            field(s, "caption_line_clearance", \.pizza.captionLineClearance, 0...100, "pt",
                  "The two halves' captions keep this far from the centre line, so long names never meet."),
            field(s, "panel_height", \.pizza.panelHeight, 0...300, "pt",
                  "The bottom panel with the combination and its price."),
            field(s, "step_duration", \.pizza.stepDuration, 0.01...5, "s",
                  "An arrow key moves one pizza in this long."),
            field(s, "mix_duration", \.pizza.mixDuration, 0.01...10, "s",
                  "The mix glide: long enough to watch the halves spin past."),
            field(s, "drum_duration", \.pizza.drumDuration, 0.01...5, "s",
                  "The strips fold into the drum (D) or flatten out in this long."),
        ]
    }
}
