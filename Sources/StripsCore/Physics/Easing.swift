/// Timing curves for animations; input and output both run 0...1.
public enum Easing: String, Sendable, CaseIterable {
    case linear, easeIn, easeOut, easeInOut

    public func callAsFunction(_ t: Double) -> Double {
        let t = t.clamped(to: 0...1)
        switch self {
        case .linear: return t
        case .easeIn: return t * t * t
        case .easeOut:
            let u = 1 - t
            return 1 - u * u * u
        case .easeInOut:
            // Cubic, symmetric about the midpoint: Core Animation's ease-in-out has the same shape.
            if t < 0.5 { return 4 * t * t * t }
            let u = -2 * t + 2
            return 1 - u * u * u / 2
        }
    }
}
