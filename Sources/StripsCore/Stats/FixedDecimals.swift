extension Double {
    /// The value with `decimals` digits after the point, without Foundation.
    public func fixed(_ decimals: Int) -> String {
        let value = self
        guard value.isFinite else { return "\(value)" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        let whole = Int(scaled / scale), fraction = Int(scaled - Double(whole) * scale)
        let sign = value < 0 && scaled > 0 ? "-" : ""
        guard decimals > 0 else { return sign + "\(whole)" }
        let digits = String(fraction)
        return sign + "\(whole)." + String(repeating: "0", count: decimals - digits.count) + digits
    }
}
