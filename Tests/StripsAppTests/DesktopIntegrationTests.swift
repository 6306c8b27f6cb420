import CSDL2
import Foundation
import Testing
import StripsCore
@testable import StripsPictures
@testable import StripsSDL

/// The desktop entry, the icons and the window icon.
@Suite struct DesktopIntegrationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let entry = root.appendingPathComponent("Assets/Desktop/\(AppID.string).desktop").path
    static let metainfo = root.appendingPathComponent("Assets/Desktop/\(AppID.string).metainfo.xml").path
    static let validator = "/usr/bin/desktop-file-validate"
    static let appstreamcli = "/usr/bin/appstreamcli"

    /// The keys of the [Desktop Entry] group.
    static func entryKeys() throws -> [String: String] {
        let text = try String(contentsOfFile: entry, encoding: .utf8)
        var keys: [String: String] = [:]
        var inGroup = false
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            if line.hasPrefix("[") { inGroup = line == "[Desktop Entry]"; continue }
            guard inGroup, let equals = line.firstIndex(of: "=") else { continue }
            keys[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return keys
    }

    @Test func desktopEntryOpensPicturesFoldersAndPDFs() throws {
        let keys = try Self.entryKeys()
        #expect(keys["Type"] == "Application" && keys["Name"] == "Strips" && keys["Icon"] == AppID.string)
        // The window's class (WindowClass) is the entry's name: the desktop ties the window to it.
        #expect(keys["StartupWMClass"] == AppID.string)
        #expect(keys["Exec"] == "strips photos %F")  // install.sh makes the path absolute
        #expect(keys["Terminal"] == "false")
        let types = Set((keys["MimeType"] ?? "").split(separator: ";").map(String.init))
        #expect(types == ["image/jpeg", "image/png", "image/gif", "image/bmp", "image/webp", "image/tiff", "image/x-tga",
                          "application/pdf", "inode/directory"])
        #expect(keys["MimeType"]?.hasSuffix(";") == true && keys["Categories"]?.hasSuffix(";") == true)
    }

    /// desktop-file-validate is the reference (desktop-file-utils, which Scripts/install-deps.sh installs).
    @Test func desktopEntryValidates() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.validator), "desktop-file-validate is missing: run Scripts/install-deps.sh")
        let check = try InstallScriptTests.run(Self.validator, [Self.entry])
        #expect(check.status == 0, "\(check.output)")
        #expect(check.output.isEmpty, "\(check.output)")
    }

    /// AppStream's own validator, at its strictest and offline (appstream, from Scripts/install-deps.sh).
    @Test func metainfoValidates() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.appstreamcli), "appstreamcli is missing: run Scripts/install-deps.sh")
        let check = try InstallScriptTests.run(Self.appstreamcli, ["validate", "--pedantic", "--no-net", "--no-color", Self.metainfo])
        #expect(check.status == 0, "\(check.output)")
        // Clean means no notes at all, pedantic ones included: only the success line.
        #expect(check.output.trimmingCharacters(in: .whitespacesAndNewlines) == "✔ Validation was successful.", "\(check.output)")
    }

    /// The metainfo names what the desktop entry and the program say: the same id, the entry as
    /// its launchable, the entry's file types but folders, the version `strips --version` prints as
    /// its newest release, and screenshots that are the README's pictures at their real sizes.
    @Test func metainfoAgreesWithTheEntryAndTheProgram() throws {
        let info = try String(contentsOfFile: Self.metainfo, encoding: .utf8)
        #expect(Metainfo.values("id", in: info) == [AppID.string])
        #expect(Metainfo.values("launchable", in: info) == ["\(AppID.string).desktop"])
        #expect(Metainfo.values("binary", in: info) == ["strips"])
        let entryTypes = Set((try Self.entryKeys()["MimeType"] ?? "").split(separator: ";").map(String.init))
        #expect(Set(Metainfo.values("mediatype", in: info)) == entryTypes.subtracting(["inode/directory"]))
        #expect(Metainfo.releaseVersions(in: info).first == AppVersion.string)
        let shots = Metainfo.screenshots(in: info)
        #expect(shots.count >= 2)
        for shot in shots {
            let path = try #require(shot.url.range(of: "/main/").map { String(shot.url[$0.upperBound...]) }, "\(shot.url)")
            let header = try ImageHeader.read(Self.root.appendingPathComponent(path).path).get()
            #expect(header.width == shot.width && header.height == shot.height, "\(path)")
        }
    }

    @Test func iconComesInEveryHicolorSize() throws {
        let hicolor = Self.root.appendingPathComponent("Assets/Icons/hicolor").path
        #expect(FileManager.default.fileExists(atPath: hicolor + "/scalable/apps/\(AppID.string).svg"))
        for size in [16, 22, 24, 32, 48, 64, 128, 256, 512] {
            let header = try ImageHeader.read("\(hicolor)/\(size)x\(size)/apps/\(AppID.string).png").get()
            #expect(header.format == .png && header.width == size && header.height == size)
        }
    }

    @Test func windowIconIsLoadedFromAssets() throws {
        let icon = try #require(WindowIcon.surface(assets: Self.root.appendingPathComponent("Assets").path))
        defer { SDL_FreeSurface(icon) }
        #expect(icon.pointee.w == 128 && icon.pointee.h == 128)
        #expect(icon.pointee.format.pointee.format == SDL_PIXELFORMAT_ARGB8888.rawValue)
        #expect(WindowIcon.surface(assets: "/nonexistent") == nil)
        #expect(WindowIcon.surface() != nil)  // found the way the app finds it
    }
}

@Suite struct VersionTests {
    @Test func versionIsPrintedFromTheOnePlaceItIsWritten() throws {
        let result = try CommandLineTests().run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == AppVersion.string + "\n")
        #expect(result.stderr.isEmpty)
        #expect(AppVersion.string.split(separator: ".").count == 3)
    }
}
