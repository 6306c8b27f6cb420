import Foundation
import StripsTestSupport
import Testing
@testable import StripsCore

/// The hosts' lines (a failed save, a camera fault, an open that cannot happen) are message values:
/// standard error and the trace say them in English, the window words them in the user's language.
/// Here the translations are the .po files' own (this process binds no catalog, so `tr` gives
/// English back, as standard error keeps it).
struct HostMessageTests {
    /// A .po's singular translations, msgid to msgstr: what the test checks against.
    static func catalog(_ language: String) throws -> [String: String] { try POCatalog.singulars(language) }

    static func worded(_ message: HostMessage, in language: String) throws -> String {
        let singulars = try catalog(language), plurals = try POCatalog.plurals(language)
        return message.worded({ singulars[$0] ?? $0 }) { one, many, n in
            guard let forms = plurals[one] else { return n == 1 ? one : many }
            return forms[POCatalog.pluralForm(language, n)]
        }
    }

    static let diskFull = HostMessage(trLater("Not saved: %s: %s"),
                                      arguments: [.text("/home/anna/Договор.pdf"), .message(HostMessage(trLater("the disk is full")))])

    @Test func aFailedSaveIsShownInRussianWithItsPath() throws {
        #expect(try Self.worded(Self.diskFull, in: "ru") == "Не сохранено: /home/anna/Договор.pdf: диск заполнен")
        let twoValues = HostMessage(trLater("Not saved: %s: %s"),
                                    arguments: [.text("/mnt/ro/a.pdf"), .message(HostMessage(trLater("no permission to write in %s"), "/mnt/ro"))])
        #expect(try Self.worded(twoValues, in: "ru") == "Не сохранено: /mnt/ro/a.pdf: нет прав на запись в /mnt/ro")
        let camera = HostMessage(trLater("camera %s is busy: another program is using it (close it and press Ctrl+K again)"), "/dev/video2")
        #expect(try Self.worded(camera, in: "ru") == "камера /dev/video2 занята: её использует другая программа (закройте её и снова нажмите Ctrl+K)")
    }

    @Test func englishIsTheMsgidFilledAndALibrarysWordsStayAsWritten() throws {
        #expect(Self.diskFull.english == "Not saved: /home/anna/Договор.pdf: the disk is full")
        #expect(Self.diskFull.description == Self.diskFull.english)
        // No catalog bound in this process: the window's words are the English ones.
        #expect(Self.diskFull.shown == Self.diskFull.english)
        // strerror's words are an argument: translated around, never inside.
        let system = HostMessage(trLater("cannot write in %s (%s)"), "/srv", "Stale file handle")
        #expect(try Self.worded(system, in: "fr").contains("(Stale file handle)"))
        #expect(try Self.worded(system, in: "fr") != system.english)
        #expect(HostMessage.verbatim("scanner epson: the lid is open 100%").english == "scanner epson: the lid is open 100%")
    }

    @Test func aCountChoosesTheLanguagesOwnPluralForm() throws {
        let forms = trnLater("camera file %s ended after %d frame", "camera file %s ended after %d frames")
        #expect(HostMessage(forms, count: 1, "a.mp4").english == "camera file a.mp4 ended after 1 frame")
        #expect(HostMessage(forms, count: 5, "a.mp4").english == "camera file a.mp4 ended after 5 frames")
        // Russian has three forms (21: the first, 3: the second, 11: the third); after «после»
        // all are genitive: кадра, кадров, кадров.
        let russian = try #require(try POCatalog.plurals("ru")[forms.singular])
        #expect(russian.count == 3)
        for (count, form) in [(21, 0), (3, 1), (11, 2)] {
            let shown = try Self.worded(HostMessage(forms, count: count, "a.mp4"), in: "ru")
            #expect(shown == Translation.fill(russian[form], ["\(count)", "a.mp4"], numberFirst: true), "\(count): \(shown)")
        }
        #expect(try Self.worded(HostMessage(forms, count: 21, "a.mp4"), in: "ru").hasSuffix("после 21 кадра"))
        #expect(try Self.worded(HostMessage(forms, count: 3, "a.mp4"), in: "ru").hasSuffix("после 3 кадров"))
        // The total of a cut-short file chooses the form; the frames read are their own number.
        let cut = HostMessage(trnLater("camera file %2$s is cut short: it stopped after %3$s of %1$d frame",
                                       "camera file %2$s is cut short: it stopped after %3$s of %1$d frames"), count: 120, "b.mp4", "40")
        #expect(cut.english == "camera file b.mp4 is cut short: it stopped after 40 of 120 frames")
        #expect(try Self.worded(cut, in: "hi").contains("120") && Self.worded(cut, in: "hi").contains("40"))
    }

    /// Every wording the sources mark with `trLater` / `trnLater` is translated in every language,
    /// with as many values (an untranslated or lost `%s` would show English or drop a path).
    @Test func everyMarkedWordingIsTranslatedWithItsValues() throws {
        let sources = try POCatalog.markedLater()
        #expect(sources.count > 60, "\(sources.count) wordings found")
        for language in ["ru", "fr", "id", "hi"] {
            let singulars = try Self.catalog(language), plurals = try POCatalog.plurals(language)
            for (singular, plural) in sources {
                let translations = plural == nil ? singulars[singular].map { [$0] } : plurals[singular]
                let found = try #require(translations, "\(language): \(singular)")
                for translation in found {
                    #expect(!translation.isEmpty && translation != singular, "\(language): \(singular)")
                    #expect(Self.values(translation) == Self.values(singular), "\(language): \(singular) -> \(translation)")
                }
            }
        }
    }

    /// A format's conversions, their letters sorted (`%s`, `%2$s` alike: a translation may reorder).
    static func values(_ format: String) -> [Character] {
        var letters: [Character] = []
        var rest = Substring(format)
        while let percent = rest.firstIndex(of: "%") {
            rest = rest[rest.index(after: percent)...].drop { $0.isNumber || $0 == "$" }
            if let letter = rest.first { letters.append(letter) }
            rest = rest.dropFirst()
        }
        return letters.sorted()
    }
}
