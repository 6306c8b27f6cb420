import StripsCore
/// The pizza scene's fields of a trace line (docs/headless.md), serialised from its frame.
extension PizzaFrame {
    public func traceFields() -> [(String, JSON)] {
        strips.map { s in
            (s.half.rawValue, .object([
                ("index", .int(s.nearest)),
                ("offset", .number(s.offset)),
                ("cells", .array(s.cells.map { cell in
                    .object([
                        ("pizza", .string(menu[cell.index].name)), ("index", .int(cell.index)),
                        ("frame", .rect(cell.frame)), ("alpha", .number(cell.alpha)),
                        ("scale", .number(cell.scale)), ("z", .int(cell.z)),
                    ])
                })),
            ]))
        } + [
            ("captions", .array(captions.map { c in
                .object([("text", .string(c.text)), ("frame", .rect(c.frame)), ("alpha", .number(c.alpha))])
            })),
        ]
    }
}
