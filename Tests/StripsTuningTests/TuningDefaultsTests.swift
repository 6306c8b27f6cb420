import Testing
@testable import StripsCore

/// While the engine still has its own constants, the tuning value must carry the same numbers;
/// once the engine reads them from `Tuning`, this suite goes.
@Suite struct TuningDefaultsTests {
    @Test func defaultsAreTheEnginesCurrentConstants() {
        let t = Tuning.defaults
        #expect(t.scroll.normalDeceleration == Deceleration.normalRate)
        #expect(t.scroll.fastDeceleration == Deceleration.fastRate)
        #expect(t.scroll.rubberBand == RubberBand.coefficient)
        #expect(t.scroll.springDamping == Spring.defaultDamping)
        #expect(t.scroll.tapSlop == ScrollView.tapSlop)
        #expect(t.scroll.pagingFlickSpeed == Snapping.pagingFlickSpeed)
        #expect(t.scroll.velocityWindow == VelocityTracker.window)
        #expect(t.scroll.maxSpeed == VelocityTracker.maxSpeed)
        #expect(t.scroll.wheelStep == ScrollView.wheelStep)
        #expect(t.scroll.wheelIdle == ScrollView.wheelIdle)
        #expect(t.preview.parallaxSpacing == PreviewLayout.parallaxSpacing)
        #expect(t.preview.pictureParallax == PreviewLayout.pictureParallax)
        #expect(t.preview.collapsedScale == PreviewLayout.collapsedScale)
        #expect(t.preview.pictureFadeDuration == DrawList.fadeDuration)
        #expect(t.thumbnails.stripHeight == ThumbnailLayout.stripHeight)
        #expect(t.thumbnails.restingWidthRatio == ThumbnailLayout.restingWidthRatio)
        #expect(t.thumbnails.spacing == ThumbnailLayout.spacing)
        #expect(t.thumbnails.focusedSpacing == ThumbnailLayout.focusedSpacing)
        #expect(t.thumbnails.aspectMin...t.thumbnails.aspectMax == ThumbnailLayout.aspectRange)
        #expect(t.thumbnails.margin == EditorGeometry.thumbnailMargin)
        #expect(t.editor.moveDuration == EditorAnimation.moveDuration)
        #expect(t.editor.phaseDuration == EditorAnimation.phaseDuration)
        #expect(t.editor.expandingFullDuration == ExpandingRate.fullDuration)
        #expect(t.pizza.size == PizzaHalfLayout.defaultPizzaSize)
        #expect(t.pizza.criticalOffset == PizzaHalfLayout.criticalOffset)
        #expect(t.pizza.scaleFactor == PizzaHalfLayout.scaleFactor)
        #expect(t.pizza.gap == PizzaHalfLayout.gap)
        #expect(t.pizza.compression == PizzaHalfLayout.compression)
        #expect(t.pizza.captionHeight == PizzaHalfLayout.captionHeight)
        #expect(t.pizza.captionLift == PizzaHalfLayout.captionLift)
        #expect(t.pizza.captionShift == PizzaHalfLayout.captionShift)
        #expect(t.pizza.captionMargin == PizzaHalfLayout.captionMargin)
        #expect(t.pizza.captionPointSize == PizzaCaption.pointSize)
        #expect(t.pizza.captionLineClearance == PizzaCaption.lineClearance)
        #expect(t.pizza.panelHeight == PizzaGeometry.panelHeight)
        #expect(t.pizza.stepDuration == PizzaScene.stepDuration)
        #expect(t.pizza.mixDuration == PizzaScene.mixDuration)
        #expect(t.pizza.drumDuration == PizzaScene.drumDuration)
    }

    @Test func everyDefaultIsInsideItsRangeAndNamesAreUnique() {
        #expect(Tuning.defaults.fieldsOutOfRange.isEmpty)
        let names = Tuning.fields.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(Set(Tuning.fields.map(\.key)).count == names.count)  // keys are unique across sections too
        #expect(Set(Tuning.fields.map(\.section)) == Set(Tuning.sections.map(\.key)))
        var bad = Tuning()
        bad.pizza.compression = 0
        #expect(bad.fieldsOutOfRange.map(\.name) == ["pizza.compression"])
    }
}
