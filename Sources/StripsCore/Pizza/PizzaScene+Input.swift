extension PizzaScene: InputRouting {
    public mutating func handle(_ event: InputEvent, at time: Double) { route(event, at: time) }

    /// The half whose strip contains `p`; nil over the panel or outside the window.
    func half(at p: Point) -> PizzaHalf? {
        if left.frame.contains(p) { return .left }
        if right.frame.contains(p) { return .right }
        return nil
    }

    /// The half the keys act on: the one under the pointer, else the one on its side of the line.
    var hoveredHalf: PizzaHalf { pointer.x < centerLineX ? .left : .right }

    mutating func update(_ half: PizzaHalf, _ change: (inout PizzaStrip) -> Void) {
        if half == .left { change(&left) } else { change(&right) }
    }

    mutating func resize(to size: Size) {
        windowSize = Size(width: max(0, size.width), height: max(0, size.height))
        // A drag in progress ends where it is; its release will not fling.
        press?.half = nil
        applyGeometry(keeping: (left.destination, right.destination))
    }

    mutating func pointerDown(_ p: Point, at time: Double) {
        guard !menu.isEmpty, let half = half(at: p) else {
            press = Press(half: nil, start: p, wasIdle: false)
            return
        }
        press = Press(half: half, start: p, wasIdle: strip(half).scroll.isIdle)
        update(half) { $0.scroll.beginDrag(pointer: p, at: time); $0.layoutPass() }
    }

    mutating func pointerMoved(_ p: Point, at time: Double) {
        guard var current = press, let half = current.half else { return }
        if !current.isDragging && p.distance(to: current.start) >= ScrollView.tapSlop { current.isDragging = true }
        press = current
        update(half) { $0.scroll.drag(pointer: p, at: time); $0.layoutPass() }
    }

    mutating func pointerUp(_ p: Point, at time: Double) {
        guard let released = press else { return }
        press = nil
        guard let half = released.half else { return }
        let tapped = !released.isDragging && released.wasIdle ? pizzaIndex(at: p, in: half) : nil
        update(half) { strip in
            strip.scroll.endDrag(pointer: p, at: time, target: strip.snapTarget())
            strip.layoutPass()
            // A click on a neighbouring half brings it to the centre.
            if let tapped, tapped != strip.nearest {
                strip.glide(to: tapped, at: time, duration: PizzaStrip.stepDuration)
            }
        }
    }

    /// The topmost half drawn under window point `p`.
    func pizzaIndex(at p: Point, in half: PizzaHalf) -> Int? {
        let s = strip(half)
        return cells(of: s).filter { $0.frame.contains(p) }.max { $0.z < $1.z }?.index
    }

    mutating func wheel(dx: Double, dy: Double, at time: Double) {
        // Vertical strips: only the vertical wheel scrolls them; wheel down shows later pizzas.
        guard press == nil, !menu.isEmpty, dy != 0, abs(dy) >= abs(dx), let half = half(at: pointer) else { return }
        update(half) { $0.scroll.wheel(delta: -dy, at: time); $0.layoutPass() }
    }

    mutating func keyPressed(_ key: Key, at time: Double) {
        switch key.name {
        case .escape, .q:
            wantsToQuit = true
        case .up, .down:
            let step = key.name == .up ? -1 : 1
            update(hoveredHalf) { $0.glide(to: $0.destination + step, at: time, duration: PizzaStrip.stepDuration) }
        case .m:
            mix(at: time)
        case .d:
            toggleDrum(at: time)
        default:
            break
        }
    }

    /// Both halves glide to a random combination: each half to a pizza other than its own.
    mutating func mix(at time: Double) {
        guard !menu.isEmpty else { return }
        let l = random.index(below: menu.count, other: left.destination)
        let r = random.index(below: menu.count, other: right.destination)
        left.glide(to: l, at: time, duration: PizzaStrip.mixDuration)
        right.glide(to: r, at: time, duration: PizzaStrip.mixDuration)
    }
}
