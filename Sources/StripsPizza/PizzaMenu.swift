import StripsCore
/// Reads the menu (Assets/Pizza/menu.tsv): a header `slug<TAB>name<TAB>price_cents`, then one
/// pizza a line. Pure text in, pizzas out: the caller reads the file and checks the pictures.
public enum PizzaMenu {
    public static let header = ["slug", "name", "price_cents"]

    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        public var line: Int
        public var message: String
        public var description: String { line > 0 ? "line \(line): \(message)" : message }
    }

    /// - Parameter folder: where the `{slug}-left.png` and `{slug}-right.png` halves are.
    public static func parse(_ text: String, folder: String) throws(ParseError) -> [Pizza] {
        var pizzas: [Pizza] = []
        var sawHeader = false
        var slugs = Set<String>()
        // "\r\n" is one Character in Swift, so Windows line ends need their own separator.
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        for (offset, content) in lines.enumerated() {
            let line = offset + 1
            if content.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            let fields = content.split(separator: "\t", omittingEmptySubsequences: false).map {
                String($0).trimmingSpaces
            }
            if !sawHeader {
                guard fields == header else {
                    throw ParseError(line: line, message: "expected the header 'slug<TAB>name<TAB>price_cents'")
                }
                sawHeader = true
                continue
            }
            guard fields.count == 3 else {
                throw ParseError(line: line, message: "expected 3 tab-separated fields, found \(fields.count)")
            }
            let (slug, name) = (fields[0], fields[1])
            guard !slug.isEmpty, !slug.contains("/") else { throw ParseError(line: line, message: "bad slug '\(slug)'") }
            guard !name.isEmpty else { throw ParseError(line: line, message: "empty name") }
            guard let cents = Int(fields[2]), cents >= 0 else {
                throw ParseError(line: line, message: "price_cents must be a whole number of cents, not '\(fields[2])'")
            }
            guard slugs.insert(slug).inserted else { throw ParseError(line: line, message: "duplicate slug '\(slug)'") }
            pizzas.append(Pizza(
                slug: slug, name: name, priceCents: cents,
                leftImagePath: "\(folder)/\(slug)-left.png", rightImagePath: "\(folder)/\(slug)-right.png"))
        }
        guard !pizzas.isEmpty else { throw ParseError(line: 0, message: "the menu lists no pizzas") }
        return pizzas
    }
}

private extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
