import Foundation
import Testing
@testable import StripsExport

/// A disk that fills up mid-save: the save stops with one line, and neither the destination nor
/// any temporary file is left; the sources are untouched.
@Suite struct WriteFailureTests {
    /// Three pages of about 100 KB each.
    func scans(_ files: SaveFixtures) throws -> [String] {
        try (1...3).map { try files.write("scans/p\($0).jpg", JPEGMaker.encode(.noise(width: 320, height: 240, seed: UInt32($0)))) }
    }

    /// The writer is told the disk is full after 150 KB, as write(2) would say with ENOSPC.
    @Test(arguments: ["out.pdf", "out"])
    func aFullDiskLeavesNothing(destination: String) throws {
        let files = try SaveFixtures()
        let sources = try scans(files)
        let originals = sources.map(SaveFixtures.bytes)
        let pages = sources.map { ExportPage(source: .image(path: $0)) }
        let target = files.path(destination)
        var pagesDone = 0
        #expect(throws: SaveError(target, "the disk is full")) {
            try DocumentExporter.save(pages, to: target, sourcePaths: sources, replacing: false, budget: WriteBudget(limit: 150_000)) { pagesDone = $0 }
        }
        #expect(pagesDone < 3, "the save stops at the page that did not fit")
        #expect(files.listing() == ["scans"])
        #expect(files.listing(files.path("scans")) == ["p1.jpg", "p2.jpg", "p3.jpg"])
        #expect(sources.map(SaveFixtures.bytes) == originals)
        // The same save with room enough succeeds.
        let result = try DocumentExporter.save(pages, to: target, sourcePaths: sources, replacing: false, budget: WriteBudget(limit: 1 << 20)) { _ in }
        #expect(result.pageCount == 3)
    }

    /// A real full disk: a 256 KiB tmpfs (needs root and mount; skipped elsewhere).
    @Test(.enabled(if: TinyDisk.available), arguments: ["out.pdf", "out"])
    func aRealFullDiskLeavesNothing(destination: String) throws {
        let files = try SaveFixtures()
        let sources = try scans(files)
        let originals = sources.map(SaveFixtures.bytes)
        let disk = try TinyDisk(at: files.path("disk"))
        defer { disk.unmount() }
        let target = "\(disk.path)/\(destination)"
        #expect(throws: SaveError(target, "the disk is full")) {
            try DocumentExporter.save(sources.map { ExportPage(source: .image(path: $0)) }, to: target, sourcePaths: sources)
        }
        #expect(files.listing(disk.path) == [])
        #expect(sources.map(SaveFixtures.bytes) == originals)
    }
}

/// A 256 KiB tmpfs mounted for one test.
struct TinyDisk {
    let path: String

    init(at path: String) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let mounted = try Tool.run("mount", ["-t", "tmpfs", "-o", "size=256k", "tmpfs", path])
        guard mounted.status == 0 else { throw SaveError(path, "cannot mount: \(mounted.stderr)") }
        self.path = path
    }

    func unmount() {
        _ = try? Tool.run("umount", [path])
        rmdir(path)
    }

    /// Mounting works here (root in a container or VM that allows it).
    static let available: Bool = {
        guard geteuid() == 0, let files = try? SaveFixtures("probe"), let disk = try? TinyDisk(at: files.path("probe")) else { return false }
        disk.unmount()
        return true
    }()
}
