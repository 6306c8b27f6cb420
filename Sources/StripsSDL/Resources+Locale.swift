import Foundation

extension Resources {
    /// The folder of compiled translations (`LANG/LC_MESSAGES/strips.mo`) that gettext is bound
    /// to: `STRIPS_LOCALEDIR` when set; PREFIX/share/locale when installed by Scripts/install.sh
    /// (the binary in PREFIX/bin); in a development build `.build/locale`, which Scripts/run.sh
    /// fills with `Scripts/compile-translations.sh`. Nil when none holds a catalog: English.
    public static func localeFolder() -> String? {
        var candidates: [URL] = []
        if let env = ProcessInfo.processInfo.environment["STRIPS_LOCALEDIR"], !env.isEmpty { candidates.append(URL(fileURLWithPath: env)) }
        let running = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var dir = URL(fileURLWithPath: running).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            candidates.append(dir.appendingPathComponent("share/locale"))
            candidates.append(dir.appendingPathComponent("locale"))
            dir = dir.deletingLastPathComponent()
        }
        return candidates.first(where: holdsCatalog)?.path
    }

    /// Some `LANG/LC_MESSAGES/strips.mo` is in `folder`.
    static func holdsCatalog(_ folder: URL) -> Bool {
        guard let languages = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return false }
        return languages.contains { FileManager.default.fileExists(atPath: folder.appendingPathComponent("\($0)/LC_MESSAGES/strips.mo").path) }
    }
}
