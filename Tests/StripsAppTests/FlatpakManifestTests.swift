import Foundation
import Testing
import StripsCore

/// What can be checked of the Flatpak manifest without building it (no Flathub runtime on this
/// machine): docs/PACKAGING.md says what each checksum comes from.
@Suite struct FlatpakManifestTests {
    static let root = DesktopIntegrationTests.root
    static let manifestPath = root.appendingPathComponent("flatpak/\(AppID.string).json").path

    static func manifest() throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: manifestPath))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func modules() throws -> [[String: Any]] {
        try #require(try manifest()["modules"] as? [[String: Any]])
    }

    static func sources(of module: [String: Any]) -> [[String: Any]] {
        module["sources"] as? [[String: Any]] ?? []
    }

    static func isHex(_ text: String?, length: Int) -> Bool {
        guard let text else { return false }
        return text.count == length && text.allSatisfy { $0.isHexDigit && !$0.isUppercase }
    }

    @Test func manifestNamesTheAppAndItsRuntime() throws {
        let manifest = try Self.manifest()
        #expect(manifest["id"] as? String == AppID.string)
        #expect(manifest["command"] as? String == "strips")
        #expect(manifest["runtime"] as? String == "org.freedesktop.Platform")
        #expect(manifest["sdk"] as? String == "org.freedesktop.Sdk")
        #expect(manifest["sdk-extensions"] as? [String] == ["org.freedesktop.Sdk.Extension.swift6"])
        // The app is the last module: everything it links is built before it.
        #expect(try Self.modules().last?["name"] as? String == "strips")
    }

    /// Flathub builds offline from pinned sources: every download has its checksum (a sha256 for
    /// an archive or a file, a commit for a git tag), over https; local sources are this repository.
    @Test func everySourceIsPinned() throws {
        var downloads = 0
        for module in try Self.modules() {
            let name = module["name"] as? String ?? "?"
            let sources = Self.sources(of: module)
            #expect(!sources.isEmpty, "\(name) has no sources")
            for source in sources {
                let type = source["type"] as? String
                switch type {
                case "archive", "file":
                    downloads += 1
                    #expect((source["url"] as? String)?.hasPrefix("https://") == true, "\(name): \(source)")
                    #expect(Self.isHex(source["sha256"] as? String, length: 64), "\(name): no sha256 in \(source)")
                case "git":
                    downloads += 1
                    #expect((source["url"] as? String)?.hasPrefix("https://") == true, "\(name): \(source)")
                    #expect(Self.isHex(source["commit"] as? String, length: 40), "\(name): no commit in \(source)")
                    #expect(source["tag"] is String, "\(name): no tag in \(source)")
                    #expect(source["branch"] == nil, "\(name): a branch moves")
                case "dir":
                    #expect(name == "strips" && source["path"] as? String == "..", "\(name): \(source)")
                case "script":
                    #expect(source["commands"] is [String], "\(name): \(source)")
                default:
                    Issue.record("\(name): a source of type \(type ?? "none") is not checked: \(source)")
                }
            }
        }
        #expect(downloads >= 16)
    }

    /// The libraries the runtime lacks are built here; what the runtime has (SDL2, ffmpeg, cairo,
    /// GLib, libjpeg-turbo, libtiff, libwebp, giflib, PipeWire) is not built again.
    @Test func everyLibraryTheRuntimeLacksIsAModule() throws {
        let names = Set(try Self.modules().compactMap { $0["name"] as? String })
        let bundled: Set<String> = ["dejavu-fonts", "noto-sans-devanagari", "SDL2_ttf", "libexif", "libimagequant", "libspng", "zbar", "qpdf", "poppler",
                                    "leptonica", "tesseract", "avahi", "sane-backends", "sane-airscan", "strips"]
        #expect(names == bundled)
        let tesseract = try #require(try Self.modules().first { $0["name"] as? String == "tesseract" })
        let data = Self.sources(of: tesseract).compactMap { $0["url"] as? String }.filter { $0.hasSuffix(".traineddata") }
        #expect(data.map { ($0 as NSString).lastPathComponent }.sorted() == ["eng.traineddata", "osd.traineddata"])
    }

    /// The finish-args are the minimum the app needs, and no more: --device=all for USB scanners
    /// (SANE's backends open /dev/bus/usb through libusb; Flatpak has no narrower grant that every
    /// installed Flatpak knows; cameras come through the portal), no home or host folder, no
    /// session or system bus beyond Avahi's discovery.
    @Test func sandboxPermissionsAreTheMinimum() throws {
        let arguments = try #require(try Self.manifest()["finish-args"] as? [String])
        #expect(Set(arguments) == [
            "--share=ipc", "--socket=wayland", "--socket=fallback-x11", "--device=all",
            "--share=network", "--system-talk-name=org.freedesktop.Avahi",
            "--filesystem=xdg-documents", "--filesystem=xdg-pictures",
            "--env=TESSDATA_PREFIX=/app/share/tessdata",
        ])
        #expect(arguments.count == Set(arguments).count)
        for forbidden in ["--device=dri", "--filesystem=home", "--filesystem=host", "--socket=session-bus", "--socket=system-bus", "--socket=x11"] {
            #expect(!arguments.contains(forbidden))
        }
        // SANE is built with USB: that is what --device=all is for.
        let sane = try #require(try Self.modules().first { $0["name"] as? String == "sane-backends" })
        #expect((sane["config-opts"] as? [String])?.contains("--without-usb") == false)
    }

    /// The Swift packages are the ones Package.swift asks for, pinned to a release it accepts.
    @Test func swiftDependenciesMatchThePackage() throws {
        let strips = try #require(try Self.modules().last)
        let pinned = Self.sources(of: strips).filter { $0["type"] as? String == "git" }
        let package = try String(contentsOfFile: Self.root.appendingPathComponent("Package.swift").path, encoding: .utf8)
        #expect(pinned.count == 2)
        for source in pinned {
            let url = try #require(source["url"] as? String)
            let tag = try #require(source["tag"] as? String)
            let line = try #require(package.split(separator: "\n").first { $0.contains(".package(url: \"\(url)\"") }, "\(url) is not in Package.swift")
            let from = try #require(line.split(separator: "\"").dropFirst(3).first.map(String.init), "\(line)")
            let (have, want) = (Self.version(tag), Self.version(from))
            #expect(!have.lexicographicallyPrecedes(want) && have.first == want.first, "\(url): \(tag) against from: \(from)")
        }
    }

    /// Tesseract's data in the Flatpak is the data the tests read: Debian's tesseract-ocr-eng and
    /// -osd ship tessdata_fast 4.1.0, so their files must have the manifest's checksums.
    @Test func tesseractDataIsTheDataTheTestsUse() throws {
        let tesseract = try #require(try Self.modules().first { $0["name"] as? String == "tesseract" })
        for source in Self.sources(of: tesseract) {
            guard let url = source["url"] as? String, url.hasSuffix(".traineddata") else { continue }
            let local = "/usr/share/tesseract-ocr/5/tessdata/" + (url as NSString).lastPathComponent
            try #require(FileManager.default.fileExists(atPath: local), "\(local) is missing: run Scripts/install-deps.sh")
            let sum = try InstallScriptTests.run("/usr/bin/sha256sum", [local])
            #expect(sum.output.split(separator: " ").first.map(String.init) == source["sha256"] as? String, "\(local)")
        }
    }

    static func version(_ text: String) -> [Int] {
        text.split(separator: ".").map { Int($0) ?? 0 }
    }
}
