import Foundation
import Testing
import StripsCore

/// The Debian package's sources (debian/): its build, a release build of many minutes, is
/// Scripts/package-deb.sh's and Scripts/test-deb.sh's, not CI's; docs/PACKAGING.md has their runs.
@Suite struct DebianPackageTests {
    static let root = DesktopIntegrationTests.root

    /// debian/changelog's newest entry is this version: a release adds an entry there, and in the
    /// metainfo's releases.
    @Test func debianChangelogIsAtThisVersion() throws {
        let changelog = try String(contentsOfFile: Self.root.appendingPathComponent("debian/changelog").path, encoding: .utf8)
        let first = try #require(changelog.split(separator: "\n").first)
        #expect(first.hasPrefix("strips (\(AppVersion.string)) ") || first.hasPrefix("strips (\(AppVersion.string)-"), "\(first)")
        let control = try String(contentsOfFile: Self.root.appendingPathComponent("debian/control").path, encoding: .utf8)
        // Libraries come from dpkg-shlibdeps; only data no library names is listed by hand.
        #expect(control.contains("Depends: ${shlibs:Depends}, fonts-dejavu-core, tesseract-ocr-eng, tesseract-ocr-osd\n"))
    }
}
