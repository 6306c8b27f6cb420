import CSDL2
import Foundation
import Testing
import StripsCore
@testable import StripsPictures
@testable import StripsSDL

/// The desktop entry, the icons and the window icon.
@Suite struct DesktopIntegrationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let entry = root.appendingPathComponent("Assets/Desktop/strips.desktop").path
    static let validator = "/usr/bin/desktop-file-validate"

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
        #expect(keys["Type"] == "Application" && keys["Name"] == "Strips" && keys["Icon"] == "strips")
        #expect(keys["Exec"] == "strips photos %F")  // install.sh makes the path absolute
        #expect(keys["Terminal"] == "false")
        let types = Set((keys["MimeType"] ?? "").split(separator: ";").map(String.init))
        #expect(types == ["image/jpeg", "image/png", "image/gif", "image/bmp", "image/webp", "image/tiff", "image/x-tga",
                          "application/pdf", "inode/directory"])
        #expect(keys["MimeType"]?.hasSuffix(";") == true && keys["Categories"]?.hasSuffix(";") == true)
    }

    /// desktop-file-validate is the reference; machines without desktop-file-utils skip it.
    @Test func desktopEntryValidates() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.validator) else { return }
        let check = try InstallScriptTests.run(Self.validator, [Self.entry])
        #expect(check.status == 0, "\(check.output)")
        #expect(check.output.isEmpty, "\(check.output)")
    }

    @Test func iconComesInEveryHicolorSize() throws {
        let hicolor = Self.root.appendingPathComponent("Assets/Icons/hicolor").path
        #expect(FileManager.default.fileExists(atPath: hicolor + "/scalable/apps/strips.svg"))
        for size in [16, 22, 24, 32, 48, 64, 128, 256, 512] {
            let header = try ImageHeader.read("\(hicolor)/\(size)x\(size)/apps/strips.png").get()
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
