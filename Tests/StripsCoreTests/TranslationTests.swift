import Testing
@testable import StripsCore

/// Issue 41: the words the window shows go through gettext. In this process no catalog is bound
/// (and the locale is C), so every call gives its English back, its arguments filled in.
@Suite struct TranslationTests {
    @Test func argumentsFillInOrderAndByPosition() {
        #expect(tr("%s - page %d of %d", "Scans", 3, 8) == "Scans - page 3 of 8")
        #expect(Translation.fill("%2$s, then %1$s; 100%%", ["a", "b"]) == "b, then a; 100%")
        #expect(Translation.fill("no arguments", ["x"]) == "no arguments")
    }

    @Test func pluralsTakeTheEnglishFormAndTheCount() {
        #expect(trn("Scanned %d page", "Scanned %d pages", 1) == "Scanned 1 page")
        #expect(trn("Scanned %d page", "Scanned %d pages", 21) == "Scanned 21 pages")
        // The count is %d (or %1$d) wherever it stands; %s takes the other arguments.
        #expect(trn("Copied the text of %s (%d word)", "Copied the text of %s (%d words)", 2, "p1.png") == "Copied the text of p1.png (2 words)")
        #expect(trn("Saving… %2$d of %1$d page", "Saving… %2$d of %1$d pages", 9, 4) == "Saving… 4 of 9 pages")
    }

    @Test func aKeyNameHasItsOwnContext() {
        #expect(trc("key", "Delete") == "Delete" && KeyChord.ctrlShift(.z).label == "Ctrl+Shift+Z")
    }
}
