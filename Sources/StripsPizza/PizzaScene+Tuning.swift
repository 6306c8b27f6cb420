import StripsCore
extension PizzaScene {
    /// New design numbers: both strips and layouts take their part and are laid out again, each
    /// keeping the pizza it was heading for, as a resize does.
    public mutating func tune(_ tuning: Tuning, at time: Double) {
        self.tuning = tuning
        for half in PizzaHalf.allCases {
            update(half) {
                $0.tune(tuning.scroll)
                $0.layout.tuning = tuning.pizza
            }
        }
        resize(to: windowSize)
    }
}
