/// Which Latin language a page is written in, told from a first reading: each language's commonest
/// short words ("the", "and"; "les", "est"; "yang", "dengan") counted in the words read.
///
/// `--ocr auto` reads a Latin page in one language first (the locale's, else English) and asks
/// this whether another installed language's words outnumber it; only then is the page read again,
/// in that language with the first after it. Reading every Latin page in three languages at once
/// costs x1.56 processor time over the real corpus (x2 to x2.4 on book photos) for two words more
/// on the French page of 97 (docs/PERFORMANCE.md, "Reading languages"); the check costs a count.
public enum LatinLanguageCheck {
    /// Each language's commonest short words (articles, conjunctions, prepositions); a word two
    /// languages share counts for both.
    static let commonWords: [String: Set<String>] = [
        "eng": ["the", "and", "of", "to", "is", "that", "for", "with", "are", "this", "be", "by", "which", "from", "it", "was", "have", "not"],
        "fra": ["le", "la", "les", "des", "du", "et", "est", "une", "dans", "pour", "que", "qui", "sur", "pas", "au", "aux", "ce", "cette", "avec", "sont"],
        "ind": ["yang", "dan", "di", "ke", "dari", "untuk", "dengan", "ini", "itu", "tidak", "pada", "adalah", "dalam", "akan", "juga", "atau", "kami", "oleh"],
        "deu": ["der", "die", "das", "und", "ist", "nicht", "mit", "den", "von", "zu", "sich", "auf", "ein", "eine", "für", "dem", "des", "auch"],
        "spa": ["el", "los", "las", "y", "del", "en", "un", "una", "por", "con", "para", "es", "al", "como", "pero", "más"],
        "ita": ["il", "della", "che", "gli", "di", "per", "non", "sono", "nel", "alla", "questo", "anche", "uno", "delle"],
        "por": ["o", "os", "da", "do", "das", "dos", "em", "uma", "não", "com", "para", "que", "é", "ao", "mais"],
        "nld": ["de", "het", "een", "van", "en", "niet", "op", "dat", "zijn", "voor", "met", "ook", "naar", "wordt"],
    ]

    /// A language's common words needed before it replaces the first reading's: fewer is chance
    /// (a receipt's few words, a name).
    static let fewest = 4

    /// The language of `candidates` whose common words in `text` are at least `fewest` and more
    /// than twice `first`'s; nil when none is (the first reading stands).
    public static func better(than first: String, among candidates: [String], in text: String) -> String? {
        var counts: [String: Int] = [:]
        for word in text.lowercased().split(whereSeparator: { !$0.isLetter }) {
            for (language, words) in commonWords where words.contains(String(word)) { counts[language, default: 0] += 1 }
        }
        let own = counts[first] ?? 0
        let best = candidates.filter { $0 != first && commonWords[$0] != nil }.max { (counts[$0] ?? 0) < (counts[$1] ?? 0) }
        guard let best, let found = counts[best], found >= fewest, found > 2 * own else { return nil }
        return best
    }
}
