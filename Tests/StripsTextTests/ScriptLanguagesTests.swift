import Testing
@testable import StripsText

/// `--ocr auto`'s choice of languages from a page's script and what is installed (issue 41).
@Suite struct ScriptLanguagesTests {
    static let installed = ["eng", "fra", "hin", "ind", "osd", "rus"]

    @Test func eachScriptGetsItsOwnLanguages() {
        // A Cyrillic or Devanagari page in its own language, English after it for its Latin words.
        #expect(ScriptLanguages.choose(script: "Cyrillic", installed: Self.installed, preferred: [])?.languages == "rus+eng")
        #expect(ScriptLanguages.choose(script: "Devanagari", installed: Self.installed, preferred: [])?.languages == "hin+eng")
        #expect(ScriptLanguages.choose(script: "Cyrillic", installed: ["rus", "ukr"], preferred: ["ukr"])?.languages == "ukr")
        // Latin: English first without a locale's wish, then the other Latin languages installed.
        #expect(ScriptLanguages.choose(script: "Latin", installed: Self.installed, preferred: [])?.languages == "eng+fra+ind")
        // A French locale puts French first; an unsure page (nil) is read as Latin.
        #expect(ScriptLanguages.choose(script: nil, installed: Self.installed, preferred: ["fra"])?.languages == "fra+eng+ind")
        // A Russian locale does not make a Latin page Russian.
        #expect(ScriptLanguages.choose(script: "Latin", installed: Self.installed, preferred: ["rus"])?.languages == "eng+fra+ind")
    }

    @Test func aScriptWithNothingInstalledIsReadAsLatinAndItsPackageNamed() {
        let choice = ScriptLanguages.choose(script: "Cyrillic", installed: ["eng", "osd"], preferred: [])
        #expect(choice?.languages == "eng" && choice?.missingPackage == "tesseract-ocr-rus")
        #expect(ScriptLanguages.choose(script: "Han", installed: ["eng"], preferred: [])?.missingPackage == "tesseract-ocr-chi-sim")
        #expect(ScriptLanguages.choose(script: "Latin", installed: ["osd"], preferred: []) == nil)
        // Only Russian installed: a Latin page is still read (in what there is).
        #expect(ScriptLanguages.choose(script: "Latin", installed: ["rus"], preferred: [])?.languages == "rus")
    }

    @Test func aLatinPagesOwnWordsTellItsLanguage() {
        let others = ["fra", "ind"]
        // The first reading in English of each kind of page.
        let english = "The Provider shall perform the services described in this agreement with due care and in accordance with practice."
        let french = "Le contrat est signé par les deux parties et la facture est payée dans les trente jours, avec une remise pour le client."
        let indonesian = "Perjanjian ini dibuat dan ditandatangani oleh kedua pihak yang disebut di atas untuk jangka waktu satu tahun dengan ketentuan."
        #expect(LatinLanguageCheck.better(than: "eng", among: others, in: english) == nil)
        #expect(LatinLanguageCheck.better(than: "eng", among: others, in: french) == "fra")
        #expect(LatinLanguageCheck.better(than: "eng", among: others, in: indonesian) == "ind")
        // A language not installed is never chosen; a few words are chance, not a language.
        #expect(LatinLanguageCheck.better(than: "eng", among: ["ind"], in: french) == nil)
        #expect(LatinLanguageCheck.better(than: "eng", among: others, in: "SUMME EUR 12,40 le di") == nil)
        // An English page quoting a French line stays English.
        #expect(LatinLanguageCheck.better(than: "eng", among: others, in: english + " " + english + " « la vie est belle »") == nil)
    }
}
