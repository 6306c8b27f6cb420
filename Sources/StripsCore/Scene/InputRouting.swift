/// Scenes that answer each kind of input in its own method. `route` is the one place that
/// remembers where the pointer is (the wheel and the keys act on what is under it).
protocol InputRouting {
    var pointer: Point { get set }
    mutating func resize(to size: Size)
    mutating func pointerDown(_ p: Point, at time: Double)
    mutating func pointerMoved(_ p: Point, at time: Double)
    mutating func pointerUp(_ p: Point, at time: Double)
    mutating func wheel(dx: Double, dy: Double, at time: Double)
    mutating func keyPressed(_ key: Key, at time: Double)
    mutating func tune(_ tuning: Tuning, at time: Double)
    mutating func ctrlWheel(dx: Double, dy: Double, at time: Double)
    mutating func pinch(about center: Point, scale: Double, at time: Double)
}

extension InputRouting {
    mutating func route(_ event: InputEvent, at time: Double) {
        switch event {
        case .resize(let size):
            resize(to: size)
        case .pointerDown(let p):
            pointer = p
            pointerDown(p, at: time)
        case .pointerMove(let p):
            pointer = p
            pointerMoved(p, at: time)
        case .pointerUp(let p):
            pointer = p
            pointerUp(p, at: time)
        case .wheel(let dx, let dy):
            wheel(dx: dx, dy: dy, at: time)
        case .key(let key):
            keyPressed(key, at: time)
        case .tune(let tuning):
            tune(tuning, at: time)
        case .ctrlWheel(let dx, let dy):
            ctrlWheel(dx: dx, dy: dy, at: time)
        case .pinch(let center, let scale):
            pinch(about: center, scale: scale, at: time)
        }
    }

    /// Scenes that do not zoom scroll with Ctrl held as without it, and ignore pinches.
    mutating func ctrlWheel(dx: Double, dy: Double, at time: Double) { wheel(dx: dx, dy: dy, at: time) }
    mutating func pinch(about center: Point, scale: Double, at time: Double) {}
}
