extension PhotosScene {
    /// New design numbers: each strip and layout takes its part, then both strips are laid out
    /// again around the page in focus, as a resize does (a motion under way stops there).
    mutating func tune(_ tuning: Tuning, at time: Double) {
        self.tuning = tuning
        preview.tune(tuning.scroll)
        thumbnails.tune(tuning.scroll)
        preview.layout.tuning = tuning.preview
        thumbnails.layout.tuning = tuning.thumbnails
        resize(to: windowSize)
    }
}
