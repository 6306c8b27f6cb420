/// Reads a page's content stream just far enough to tell whether all it paints is one image
/// XObject, and where: the way scanners, img2pdf and OCR tools write a scanned page (an image
/// drawn over the whole page, perhaps under invisible text). Anything else painted (paths, shading,
/// visible text, inline images, a second image) and the page is not one picture.
struct PageContentCheck {
    /// The transformation the image was drawn with: the unit square onto the page, in points.
    struct Placement: Equatable {
        var a, b, c, d, e, f: Double
    }

    /// The placement of the one image named `image`, or nil when the page paints anything else.
    static func placement(of image: String, in content: [UInt8]) -> Placement? {
        var scanner = Scanner(content)
        var ctm = Placement(a: 1, b: 0, c: 0, d: 1, e: 0, f: 0)
        var stack: [Placement] = []
        var operands: [Token] = []
        var textMode = 0
        var drawn: Placement?
        while let token = scanner.next() {
            guard case .op(let op) = token else {
                operands.append(token)
                continue
            }
            defer { operands.removeAll() }
            switch op {
            case "q": stack.append(ctm)
            case "Q":
                guard let saved = stack.popLast() else { return nil }
                ctm = saved
            case "cm":
                let n = operands.compactMap(\.number)
                guard n.count == 6 else { return nil }
                ctm = Placement(a: n[0] * ctm.a + n[1] * ctm.c, b: n[0] * ctm.b + n[1] * ctm.d,
                                c: n[2] * ctm.a + n[3] * ctm.c, d: n[2] * ctm.b + n[3] * ctm.d,
                                e: n[4] * ctm.a + n[5] * ctm.c + ctm.e, f: n[4] * ctm.b + n[5] * ctm.d + ctm.f)
            case "Do":
                guard drawn == nil, operands.count == 1, case .name(let name) = operands[0], name == image else { return nil }
                drawn = ctm
            case "Tr":
                guard let mode = operands.last?.number else { return nil }
                textMode = Int(mode)
            case "Tj", "TJ", "'", "\"":
                // Only invisible text (an OCR layer) paints nothing.
                guard textMode == 3 else { return nil }
            case "gs", "w", "J", "j", "M", "d", "ri", "i", "BT", "ET", "Tf", "Tm", "Td", "TD", "T*", "Tc", "Tw", "Tz", "TL", "Ts",
                 "re", "W", "W*", "n", "BMC", "BDC", "EMC", "MP", "DP", "m", "l", "h", "CS", "cs", "SC", "SCN", "sc", "scn",
                 "G", "g", "RG", "rg", "K", "k":
                // State, clipping and paths that are never painted: nothing shows.
                break
            default:
                // Painting (f, S, B, sh, BI, ...) or anything not understood.
                return nil
            }
        }
        return stack.isEmpty ? drawn : nil
    }

    enum Token {
        case number(Double)
        case name(String)
        case op(String)
        case other

        var number: Double? {
            if case .number(let value) = self { return value }
            return nil
        }
    }

    /// PDF content tokens: numbers, names, operators; strings, arrays and dictionaries are
    /// skipped whole (their contents are never operators).
    struct Scanner {
        let bytes: [UInt8]
        var i = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 || c == 0x0C || c == 0 }
        static func isDelimiter(_ c: UInt8) -> Bool { "()<>[]{}/%".utf8.contains(c) }

        mutating func next() -> Token? {
            while i < bytes.count {
                let c = bytes[i]
                if Self.isSpace(c) {
                    i += 1
                } else if c == UInt8(ascii: "%") {
                    while i < bytes.count, bytes[i] != 0x0A, bytes[i] != 0x0D { i += 1 }
                } else {
                    break
                }
            }
            guard i < bytes.count else { return nil }
            let c = bytes[i]
            switch c {
            case UInt8(ascii: "("):
                skipString()
                return .other
            case UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"):
                i += 1
                return .other
            case UInt8(ascii: "<"):
                if i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "<") {
                    i += 2
                    return .other
                }
                while i < bytes.count, bytes[i] != UInt8(ascii: ">") { i += 1 }
                i += 1
                return .other
            case UInt8(ascii: ">"):
                i += 1
                return .other
            case UInt8(ascii: "/"):
                i += 1
                let start = i
                while i < bytes.count, !Self.isSpace(bytes[i]), !Self.isDelimiter(bytes[i]) { i += 1 }
                return .name("/" + String(decoding: bytes[start..<i], as: UTF8.self))
            default:
                let start = i
                while i < bytes.count, !Self.isSpace(bytes[i]), !Self.isDelimiter(bytes[i]) { i += 1 }
                if i == start {
                    i += 1
                    return .other
                }
                let word = String(decoding: bytes[start..<i], as: UTF8.self)
                if let value = Double(word) { return .number(value) }
                return .op(word)
            }
        }

        /// A literal string, nested parentheses and backslash escapes included.
        private mutating func skipString() {
            var depth = 0
            while i < bytes.count {
                let c = bytes[i]
                i += 1
                if c == UInt8(ascii: "\\") {
                    i += 1
                } else if c == UInt8(ascii: "(") {
                    depth += 1
                } else if c == UInt8(ascii: ")") {
                    depth -= 1
                    if depth == 0 { return }
                }
            }
        }
    }
}
