import Foundation

/// What to ask the desktop's file chooser.
public enum FileChoice: Hashable, Sendable {
    /// Pictures and PDFs to open (several at once), starting in `folder` when given.
    case open(title: String, folder: String?)
    /// Where to save, proposing `suggested` (a full path).
    case save(title: String, suggested: String)
}

/// How a chooser ended.
public enum ChooserAnswer: Hashable, Sendable {
    /// The paths chosen, in the chooser's order.
    case chosen([String])
    case cancelled
    /// No chooser could be shown (no portal and neither zenity nor kdialog): why, in one line.
    case unavailable(String)
}

/// The desktop's own file chooser: the XDG desktop portal's (org.freedesktop.portal.FileChooser,
/// over the session's D-Bus: the dialog of whatever desktop runs, GNOME's, KDE's, ...), else
/// zenity or kdialog as a child process. Nothing here blocks: the caller polls each frame, so its
/// window keeps drawing while the dialog is open.
public final class FileChooser {
    private let choice: FileChoice
    private let environment: [String: String]
    private var portal: PortalFileChooser?
    private var dialog: DialogFileChooser?
    private var answer: ChooserAnswer?

    /// Starts asking. `environment` decides the session bus (DBUS_SESSION_BUS_ADDRESS, else
    /// XDG_RUNTIME_DIR/bus) and where zenity and kdialog are looked for (PATH).
    public init(_ choice: FileChoice, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.choice = choice
        self.environment = environment
        if environment["STRIPS_NO_PORTAL"] == nil, let address = Portal.sessionBus(environment), let portal = PortalFileChooser(choice, bus: address) {
            self.portal = portal
        } else {
            fallBack()
        }
    }

    /// nil while the dialog is open; then how it ended (once it has, the same answer every time).
    public func poll() -> ChooserAnswer? {
        if let answer { return answer }
        if let portal {
            switch portal.poll() {
            case nil: return nil
            case .answered(let result)?:
                self.portal = nil
                answer = result
            case .failed?:
                // No portal on this desktop (or it would not show a dialog): the older ways.
                self.portal = nil
                fallBack()
            }
        }
        if let dialog, let result = dialog.poll() {
            self.dialog = nil
            answer = result
        }
        return answer
    }

    private func fallBack() {
        if let dialog = DialogFileChooser(choice, path: environment["PATH"] ?? "/usr/bin:/bin") {
            self.dialog = dialog
        } else {
            answer = .unavailable("no file chooser: neither the desktop portal nor zenity or kdialog is available")
        }
    }
}

/// zenity (GNOME-like desktops) or kdialog (KDE), the first on PATH, as a child process.
final class DialogFileChooser {
    private let process: Process
    private let output = Pipe()
    private let multiple: Bool

    init?(_ choice: FileChoice, path: String) {
        let candidates: [(String, [String])]
        switch choice {
        case .open(let title, let folder):
            let start = folder.map { $0.hasSuffix("/") ? $0 : $0 + "/" } ?? ""
            candidates = [
                ("zenity", ["--file-selection", "--multiple", "--separator=\n", "--title=\(title)"] + (start.isEmpty ? [] : ["--filename=\(start)"])
                    + ["--file-filter=Pictures and PDFs | " + DialogFileChooser.patterns, "--file-filter=All files | *"]),
                ("kdialog", ["--title", title, "--getopenfilename", start.isEmpty ? "." : start, DialogFileChooser.patterns, "--multiple", "--separate-output"]),
            ]
            multiple = true
        case .save(let title, let suggested):
            candidates = [
                ("zenity", ["--file-selection", "--save", "--title=\(title)", "--filename=\(suggested)",
                            "--file-filter=PDF | *.pdf", "--file-filter=All files | *"]),
                ("kdialog", ["--title", title, "--getsavefilename", suggested, "*.pdf"]),
            ]
            multiple = false
        }
        func onPath(_ tool: String) -> String? {
            path.split(separator: ":").map { "\($0)/\(tool)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        }
        guard let (tool, arguments) = candidates.first(where: { onPath($0.0) != nil }), let executable = onPath(tool) else { return nil }
        process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
    }

    /// The file kinds the app opens, as glob patterns.
    static let patterns = ["*.jpg", "*.jpeg", "*.png", "*.gif", "*.bmp", "*.webp", "*.tga", "*.tif", "*.tiff", "*.pnm", "*.pbm", "*.pgm",
                           "*.ppm", "*.qoi", "*.pcx", "*.lbm", "*.pdf"].flatMap { [$0, $0.uppercased()] }.joined(separator: " ")

    func poll() -> ChooserAnswer? {
        guard !process.isRunning else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        guard process.terminationStatus == 0 else { return .cancelled }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init).filter { !$0.isEmpty }
        guard !lines.isEmpty else { return .cancelled }
        return .chosen(multiple ? lines : [lines[0]])
    }
}
