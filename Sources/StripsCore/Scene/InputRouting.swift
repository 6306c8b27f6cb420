/// Scenes that answer each kind of input in its own method, with the effects each asks for
/// (the Photos scene here, the pizza scene in its own module).
public protocol InputRouting {
    mutating func resize(to size: Size)
    mutating func pointerDown(_ p: Point, modifiers: Modifiers, at time: Double) -> [Effect]
    mutating func pointerMoved(_ p: Point, at time: Double)
    mutating func pointerUp(_ p: Point, at time: Double) -> [Effect]
    mutating func secondaryDown(_ p: Point, modifiers: Modifiers, at time: Double) -> [Effect]
    mutating func secondaryUp(_ p: Point, at time: Double) -> [Effect]
    mutating func wheel(dx: Double, dy: Double, at time: Double)
    mutating func keyPressed(_ key: Key, at time: Double) -> [Effect]
    mutating func tune(_ tuning: Tuning, at time: Double)
    mutating func ctrlWheel(dx: Double, dy: Double, at time: Double)
    mutating func pinch(about center: Point, scale: Double, at time: Double)
    mutating func dropped(_ paths: [String], at time: Double) -> [Effect]
    mutating func hostAnswered(_ event: HostEvent, at time: Double) -> [Effect]
}

extension InputRouting {
    public mutating func route(_ event: InputEvent, at time: Double) -> [Effect] {
        switch event {
        case .resize(let size): resize(to: size)
        case .pointerDown(let p, let modifiers): return pointerDown(p, modifiers: modifiers, at: time)
        case .pointerMove(let p): pointerMoved(p, at: time)
        case .pointerUp(let p): return pointerUp(p, at: time)
        case .secondaryDown(let p, let modifiers): return secondaryDown(p, modifiers: modifiers, at: time)
        case .secondaryUp(let p): return secondaryUp(p, at: time)
        case .wheel(let dx, let dy): wheel(dx: dx, dy: dy, at: time)
        case .key(let key): return keyPressed(key, at: time)
        case .text: break
        case .tune(let tuning): tune(tuning, at: time)
        case .ctrlWheel(let dx, let dy): ctrlWheel(dx: dx, dy: dy, at: time)
        case .pinch(let center, let scale): pinch(about: center, scale: scale, at: time)
        case .drop(let paths): return dropped(paths, at: time)
        case .host(let answer): return hostAnswered(answer, at: time)
        }
        return []
    }

    /// Scenes that do not zoom scroll with Ctrl held as without it, and ignore pinches; scenes
    /// without a document ignore drops and have no effects to be answered.
    public mutating func ctrlWheel(dx: Double, dy: Double, at time: Double) { wheel(dx: dx, dy: dy, at: time) }
    public mutating func pinch(about center: Point, scale: Double, at time: Double) {}
    public mutating func dropped(_ paths: [String], at time: Double) -> [Effect] { [] }
    /// Scenes without context menus ignore the secondary button.
    public mutating func secondaryDown(_ p: Point, modifiers: Modifiers, at time: Double) -> [Effect] { [] }
    public mutating func secondaryUp(_ p: Point, at time: Double) -> [Effect] { [] }
    public mutating func hostAnswered(_ event: HostEvent, at time: Double) -> [Effect] { [] }
}
