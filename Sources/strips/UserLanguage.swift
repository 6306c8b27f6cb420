import CGettext
import Foundation
import StripsCore
import StripsSDL

/// The user's language for every word the program shows (gettext's order: LANGUAGE, LC_ALL,
/// LC_MESSAGES, LANG), set once as the program starts, before any text is made.
enum UserLanguage {
    static func start() {
        if setlocale(LC_ALL, "") == nil {
            // The user's locale is not generated on this system (a container's LANG=ru_RU.UTF-8):
            // glibc falls back to "C", where gettext ignores every language. Keep UTF-8 and take
            // the language from the variables gettext would have read.
            _ = setlocale(LC_ALL, "C.UTF-8")
            let environment = ProcessInfo.processInfo.environment
            if (environment["LANGUAGE"] ?? "").isEmpty,
               let asked = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty }) {
                setenv("LANGUAGE", String(asked.prefix { $0 != "." && $0 != "@" }), 1)
            }
        }
        // Numbers are read and written the C way everywhere (the trace's JSON, the tuning file,
        // the libraries' own parsers): only the messages and the character set follow the user.
        _ = setlocale(LC_NUMERIC, "C")
        if let folder = Resources.localeFolder() { _ = bindtextdomain(Translation.domain, folder) }
        _ = bind_textdomain_codeset(Translation.domain, "UTF-8")
        _ = textdomain(Translation.domain)
    }
}
