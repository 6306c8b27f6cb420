import Foundation
import Testing
@testable import StripsDesktop

/// The desktop's file chooser: the portal's answers read, and the fallback to zenity / kdialog
/// when there is no portal to ask (a fake zenity on PATH stands in for the dialog).
@Suite struct FileChooserTests {
    func scratch(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("strips-chooser-\(getpid())-\(name)")
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A `zenity` that records its arguments and prints `output`, exiting with `status`.
    func fakeZenity(in folder: URL, output: [String], status: Int32) throws {
        let script = "#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(folder.path)/args'\n" + output.map { "echo '\($0)'\n" }.joined() + "exit \(status)\n"
        let path = folder.appendingPathComponent("zenity").path
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
    }

    /// Polls as a window would, each frame, until the chooser answers.
    func answer(_ chooser: FileChooser) -> ChooserAnswer? {
        for _ in 0..<500 {
            if let answer = chooser.poll() { return answer }
            usleep(10_000)
        }
        return nil
    }

    /// No session bus at all: the portal is not tried.
    func noBus(_ folder: URL) -> [String: String] { ["PATH": folder.path, "XDG_RUNTIME_DIR": folder.path] }

    @Test func withoutAPortalZenityAsksAndEveryFileChosenComesBack() throws {
        let folder = try scratch("zenity")
        defer { try? FileManager.default.removeItem(at: folder) }
        try fakeZenity(in: folder, output: ["/tmp/a b.jpg", "/tmp/c.pdf"], status: 0)
        let chooser = FileChooser(.open(title: "Open", folder: "/tmp"), environment: noBus(folder))
        #expect(answer(chooser) == .chosen(["/tmp/a b.jpg", "/tmp/c.pdf"]))
        let args = try String(contentsOf: folder.appendingPathComponent("args"), encoding: .utf8).split(separator: "\n")
        #expect(args.contains("--multiple") && args.contains("--filename=/tmp/"))
        #expect(chooser.poll() == .chosen(["/tmp/a b.jpg", "/tmp/c.pdf"]))  // the same answer after
    }

    @Test func aCancelledDialogIsCancelledAndSavingAsksForOneFile() throws {
        let folder = try scratch("cancel")
        defer { try? FileManager.default.removeItem(at: folder) }
        try fakeZenity(in: folder, output: [], status: 1)
        #expect(answer(FileChooser(.open(title: "Open", folder: nil), environment: noBus(folder))) == .cancelled)
        try fakeZenity(in: folder, output: ["/tmp/out.pdf"], status: 0)
        #expect(answer(FileChooser(.save(title: "Save", suggested: "/tmp/x edited.pdf"), environment: noBus(folder))) == .chosen(["/tmp/out.pdf"]))
        let args = try String(contentsOf: folder.appendingPathComponent("args"), encoding: .utf8).split(separator: "\n")
        #expect(args.contains("--save") && args.contains("--filename=/tmp/x edited.pdf"))
    }

    @Test func noChooserAtAllIsSaidInOneLine() throws {
        let folder = try scratch("none")
        defer { try? FileManager.default.removeItem(at: folder) }
        guard case .unavailable(let line)? = FileChooser(.open(title: "Open", folder: nil), environment: noBus(folder)).poll() else {
            Issue.record("expected no chooser")
            return
        }
        #expect(line.contains("portal") && !line.contains("\n"))
        // A bus address that leads nowhere: the portal cannot be reached, the fallback answers.
        var env = noBus(folder)
        env["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=\(folder.path)/no-bus"
        #expect(answer(FileChooser(.open(title: "Open", folder: nil), environment: env)).map { if case .unavailable = $0 { true } else { false } } == true)
    }

    @Test func thePortalsWordsAreRead() {
        #expect(PortalFileChooser.path(fromURI: "file:///tmp/a%20b.pdf") == "/tmp/a b.pdf")
        #expect(PortalFileChooser.path(fromURI: "https://example.org/a.pdf") == nil)
        #expect(Portal.requestPath(uniqueName: ":1.42", token: "strips7_9") == "/org/freedesktop/portal/desktop/request/1_42/strips7_9")
    }
}
