import CSANE

/// A value of a device option, as Swift holds it: SANE's fixed-point numbers as Double.
public enum ScanOptionValue: Hashable, Sendable, CustomStringConvertible {
    case bool(Bool)
    case int(Int)
    case fixed(Double)
    case string(String)

    /// The number in an int or fixed value.
    public var number: Double? {
        switch self {
        case .int(let value): return Double(value)
        case .fixed(let value): return value
        case .bool, .string: return nil
        }
    }

    public var description: String {
        switch self {
        case .bool(let value): return value ? "yes" : "no"
        case .int(let value): return String(value)
        case .fixed(let value): return value == value.rounded() ? String(Int(value)) : String(value)
        case .string(let value): return value
        }
    }
}

/// One option as the device describes it (`sane_get_option_descriptor`), copied out of
/// libsane's memory, which is only valid until the options change.
public struct ScanOption: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case bool, int, fixed, string, button, group
    }

    public enum Constraint: Hashable, Sendable {
        case none
        case range(min: Double, max: Double, step: Double)
        case numbers([Double])
        case strings([String])
    }

    public enum Unit: Hashable, Sendable {
        case none, pixel, bit, millimetre, dpi, percent, microsecond
    }

    /// The option's index for `sane_control_option` (valid until the device reloads its options).
    let index: SANE_Int
    public let name: String
    public let title: String
    public let kind: Kind
    public let unit: Unit
    /// Bytes of the value (a string's buffer, four a word, more for arrays).
    let size: Int
    public let isActive: Bool
    public let isSettable: Bool
    public let constraint: Constraint

    init?(index: SANE_Int, descriptor: SANE_Option_Descriptor) {
        self.index = index
        name = ScannerSystem.text(descriptor.name)
        title = ScannerSystem.text(descriptor.title)
        switch descriptor.type {
        case SANE_TYPE_BOOL: kind = .bool
        case SANE_TYPE_INT: kind = .int
        case SANE_TYPE_FIXED: kind = .fixed
        case SANE_TYPE_STRING: kind = .string
        case SANE_TYPE_BUTTON: kind = .button
        case SANE_TYPE_GROUP: kind = .group
        default: return nil
        }
        switch descriptor.unit {
        case SANE_UNIT_PIXEL: unit = .pixel
        case SANE_UNIT_BIT: unit = .bit
        case SANE_UNIT_MM: unit = .millimetre
        case SANE_UNIT_DPI: unit = .dpi
        case SANE_UNIT_PERCENT: unit = .percent
        case SANE_UNIT_MICROSECOND: unit = .microsecond
        default: unit = .none
        }
        size = Int(descriptor.size)
        isActive = descriptor.cap & SANE_CAP_INACTIVE == 0
        isSettable = descriptor.cap & SANE_CAP_SOFT_SELECT != 0
        let fixed = descriptor.type == SANE_TYPE_FIXED
        func number(_ word: SANE_Word) -> Double { fixed ? SaneFixed.double(word) : Double(word) }
        switch descriptor.constraint_type {
        case SANE_CONSTRAINT_RANGE:
            if let range = descriptor.constraint.range?.pointee {
                constraint = .range(min: number(range.min), max: number(range.max), step: number(range.quant))
            } else {
                constraint = .none
            }
        case SANE_CONSTRAINT_WORD_LIST:
            // The first word is the count.
            if let words = descriptor.constraint.word_list, words[0] >= 0 {
                constraint = .numbers((0..<Int(words[0])).map { number(words[$0 + 1]) })
            } else {
                constraint = .none
            }
        case SANE_CONSTRAINT_STRING_LIST:
            var strings: [String] = []
            if let list = descriptor.constraint.string_list {
                var i = 0
                while let entry = list[i] {
                    strings.append(String(cString: entry))
                    i += 1
                }
            }
            constraint = .strings(strings)
        default:
            constraint = .none
        }
    }

    /// Whether `value` is one the constraint allows (a range's step counted from its minimum,
    /// to a thousandth of a step).
    public func allows(_ value: ScanOptionValue) -> Bool {
        switch (constraint, value) {
        case (.strings(let list), .string(let text)): return list.contains(text)
        case (.numbers(let list), _):
            guard let number = value.number else { return false }
            return list.contains { abs($0 - number) < 1e-6 }
        case (.range(let min, let max, let step), _):
            guard let number = value.number else { return false }
            guard number >= min - 1e-9, number <= max + 1e-9 else { return false }
            guard step > 0 else { return true }
            let steps = (number - min) / step
            return abs(steps - steps.rounded()) < 1e-3
        default: return true
        }
    }

    /// The allowed number nearest `value`: inside a range, on its steps (whole numbers for an
    /// int option); the closest of a list.
    public func nearest(_ value: Double) -> Double {
        switch constraint {
        case .range(let min, let max, let step):
            var snapped = Swift.min(Swift.max(value, min), max)
            if step > 0 { snapped = Swift.min(max, min + ((snapped - min) / step).rounded() * step) }
            return kind == .int ? snapped.rounded() : snapped
        case .numbers(let list):
            return list.min { abs($0 - value) < abs($1 - value) } ?? value
        default:
            return kind == .int ? value.rounded() : value
        }
    }

    /// The constraint in words for an error line: `1..1200 (in steps of 1)`, `Flatbed, ADF`.
    public var offered: String {
        switch constraint {
        case .none: return "any value"
        case .strings(let list): return list.joined(separator: ", ")
        case .numbers(let list): return list.map { ScanOptionValue.fixed($0).description }.joined(separator: ", ")
        case .range(let min, let max, let step):
            let span = "\(ScanOptionValue.fixed(min))..\(ScanOptionValue.fixed(max))"
            return step > 0 && step != 1 ? "\(span) in steps of \(ScanOptionValue.fixed(step))" : span
        }
    }
}

/// SANE_Fixed: a 32-bit word with 16 bits after the point (the C macros do not come through).
enum SaneFixed {
    static func double(_ word: SANE_Word) -> Double { Double(word) / 65536 }
    static func word(_ value: Double) -> SANE_Word {
        SANE_Word(clamping: Int64((value * 65536).rounded()))
    }
}
