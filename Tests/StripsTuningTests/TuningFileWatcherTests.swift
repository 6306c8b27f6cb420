import Foundation
import Testing
import StripsCore
@testable import StripsTuning

/// The live window's reload: a changed file is applied to the tuning in force; a bad key or
/// value is named and keeps its old value.
@Suite struct TuningFileWatcherTests {
    @Test func changedFileIsAppliedAndBadKeysKeepTheirOldValue() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strips-watch-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("my.toml").path
        try "[preview]\nparallax_spacing = 60\n".write(toFile: path, atomically: true, encoding: .utf8)
        let (start, problems) = Tuning.defaults.applying(file: path)
        #expect(problems.isEmpty && start.preview.parallaxSpacing == 60)
        let watcher = TuningFileWatcher(path: path, tuning: start)
        #expect(watcher.poll() == nil)  // unchanged

        try "[preview]\nparallax_spacing = 88\nparalax = 3\n[scroll]\ntap_slop = -1\n".write(toFile: path, atomically: true, encoding: .utf8)
        let (tuning, named) = try #require(watcher.poll())
        #expect(tuning.preview.parallaxSpacing == 88)
        #expect(tuning.scroll.tapSlop == 6)
        #expect(named == ["\(path): scroll.tap_slop = -1.0 is outside 0.0 ... 50.0; keeping 6.0",
                          "\(path): unknown key preview.paralax"])
        #expect(watcher.poll() == nil)

        // A value made bad later keeps the value in force, not the default.
        try "[preview]\nparallax_spacing = 900\n".write(toFile: path, atomically: true, encoding: .utf8)
        let (kept, why) = try #require(watcher.poll())
        #expect(kept.preview.parallaxSpacing == 88)
        #expect(why == ["\(path): preview.parallax_spacing = 900.0 is outside 0.0 ... 200.0; keeping 88.0"])

        // The file gone: one problem, nothing changes.
        try FileManager.default.removeItem(atPath: path)
        let (same, gone) = try #require(watcher.poll())
        #expect(same == kept && gone == ["\(path): no such file"])
        #expect(TuningFileWatcher.isUnreadable("no such file"))
    }
}
