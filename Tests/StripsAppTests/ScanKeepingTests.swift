import Foundation
import StripsTestSupport
import Testing

/// No scan is lost without a word (issue 28): when the state folder cannot keep scans the
/// private folder in the temporary folder does, and its pages are offered back like the others;
/// when no place can, the scan does not start, in one line; when the disk fills mid-batch, the
/// scan stops with one line and the page stays in the document, in memory, never called kept.
@Suite struct ScanKeepingTests {
    let scanning = ScanningCommandTests()
    static let arguments = ScanningCommandTests.scanArguments + ["--scan-source", "flatbed", "--scan-dpi", "30", "--scan-page", "a5"]

    @Test func theTemporaryFallbackKeepsScansAndOffersThemBack() throws {
        let place = try ScanningCommandTests.Place("fallback")
        defer { place.remove() }
        // The state folder is a file: nothing can be made in it.
        try Data().write(to: URL(fileURLWithPath: place.state))
        let temporary = place.root + "/tmp"
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        let environment = ["TMPDIR": temporary + "/"]
        let first = try scanning.run(place, "at 0 key ctrl+n\nat 1000 dump\n", Self.arguments, extra: environment)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.scans == ["Scan 1"])
        let fallback = temporary + "/strips-scans-\(getuid())"
        #expect(first.stderr.contains("; scanned pages are kept in \(fallback)/"), "\(first.stderr)")
        #expect(!first.stderr.contains("//"))
        let again = try scanning.run(place, "at 0 dump\n", [], extra: environment)
        #expect(again.stderr.contains("strips: 1 scanned page from an earlier session ("), "\(again.stderr)")
    }

    @Test func withNoPlaceToKeepThemTheScanDoesNotStartAndSaysSo() throws {
        let place = try ScanningCommandTests.Place("noplace")
        defer { place.remove() }
        try Data().write(to: URL(fileURLWithPath: place.state))
        // Another user's folder (or, as a plain user, one anyone may write in) made first under the fallback's name.
        let temporary = place.root + "/tmp"
        let planted = temporary + "/strips-scans-\(getuid())"
        try FileManager.default.createDirectory(atPath: planted, withIntermediateDirectories: true)
        chmod(planted, 0o777)
        if getuid() == 0 { #expect(chown(planted, 65534, 65534) == 0) }
        let result = try scanning.run(place, "at 0 key ctrl+n\nat 1000 dump\n", Self.arguments, extra: ["TMPDIR": temporary])
        #expect(result.scans.isEmpty)
        // One line for the scan (the start also names the planted folder once, as it looks for leftovers).
        let lines = result.stderr.split(separator: "\n").map(String.init).filter { $0.contains("no place") }
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(lines.first?.hasPrefix("strips: recovery: no place to keep scanned pages (") == true)
        #expect(lines.first?.hasSuffix("; not scanning") == true)
        #expect(!result.stderr.contains("kept in"))
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: planted)) ?? ["?"]).isEmpty)
    }

    /// A real full disk under the state folder (a small tmpfs; needs root and mount).
    @Test(.enabled(if: geteuid() == 0)) func aFullDiskStopsTheScanAndThePageStaysInMemory() throws {
        let place = try ScanningCommandTests.Place("full")
        defer { place.remove() }
        try FileManager.default.createDirectory(atPath: place.state, withIntermediateDirectories: true)
        let mounted = try runProcess("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", place.state])
        try #require(mounted.status == 0, "\(mounted.stderr)")
        defer { _ = try? runProcess("/bin/umount", [place.state]) }
        // Room for the folders and lists, none for a page.
        let filler = place.state + "/filler"
        _ = FileManager.default.createFile(atPath: filler, contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: filler))
        while (try? handle.write(contentsOf: Data(count: 4096))) != nil {}
        try handle.close()
        try FileManager.default.removeItem(atPath: filler)
        _ = FileManager.default.createFile(atPath: filler, contents: Data(count: 64 * 1024 - 16 * 1024))
        // A slow feeder (20 ms a read): the stop reaches it while the next page is still coming.
        let result = try scanning.run(place, "at 0 key ctrl+n\nat 3000 dump\nat 3100 key ctrl+s\nat 3200 dump\n",
                                      ScanningCommandTests.scanArguments + ["--scan-source", "feeder", "--scan-dpi", "100", "--scan-page", "a5",
                                                                             "--output", place.root + "/out.pdf"], fault: "slow=20")
        // The first page is in the document, from memory; the feeder was stopped before it was
        // empty (a page already under way when the stop came may finish, in memory too).
        let scans = result.lines.first.map { ($0["pages"] as? [String] ?? []).filter { $0.hasPrefix("Scan ") } } ?? []
        #expect(scans.first == "Scan 1" && scans.count < 10, "\(scans) \(result.stderr)")
        #expect(result.stderr.contains("the scan stops, and Scan 1 is only in memory until it can be written"), "\(result.stderr)")
        #expect(!result.stderr.contains("Scanned 1 page") && !result.stderr.contains("pages kept"))
        // Saving tries to write it again, and says it still cannot; the document stays unsaved.
        #expect(result.stderr.contains("Scan 1 is still only in memory"), "\(result.stderr)")
        #expect(result.last["dirty"] as? Bool == true)
        // The run ends unsaved: the page that never reached the disk is named as lost, not hidden.
        let lost = result.stderr.split(separator: "\n").filter { $0.contains("could not be written anywhere and") }
        #expect(lost.count == 1 && lost[0].hasPrefix("strips: recovery: Scan 1") && lost[0].hasSuffix("lost with this session"), "\(result.stderr)")
    }
}
