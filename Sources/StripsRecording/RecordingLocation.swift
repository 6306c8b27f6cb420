import Foundation

/// Where Ctrl+R saves when no path was given: the user's Videos folder, else Pictures, else home,
/// with a timestamped name that never replaces a file.
public enum RecordingLocation {
    /// The XDG user directory for `key` ("VIDEOS", "PICTURES") from user-dirs.dirs, if it is set,
    /// is not home itself (the spec's way to disable one) and exists.
    public static func userDirectory(_ key: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        guard let text = try? String(contentsOfFile: configHome + "/user-dirs.dirs", encoding: .utf8),
              let path = parseUserDirs(text, home: home)["XDG_\(key)_DIR"] else { return nil }
        let trimmed = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
        guard trimmed != home, isDirectory(trimmed) else { return nil }
        return trimmed
    }

    /// user-dirs.dirs lines are `XDG_NAME_DIR="$HOME/Path"` or an absolute path in quotes;
    /// anything else (comments, other shell) is ignored, as xdg-user-dirs itself does.
    public static func parseUserDirs(_ text: String, home: String) -> [String: String] {
        var result: [String: String] = [:]
        for raw in text.split(whereSeparator: \.isNewline) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard !line.hasPrefix("#"), let equals = line.firstIndex(of: "=") else { continue }
            let key = String(line[..<equals])
            var value = String(line[line.index(after: equals)...])
            guard key.hasPrefix("XDG_"), key.hasSuffix("_DIR"),
                  value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") else { continue }
            value = String(value.dropFirst().dropLast()).replacingOccurrences(of: "\\\"", with: "\"")
            if value == "$HOME" {
                value = home
            } else if value.hasPrefix("$HOME/") {
                value = home + value.dropFirst("$HOME".count)
            } else if !value.hasPrefix("/") {
                continue
            }
            result[key] = value
        }
        return result
    }

    /// Videos, else Pictures, else home (else the current folder).
    public static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        userDirectory("VIDEOS", environment: environment)
            ?? userDirectory("PICTURES", environment: environment)
            ?? environment["HOME"].flatMap { isDirectory($0) ? $0 : nil }
            ?? FileManager.default.currentDirectoryPath
    }

    /// "Strips 2026-11-23 14.05.09.gif" in local time (dots: colons upset other systems' file names).
    public static func fileName(at date: Date, timeZone: TimeZone = .current, suffix: Int? = nil,
                                format: RecordingFormat = .gif) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ n: Int?) -> String { String(format: "%02d", n ?? 0) }
        let stamp = "\(String(format: "%04d", c.year ?? 0))-\(two(c.month))-\(two(c.day)) \(two(c.hour)).\(two(c.minute)).\(two(c.second))"
        return "Strips \(stamp)\(suffix.map { " \($0)" } ?? "").\(format.fileExtension)"
    }

    /// A path in `folder` no file has yet: the timestamped name, then " 2", " 3", ... after it.
    public static func newFile(in folder: String, at date: Date, timeZone: TimeZone = .current,
                               format: RecordingFormat = .gif) -> String {
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        var suffix: Int? = nil
        while true {
            let path = base + fileName(at: date, timeZone: timeZone, suffix: suffix, format: format)
            if !FileManager.default.fileExists(atPath: path) { return path }
            suffix = (suffix ?? 1) + 1
        }
    }

    private static func isDirectory(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
    }
}
