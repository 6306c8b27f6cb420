import Foundation

/// A PDF written object by object: numbered objects, a cross-reference table and a trailer. Just
/// enough for text-only pages; every object is written once, in order.
struct PDFObjects {
    private(set) var bytes: [UInt8] = Array("%PDF-1.5\n%\u{E2}\u{E3}\u{CF}\u{D3}\n".utf8)
    private var offsets: [Int: Int] = [:]
    private(set) var count = 0

    /// A number for an object to be written later (so objects can refer to each other).
    mutating func reserve() -> Int {
        count += 1
        return count
    }

    mutating func write(_ number: Int, _ body: String) {
        offsets[number] = bytes.count
        bytes += Array("\(number) 0 obj\n\(body)\nendobj\n".utf8)
    }

    mutating func write(_ number: Int, dictionary: String, stream: [UInt8]) {
        offsets[number] = bytes.count
        bytes += Array("\(number) 0 obj\n<< \(dictionary) /Length \(stream.count) >>\nstream\n".utf8)
        bytes += stream
        bytes += Array("\nendstream\nendobj\n".utf8)
    }

    /// The finished file, with `root` as its catalog.
    func finished(root: Int) -> [UInt8] {
        var out = bytes
        let xref = out.count
        out += Array("xref\n0 \(count + 1)\n0000000000 65535 f \n".utf8)
        for number in 1...max(1, count) where number <= count {
            out += Array(String(format: "%010d 00000 n \n", offsets[number] ?? 0).utf8)
        }
        out += Array("trailer\n<< /Size \(count + 1) /Root \(root) 0 R >>\nstartxref\n\(xref)\n%%EOF\n".utf8)
        return out
    }
}

/// The largest number written: PDF readers' limit for coordinates (ISO 32000-1, annex C).
let pdfNumberLimit = 32_767.0

/// Numbers as PDF writes them: no exponent, at most three decimals, no trailing zeros; a number
/// that is not finite is 0 and one past the readers' limit is the limit (callers leave out what
/// would need either: `TextLayer` skips such words).
func pdfNumber(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let rounded = (min(pdfNumberLimit, max(-pdfNumberLimit, value)) * 1000).rounded() / 1000
    if rounded == rounded.rounded() { return String(Int(rounded)) }
    var text = String(format: "%.3f", rounded)
    while text.hasSuffix("0") { text.removeLast() }
    return text
}
