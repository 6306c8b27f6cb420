/// How much of a page's text a reading has, as issue 22's goal counts it: the page's words of four
/// letters or more (runs of letters, case kept), each as often as it occurs. One definition for
/// the tests and the text benchmark.
public enum WordAccuracy {
    /// Words of four letters or more (runs of letters).
    public static func longWords(_ text: String) -> [String] {
        var words: [String] = [], current = ""
        for character in text + " " {
            if character.isLetter {
                current.append(character)
            } else {
                if current.count >= 4 { words.append(current) }
                current = ""
            }
        }
        return words
    }

    /// `truth`'s words found in `read`, each as often as it occurs, and the ones missing.
    public static func match(truth: [String], read: [String]) -> (found: Int, of: Int, missing: [String]) {
        var available: [String: Int] = [:]
        for word in read { available[word, default: 0] += 1 }
        var found = 0, missing: [String] = []
        for word in truth {
            if let count = available[word], count > 0 {
                available[word] = count - 1
                found += 1
            } else {
                missing.append(word)
            }
        }
        return (found, truth.count, missing)
    }

    /// The share of `truth`'s long words that `read` has.
    public static func share(truth: String, read: String) -> Double {
        let result = match(truth: longWords(truth), read: longWords(read))
        return Double(result.found) / Double(max(1, result.of))
    }
}
