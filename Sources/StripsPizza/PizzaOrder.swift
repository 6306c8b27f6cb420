import StripsCore
/// The combination the two halves rest on, what it is called and what it costs.
public struct PizzaOrder: Sendable {
    public var left: Pizza
    public var right: Pizza

    /// Nil when either index is off the menu (an empty menu).
    public init?(menu: [Pizza], left: Int?, right: Int?) {
        guard let left, let right, menu.indices.contains(left), menu.indices.contains(right) else { return nil }
        self.left = menu[left]
        self.right = menu[right]
    }

    public var isWholePizza: Bool { left.slug == right.slug }

    /// "Pepperoni" for a whole pizza, "Pepperoni + Hawaiian" for two halves.
    public var name: String { isWholePizza ? left.name : "\(left.name) + \(right.name)" }

    /// In cents: the mean of the halves, rounded up to a whole cent.
    public var price: Int { PizzaPrice.combined(left.priceCents, right.priceCents) }
}
