import Foundation
import StripsTestSupport
import Testing
@testable import StripsCore

/// The hosts' English lines (a failed save, a camera fault, an open that cannot happen) are shown
/// in the user's language: the window matches the line to its form and shows the form's
/// translation with the host's values. Here the translations are the .po files' own (this process
/// binds no catalog, so `tr` gives English back, as the trace and standard error keep it).
struct HostLinesTests {

    /// A .po's singular translations, msgid to msgstr: what the test checks against.
    static func catalog(_ language: String) throws -> [String: String] { try POCatalog.singulars(language) }

    @Test func aFailedSaveIsShownInRussianWithItsPath() throws {
        let ru = try Self.catalog("ru")
        let shown = HostLines.translated("Not saved: /home/anna/Договор.pdf: the disk is full") { ru[$0] ?? $0 }
        #expect(shown == "Не сохранено: /home/anna/Договор.pdf: диск заполнен")
        let twoValues = HostLines.translated("Not saved: /mnt/ro/a.pdf: no permission to write in /mnt/ro") { ru[$0] ?? $0 }
        #expect(twoValues == "Не сохранено: /mnt/ro/a.pdf: нет прав на запись в /mnt/ro")
        let camera = HostLines.translated("camera /dev/video2 is busy: another program is using it (close it and press Ctrl+K again)") { ru[$0] ?? $0 }
        #expect(camera == "камера /dev/video2 занята: её использует другая программа (закройте её и снова нажмите Ctrl+K)")
    }

    @Test func englishStaysAsTheHostWroteItAndUnknownLinesPassThrough() {
        // No catalog bound here: the window's line is the host's, word for word.
        let line = "Not saved: x.pdf: the disk is full"
        #expect(HostLines.translated(line) == line)
        #expect(HostLines.translated("scanner epson: the lid is open") == "scanner epson: the lid is open")
        // A wider form must not swallow a narrower one: "write" is not "write in FOLDER".
        #expect(HostLines.values(of: "Not saved: a.pdf: no permission to write", in: "Not saved: %s: no permission to write in %s") == nil)
        #expect(HostLines.values(of: "Not saved: a: b.pdf: the disk is full", in: "Not saved: %s: the disk is full") == ["a: b.pdf"])
        #expect(HostLines.values(of: "Not saved: : the disk is full", in: "Not saved: %s: the disk is full") == nil)
    }

    @Test func everyFormIsTranslatedInEveryLanguageWithItsValues() throws {
        for language in ["ru", "fr", "id", "hi"] {
            let po = try Self.catalog(language)
            for form in HostLines.forms {
                let translation = try #require(po[form], "\(language): \(form)")
                #expect(!translation.isEmpty && translation != form, "\(language): \(form)")
                #expect(translation.components(separatedBy: "%s").count == form.components(separatedBy: "%s").count, "\(language): \(form)")
            }
        }
    }

}
