import Foundation
import StripsCore
import StripsSDL
import StripsTestSupport
import Testing

/// Issue 41: the window in Russian, French, Indonesian and Hindi. The catalogs are compiled from
/// po/ as Scripts/run.sh and install.sh compile them, the binary runs with LANGUAGE set, and the
/// trace's `help` lines, menu `label`s and toolbar `label`s must be the .po's translations; every
/// label must fit the 1024x768 window as the window's own fonts measure it.
@Suite(.serialized) struct TranslatedWindowTests {
    static let root = POCatalog.root
    static let languages = ["ru", "fr", "id", "hi"]

    /// A .po's singular translations, msgid to msgstr: what the test checks against.
    static func catalog(_ language: String) throws -> [String: String] { try POCatalog.singulars(language) }

    /// The trace of a run that opens the keys overlay, then a page's menu, in `language` (nil: C).
    static func trace(_ language: String?, locale: String, folder: TemporaryFolder) throws -> [[String: Any]] {
        let script = folder.file("run.strips")
        try """
            window 1024 768
            at 300 dump
            at 400 key F1
            at 900 dump
            at 1000 key escape
            at 1100 down 500 300 right
            at 1150 up 500 300 right
            at 1600 dump
            at 1700 end
            """.write(toFile: script, atomically: true, encoding: .utf8)
        var environment = ["STRIPS_LOCALEDIR": locale]
        if let language { environment["LANGUAGE"] = language }
        let trace = folder.file("trace-\(language ?? "C").jsonl")
        let run = try runProcess(stripsBinary, ["photos", "--script", script, "--trace", trace], environment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        return try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
        }
    }

    static func labels(_ line: [String: Any], _ field: String) -> [String: String] {
        let list = field == "toolbar" ? line["toolbar"] as? [[String: Any]] : (line["menu"] as? [String: Any])?["items"] as? [[String: Any]]
        return Dictionary((list ?? []).compactMap { item in (item["name"] as? String).flatMap { n in (item["label"] as? String).map { (n, $0) } } }) { a, _ in a }
    }

    static func rects(_ line: [String: Any], _ field: String) -> [[Double]] {
        let list = field == "toolbar" ? line["toolbar"] as? [[String: Any]] : (line["menu"] as? [String: Any])?["items"] as? [[String: Any]]
        return (list ?? []).compactMap { ($0["rect"] as? [NSNumber])?.map(\.doubleValue) }
    }

    @Test func theWindowSpeaksEachLanguageAndItsLabelsFit() throws {
        let folder = try TemporaryFolder()
        let locale = folder.file("locale")
        let compile = try runProcess("\(Self.root)/Scripts/compile-translations.sh", [locale])
        try #require(compile.status == 0, "\(compile.stderr)")
        let english = try Self.trace(nil, locale: locale, folder: folder)
        try #require(english.count == 3)
        let englishToolbar = Self.labels(english[0], "toolbar"), englishMenu = Self.labels(english[2], "menu")
        let englishHelp = english[1]["help"] as? [String] ?? []
        #expect(englishToolbar["undo"] == "Undo (Ctrl+Z)" && englishMenu["rotate right"] == "Rotate right")
        #expect(englishHelp.contains("Ctrl+Z: undoes the last edit"))
        try SDLSystem.start(video: false)
        let fonts = try #require(FontBook())

        for language in Self.languages {
            let po = try Self.catalog(language)
            func t(_ msgid: String) -> String { po[msgid] ?? "missing \(msgid)" }
            let lines = try Self.trace(language, locale: locale, folder: folder)
            try #require(lines.count == 3, "\(language)")
            let toolbar = Self.labels(lines[0], "toolbar"), menu = Self.labels(lines[2], "menu")
            let help = lines[1]["help"] as? [String] ?? []
            // The names stay the contract's; the labels are the .po's words.
            #expect(Set(toolbar.keys) == Set(englishToolbar.keys) && Set(menu.keys) == Set(englishMenu.keys), "\(language)")
            #expect(toolbar["undo"] == "\(t("Undo")) (Ctrl+Z)", "\(language): \(toolbar["undo"] ?? "")")
            #expect(toolbar["save"] == "\(t("Save")) (Ctrl+S)", "\(language)")
            #expect(menu["rotate right"] == t("Rotate right") && menu["copy text"] == t("Copy text"), "\(language)")
            #expect(menu["break here"] == t("New document from here"), "\(language)")
            #expect(help.contains("Ctrl+Z: \(t("undoes the last edit"))"), "\(language)")
            #expect(help.count == englishHelp.count, "\(language)")
            // Nothing is left in English where the language has other words.
            for (name, label) in toolbar {
                let english = englishToolbar[name] ?? ""
                let title = String(english.prefix { $0 != "(" }.dropLast())
                if t(title) != title { #expect(label != english, "\(language): \(name) still \(label)") }
            }
            for (name, label) in menu {
                let english = englishMenu[name] ?? ""
                if t(english) != english { #expect(label != english, "\(language): \(name) still \(label)") }
            }
            #expect(zip(help, englishHelp).filter { $0 == $1 }.count < englishHelp.count / 10, "\(language): help lines left in English")
            // The menu is in the window, each item as wide as its words in the window's fonts.
            for (rect, label) in zip(Self.rects(lines[2], "menu"), ((lines[2]["menu"] as? [String: Any])?["items"] as? [[String: Any]] ?? []).compactMap { $0["label"] as? String }) {
                #expect(rect[0] >= 0 && rect[1] >= 0 && rect[0] + rect[2] <= 1024 && rect[1] + rect[3] <= 768, "\(language): \(label) at \(rect)")
                let width = fonts.size(of: label, pointSize: 14, weight: .regular).width
                #expect(width > 0 && width < rect[2], "\(language): \(label) is \(width) wide in \(rect[2])")
            }
            // Every tooltip fits the window's width with room to spare.
            for label in toolbar.values {
                let width = fonts.size(of: label, pointSize: 13, weight: .regular).width
                #expect(width > 0 && width < 1024 - 2 * 8, "\(language): tooltip \(label) is \(width) wide")
            }
        }
    }
}
