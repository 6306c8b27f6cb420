import Foundation
import Testing
@testable import StripsCore
@testable import StripsPhotosFeatures

/// Issue 41: Ctrl+F in every language. Case and accents folded in Latin and Cyrillic, Devanagari
/// matched whatever its normalisation form, and each hit's words the ones that hold it.
@Suite struct SearchFoldingTests {
    @Test func latinAndCyrillicCaseAndAccentsFoldAway() {
        #expect(Search.fold("Élève à l'ÉCOLE") == "eleve a l'ecole")
        #expect(Search.fold("ПОНИМАЕМ Хабр") == "понимаем хабр")
        // ё is е with its dots, which Russian print usually leaves off; й is a letter of its own.
        #expect(Search.fold("Ёлка") == Search.fold("елка"))
        #expect(Search.fold("ЙОД") == "йод" && Search.fold("йод") != Search.fold("иод"))
        // A decomposed й (и + combining breve) is still й.
        #expect(Search.fold("и\u{0306}") == "й")
    }

    @Test func devanagariInEitherNormalisationFormFoldsToOne() {
        // क़ precomposed (U+0958, a composition exclusion) and क + nukta are one letter.
        #expect(Search.fold("\u{0958}ानून") == Search.fold("\u{0915}\u{093C}ानून"))
        // ऩ composes in NFC: either way in, one way out.
        #expect(Search.fold("\u{0929}") == Search.fold("\u{0928}\u{093C}"))
        // Vowel signs, viramas and anusvara are letters, never folded as accents.
        #expect(Search.fold("हिन्दी") == "हिन्दी" && Search.fold("हिन्दी") != Search.fold("हन्द"))
        #expect(Search.fold("किताब") != Search.fold("कताब"))
        // A joiner only picks a glyph form: क्‍ष with ZWJ is क्ष.
        #expect(Search.fold("क्\u{200D}ष") == Search.fold("क्ष"))
    }

    /// Words of a page as the host gives them, one line.
    static func words(_ texts: [String]) -> PageWords {
        PageWords(words: texts.enumerated().map { PageWords.Word(text: $1, box: Rect(x: 0.1 * Double($0), y: 0.5, width: 0.08, height: 0.03), line: 0) },
                  text: texts.joined(separator: " "))
    }

    func matched(_ query: String, in texts: [String]) -> [[String]] {
        let folded = FoldedWords(Self.words(texts))
        let needle = Array(Search.fold(Search.normalised(query)).utf8)
        return folded.matches(of: needle).map { texts[$0].map { $0 } }
    }

    @Test func hitsLandOnTheWordsThatHoldThemInEveryScript() {
        #expect(matched("хабр", in: ["Здравствуй,", "ХАБР!", "Меня", "зовут", "Никита"]) == [["ХАБР!"]])
        #expect(matched("меня зовут", in: ["Здравствуй,", "Хабр!", "Меня", "зовут", "Никита"]) == [["Меня", "зовут"]])
        #expect(matched("developpement", in: ["réduit", "le", "temps", "de", "développement"]) == [["développement"]])
        #expect(matched("bagaimana", in: ["tentang", "BAGAIMANA", "kami", "menulis", "bagaimana"]) == [["BAGAIMANA"], ["bagaimana"]])
        // The page read precomposed, the query typed decomposed (and the other way round).
        #expect(matched("\u{0915}\u{093C}ानून", in: ["यह", "\u{0958}ानून", "है"]) == [["\u{0958}ानून"]])
        #expect(matched("\u{0958}ानून", in: ["यह", "\u{0915}\u{093C}ानून", "है"]) == [["\u{0915}\u{093C}ानून"]])
        #expect(matched("भाषा", in: ["हिन्दी", "भाषा", "में"]) == [["भाषा"]])
        #expect(matched("иод", in: ["йод"]).isEmpty)
    }
}
