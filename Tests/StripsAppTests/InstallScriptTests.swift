import Foundation
import Testing
import StripsCore
import StripsPhotosFeatures
@testable import StripsPictures
@testable import StripsSDL

/// Scripts/install.sh into a scratch prefix, with the test build's binary and a stand-in man page
/// (generating the real one needs a release build), then --uninstall.
@Suite struct InstallScriptTests {
    static let root = DesktopIntegrationTests.root

    struct Run {
        var status: Int32
        var output: String
    }

    func script(_ args: [String]) throws -> Run {
        try Self.run("/bin/bash", [Self.root.appendingPathComponent("Scripts/install.sh").path] + args)
    }

    /// Runs a program to its end: exit status and standard output and error together.
    static func run(_ executable: String, _ args: [String]) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = args
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: output)
    }

    /// Every file and folder under `folder`, relative, sorted.
    func listing(_ folder: String) -> [String] {
        (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).sorted()
    }

    func installArguments(_ prefix: String, _ scratch: URL) throws -> [String] {
        let manpage = scratch.appendingPathComponent("strips.1")
        try Data(".Dd November 2026\n.Dt STRIPS 1\n.Sh NAME\n.Nm strips\n".utf8).write(to: manpage)
        return ["--prefix", prefix, "--binary", CommandLineTests.binary, "--manpage", manpage.path]
    }

    @Test func installsEverythingAndUninstallsExactlyThat() throws {
        let scratch = try LoaderFixtures.scratch("install")
        let prefix = scratch.appendingPathComponent("prefix with space").path
        try FileManager.default.createDirectory(atPath: prefix, withIntermediateDirectories: true)
        let args = try installArguments(prefix, scratch)

        let install = try script(args)
        #expect(install.status == 0, "\(install.output)")
        let files = listing(prefix)
        #expect(FileManager.default.isExecutableFile(atPath: prefix + "/bin/strips"))
        // The scanner worker, where the installed strips looks for it.
        #expect(FileManager.default.isExecutableFile(atPath: prefix + "/libexec/strips/strips-scan-probe"))
        for icon in ["16x16", "22x22", "24x24", "32x32", "48x48", "64x64", "128x128", "256x256", "512x512"] {
            #expect(files.contains("share/icons/hicolor/\(icon)/apps/\(AppID.string).png"))
        }
        #expect(files.contains("share/icons/hicolor/scalable/apps/\(AppID.string).svg"))
        #expect(files.contains("share/man/man1/strips.1"))
        #expect(files.contains("share/metainfo/\(AppID.string).metainfo.xml"))
        // The window's languages, where the installed binary binds gettext, and the entry's name in them.
        for language in ["ru", "fr", "id", "hi"] { #expect(files.contains("share/locale/\(language)/LC_MESSAGES/strips.mo")) }
        // The man page in each language (man -L ru strips), in its own words: section names and
        // the options' help from the catalogs.
        for (language, heading, help) in [("ru", "ИМЯ", "Писать трассировку сюда"), ("fr", "NOM", "Écrire la trace ici"),
                                          ("id", "NAMA", "Menulis jejak ke sini"), ("hi", "नाम", "ट्रेस मानक आउटपुट")] {
            let page = (try? String(contentsOfFile: prefix + "/share/man/\(language)/man1/strips.1", encoding: .utf8)) ?? ""
            #expect(page.contains(".SH \(heading)") && page.contains(help), "\(language): \(page.prefix(200))")
        }
        #expect(files.contains("share/strips/Assets/Sample/01-contract.jpg"))
        #expect(files.contains("share/strips/Assets/Pizza/menu.tsv"))
        for button in ["open", "undo", "help"] {
            #expect(files.contains("share/strips/Assets/Toolbar/\(button).png") && files.contains("share/strips/Assets/Toolbar/\(button)@2x.png"))
        }
        #expect(files.contains("share/strips/Assets/\(WindowIcon.relativePath)"))
        #expect(WindowIcon.surface(assets: prefix + "/share/strips/Assets") != nil)
        let entryPath = prefix + "/share/applications/\(AppID.string).desktop"
        let entry = try String(contentsOfFile: entryPath, encoding: .utf8)
        #expect(entry.contains("\nExec=\"\(prefix)/bin/strips\" photos %F\n"))
        #expect(entry.contains("\nGenericName[ru]=Листалка документов\n") && entry.contains("\nComment[fr]="))
        let check = try Self.run(DesktopIntegrationTests.validator, [entryPath])
        #expect(check.status == 0 && check.output.isEmpty, "\(check.output)")
        // The thumbnailer runs the installed binary by its full path.
        let thumbnailer = try String(contentsOfFile: prefix + "/share/thumbnailers/strips.thumbnailer", encoding: .utf8)
        #expect(thumbnailer.contains("\nExec=\"\(prefix)/bin/strips\" thumbnail --size %s %i %o\n"))
        #expect(thumbnailer.contains("\nTryExec=\(prefix)/bin/strips\n"))
        // The hot folder's user unit runs the installed binary by its full path (quoted: the prefix has a space).
        let unit = try String(contentsOfFile: prefix + "/share/systemd/user/strips-watch@.service", encoding: .utf8)
        #expect(unit.contains("\nExecStart=\"\(prefix)/bin/strips\" convert --watch \"%f/Inbox\" --output \"%f/Documents\" $STRIPS_WATCH_OPTIONS\n"))
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze") {
            // systemd reads it as a unit of an instance (a folder, escaped as systemd-escape --path does).
            let instance = scratch.appendingPathComponent("strips-watch@tmp-Scans.service").path
            try? FileManager.default.removeItem(atPath: instance)
            try FileManager.default.copyItem(atPath: prefix + "/share/systemd/user/strips-watch@.service", toPath: instance)
            let check = try Self.run("/usr/bin/systemd-analyze", ["verify", instance])
            #expect(check.status == 0, "\(check.output)")
        }
        // The manifest lists every file written, nothing else.
        let manifest = try String(contentsOfFile: prefix + "/share/strips/install-manifest", encoding: .utf8)
        let listed = Set(manifest.split(separator: "\n").filter { $0.hasPrefix("f ") }.map { String($0.dropFirst(2)) })
        let installedFiles = Set(files.filter { !isFolder(prefix + "/" + $0) }.map { prefix + "/" + $0 })
        let generated = Set([prefix + "/share/strips/install-manifest", prefix + "/share/applications/mimeinfo.cache"])
        #expect(installedFiles.subtracting(generated) == listed)

        // Installing again replaces, then uninstalling leaves the prefix as it was: empty.
        #expect(try script(args).status == 0)
        #expect(listing(prefix).count == files.count)
        let uninstall = try script(["--prefix", prefix, "--uninstall"])
        #expect(uninstall.status == 0, "\(uninstall.output)")
        #expect(listing(prefix) == [])
        #expect(FileManager.default.fileExists(atPath: prefix))
        #expect(try script(["--prefix", prefix, "--uninstall"]).status != 0)  // nothing left to remove
    }

    @Test func filesThatWereThereBeforeStay() throws {
        let scratch = try LoaderFixtures.scratch("install-shared")
        let prefix = scratch.appendingPathComponent("prefix").path
        let other = prefix + "/share/applications/other.desktop"
        try FileManager.default.createDirectory(atPath: prefix + "/share/applications", withIntermediateDirectories: true)
        try Data("[Desktop Entry]\nType=Application\nName=Other\nExec=other\n".utf8).write(to: URL(fileURLWithPath: other))
        #expect(try script(installArguments(prefix, scratch)).status == 0)
        #expect(try script(["--prefix", prefix, "--uninstall"]).status == 0)
        let left = listing(prefix).filter { !isFolder(prefix + "/" + $0) }
        #expect(left.contains("share/applications/other.desktop"))
        #expect(left.allSatisfy { $0.hasPrefix("share/applications/") })  // other.desktop and, if the tool ran, its MIME cache
        #expect(!left.contains { $0.contains("strips") })
    }

    /// Staged for a package (--destdir, as Scripts/package-deb.sh and the Flatpak use it): every file
    /// under DESTDIR/PREFIX, the entries naming PREFIX, no manifest and no caches (the package
    /// manager owns them), and software centres find the metainfo with its entry and icon.
    @Test func stagesForAPackageUnderDestdir() throws {
        let scratch = try LoaderFixtures.scratch("install-staged")
        let stage = scratch.appendingPathComponent("stage").path
        var args = try installArguments("/usr", scratch)
        args += ["--destdir", stage]
        let staged = try script(args)
        #expect(staged.status == 0, "\(staged.output)")
        let files = listing(stage)
        #expect(files.allSatisfy { $0 == "usr" || $0.hasPrefix("usr/") }, "\(files)")
        #expect(FileManager.default.isExecutableFile(atPath: stage + "/usr/bin/strips"))
        #expect(FileManager.default.isExecutableFile(atPath: stage + "/usr/libexec/strips/strips-scan-probe"))
        #expect(files.contains("usr/share/metainfo/\(AppID.string).metainfo.xml"))
        #expect(!files.contains { $0.hasSuffix("install-manifest") || $0.hasSuffix("mimeinfo.cache") || $0.hasSuffix("icon-theme.cache") })
        let entry = try String(contentsOfFile: stage + "/usr/share/applications/\(AppID.string).desktop", encoding: .utf8)
        #expect(entry.contains("\nExec=\"/usr/bin/strips\" photos %F\n"))
        let thumbnailer = try String(contentsOfFile: stage + "/usr/share/thumbnailers/strips.thumbnailer", encoding: .utf8)
        #expect(thumbnailer.contains("\nTryExec=/usr/bin/strips\n"))
        let tree = try Self.run(DesktopIntegrationTests.appstreamcli, ["validate-tree", "--pedantic", "--no-net", "--no-color", stage])
        #expect(tree.status == 0 && tree.output.trimmingCharacters(in: .whitespacesAndNewlines) == "✔ Validation was successful.", "\(tree.output)")
        // A staged tree is the package's to remove.
        let refused = try script(["--prefix", "/usr", "--destdir", stage, "--uninstall"])
        #expect(refused.status == 2 && refused.output.split(separator: "\n").count == 1, "\(refused.output)")
    }

    @Test func badPrefixesAndOptionsAreRefusedInOneLine() throws {
        let bad = try script(["--prefix", "/tmp/a$b", "--binary", "/bin/true", "--manpage", "/dev/null"])
        #expect(bad.status == 2 && bad.output.split(separator: "\n").count == 1)
        let unknown = try script(["--frobnicate"])
        #expect(unknown.status == 2 && unknown.output.hasPrefix("install.sh: unknown option --frobnicate"))
    }

    private func isFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
    }
}
