import StripsCore
extension PizzaScene: InputRouting {
    @discardableResult
    public mutating func handle(_ event: InputEvent, at time: Double) -> [Effect] { route(event, at: time) }

    /// The half whose strip contains `p`; nil over the panel or outside the window.
    func half(at p: Point) -> PizzaHalf? {
        PizzaHalf.allCases.first { strip($0).frame.contains(p) }
    }

    /// The half the keys act on: the one under the pointer, else the one on its side of the line.
    var hoveredHalf: PizzaHalf { gestures.pointer.x < geometry.centerLineX ? .left : .right }

    public mutating func resize(to size: Size) {
        windowSize = Size(width: max(0, size.width), height: max(0, size.height))
        // A drag in progress ends where it is; its release will not fling.
        dragged = nil
        gestures.abandon()
        layOut(keeping: [.left: left.destinationIndex, .right: right.destinationIndex])
    }

    public mutating func pointerDown(_ p: Point, modifiers: Modifiers, at time: Double) -> [Effect] {
        let half = menu.isEmpty ? nil : half(at: p)
        gestures.down(p, modifiers: modifiers, onRest: half.map { strip($0).isIdle } ?? false, at: time)
        dragged = half
        if let half { update(half) { $0.press(p, at: time) } } else { gestures.abandon() }
        return []
    }

    public mutating func pointerMoved(_ p: Point, at time: Double) {
        _ = gestures.moved(to: p, tuning: tuning)
        guard let half = dragged else { return }
        update(half) { $0.drag(p, at: time) }
    }

    public mutating func pointerUp(_ p: Point, at time: Double) -> [Effect] {
        let released = gestures.up(p, at: time, tuning: tuning)
        guard released != nil, let half = dragged else { return [] }
        dragged = nil
        let tapped = released?.isTap == true ? strip(half).cell(at: p, content: drumAmount)?.index : nil
        update(half) { $0.release(p, at: time) }
        // A click on a neighbouring half brings it to the centre.
        if let tapped, tapped != strip(half).nearestIndex {
            glide(half, to: tapped, at: time, duration: tuning.pizza.stepDuration)
        }
        return []
    }

    public mutating func wheel(dx: Double, dy: Double, at time: Double) {
        // Vertical strips: only the vertical wheel scrolls them; wheel down shows later pizzas.
        guard gestures.press == nil, !menu.isEmpty, dy != 0, abs(dy) >= abs(dx), let half = half(at: gestures.pointer) else { return }
        update(half) { $0.wheel(-dy, at: time) }
    }

    public mutating func keyPressed(_ key: Key, at time: Double) -> [Effect] {
        guard let action = PizzaKey(key) else { return [] }
        if key.isRepeat, !action.repeatsWhileMoving, !isIdle { return [] }
        switch action {
        case .quit:
            wantsToQuit = true
        case .step(let places):
            let half = hoveredHalf
            glide(half, to: strip(half).destinationIndex + places, at: time, duration: tuning.pizza.stepDuration)
        case .mix:
            mix(at: time)
        case .drum:
            toggleDrum(at: time)
        }
        return []
    }

    /// Both halves glide to a random combination: each half to a pizza other than its own.
    mutating func mix(at time: Double) {
        guard !menu.isEmpty else { return }
        let l = random.index(below: menu.count, other: left.destinationIndex)
        let r = random.index(below: menu.count, other: right.destinationIndex)
        glide(.left, to: l, at: time, duration: tuning.pizza.mixDuration)
        glide(.right, to: r, at: time, duration: tuning.pizza.mixDuration)
    }
}
