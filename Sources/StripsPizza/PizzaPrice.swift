import StripsCore
/// The price of a pizza made of two halves: the mean of the halves' prices, rounded up to the
/// currency unit (a whole cent), so a half-and-half never costs a fraction of a cent less.
public enum PizzaPrice {
    public static func combined(_ a: Int, _ b: Int) -> Int {
        let sum = a + b
        return sum / 2 + sum % 2
    }

    /// "$12.50".
    public static func format(cents: Int) -> String {
        let sign = cents < 0 ? "-" : ""
        let value = abs(cents)
        let fraction = value % 100
        return "\(sign)$\(value / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
