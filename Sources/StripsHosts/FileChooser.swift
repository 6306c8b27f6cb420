import Foundation

/// The desktop's own "save as" dialog (zenity on GNOME-like desktops, kdialog on KDE), run as a
/// child process and polled each frame so the window keeps drawing while it is open.
final class FileChooser {
    private let process: Process
    private let output = Pipe()

    /// Starts the first chooser found on PATH, proposing `suggested`; nil when there is none or
    /// it cannot start.
    init?(suggested: String, title: String) {
        let candidates: [(String, [String])] = [
            ("zenity", ["--file-selection", "--save", "--title=\(title)", "--filename=\(suggested)",
                        "--file-filter=PDF | *.pdf", "--file-filter=All files | *"]),
            ("kdialog", ["--title", title, "--getsavefilename", suggested, "*.pdf"]),
        ]
        guard let (tool, arguments) = candidates.first(where: { Self.onPath($0.0) != nil }),
              let executable = Self.onPath(tool) else { return nil }
        process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
    }

    /// nil while the dialog is open; then the chosen path, or "" when it was cancelled.
    func poll() -> String? {
        guard !process.isRunning else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        guard process.terminationStatus == 0 else { return "" }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines)
    }

    private static func onPath(_ tool: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(tool)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
