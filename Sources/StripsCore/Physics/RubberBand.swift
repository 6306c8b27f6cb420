/// UIScrollView's resistance past an edge: the farther the pull, the less the content follows,
/// never exceeding one viewport length.
public enum RubberBand {
    /// f(x) = (1 - 1 / (x c / dim + 1)) dim, odd in x so pulls before the start mirror those past the end.
    public static func offset(forOvershoot x: Double, dimension: Double, coefficient c: Double) -> Double {
        guard dimension > 0 else { return 0 }
        let magnitude = (1 - 1 / (abs(x) * c / dimension + 1)) * dimension
        return x < 0 ? -magnitude : magnitude
    }

    /// Clamps `position` to `range`, letting what lies outside stretch like a rubber band.
    public static func clamp(_ position: Double, to range: ClosedRange<Double>, dimension: Double, coefficient c: Double) -> Double {
        if position < range.lowerBound {
            return range.lowerBound + offset(forOvershoot: position - range.lowerBound, dimension: dimension, coefficient: c)
        }
        if position > range.upperBound {
            return range.upperBound + offset(forOvershoot: position - range.upperBound, dimension: dimension, coefficient: c)
        }
        return position
    }
}
