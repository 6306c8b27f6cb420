import Foundation
import StripsCore
import StripsPhotosFeatures
import StripsFiles
import StripsPDF
import StripsText
import Testing
@testable import StripsExport

/// A disk that fails mid-save, at every write, flush and close a save makes, one at a time: the
/// save stops with one line naming the destination, and neither the destination nor any temporary
/// file is left; an existing empty folder is left empty, with its own mode; the sources are untouched.
@Suite struct WriteFailureTests {
    /// The documents saved: pictures only, pictures with PDF pages (qpdf assembles cairo's pages
    /// and the PDF's), PDF pages only, and a folder of copied, turned and rendered pages.
    enum Case: String, CaseIterable, CustomStringConvertible {
        case picturesPDF, mixedPDF, pdfPagesPDF, textPDF, folder, existingFolder
        var description: String { rawValue }
        var destination: String {
            switch self {
            case .picturesPDF, .mixedPDF, .pdfPagesPDF, .textPDF: return "out.pdf"
            case .folder: return "out"
            case .existingFolder: return "empty"
            }
        }
    }

    struct Document {
        let files: SaveFixtures
        let sources: [String]
        let pages: [ExportPage]
    }

    /// A 500 x 400 noise JPEG (about 300 KB: more than one write), a PNG that must be decoded and
    /// turned, and a two-page PDF.
    func document(_ kind: Case) throws -> Document {
        let files = try SaveFixtures("faults-\(kind)")
        let big = try files.write("scans/big.jpg", JPEGMaker.encode(.noise(width: 500, height: 400, seed: 3), quality: 98))
        let png = files.path("scans/shape.png")
        #expect(SDLPictures.savePNG(.quadrants(width: 40, height: 30), to: png))
        let report = files.path("scans/report.pdf")
        // Small pages: a folder save renders one, and the test saves many times.
        try PDFSampleDocument.write(to: report, pageSizes: [Size(width: 200, height: 150), Size(width: 150, height: 200)], label: "R").get()
        let picture = ExportPage(source: .picture(path: big))
        let turnedPNG = ExportPage(source: .picture(path: png), corrections: Corrections(quarterTurns: 1))
        let turnedJPEG = ExportPage(source: .picture(path: big), corrections: Corrections(quarterTurns: 3))
        let pdfPage = ExportPage(source: .pdfPage(path: report, index: 1), corrections: Corrections(quarterTurns: 1))
        let pages: [ExportPage]
        switch kind {
        case .picturesPDF: pages = [picture, turnedPNG]
        case .mixedPDF: pages = [pdfPage, picture, turnedPNG]
        case .pdfPagesPDF: pages = [pdfPage, ExportPage(source: .pdfPage(path: report, index: 0))]
        case .textPDF:
            // A page in a look with its text laid on: the drawing, the text pages and the overlaid file.
            let word = TextWord(text: "noise", box: TextBox(x: 50, y: 40, width: 120, height: 30), confidence: 90, line: 0)
            let line = TextLine(box: word.box, firstWord: 0, endWord: 1, baseline: nil)
            let text = PageText(words: [word], lines: [line], text: "noise", width: 500, height: 400, origin: .recognised(languages: "eng"))
            pages = [ExportPage(source: .picture(path: big), corrections: Corrections(look: .grey), text: text), pdfPage]
        case .folder, .existingFolder: pages = [picture, turnedJPEG, turnedPNG, pdfPage]
        }
        if kind == .existingFolder {
            try FileManager.default.createDirectory(atPath: files.path("empty"), withIntermediateDirectories: false,
                                                    attributes: [.posixPermissions: 0o700])
        }
        return Document(files: files, sources: [big, png, report], pages: pages)
    }

    /// Every call of a clean save, counted; then the same save once per call and fault, failing
    /// that call only (and, for a short write, the disk full from then on).
    @Test(arguments: Case.allCases)
    func everyFailingCallLeavesNothing(_ kind: Case) throws {
        let clean = try document(kind)
        let counter = FaultyDisk(fault: nil)
        let saved = try DocumentExporter.save(clean.pages, to: clean.files.path(kind.destination), sourcePaths: clean.sources,
                                              replacing: false, calls: counter.calls, progress: { _ in })
        #expect(saved.pageCount == clean.pages.count)
        let counts = counter.counted
        #expect(counts.write >= 1 && counts.sync >= 1 && counts.close >= 1, "\(counts)")

        var runs = 0
        // One document for every run: nothing may change it, and the test looks.
        let document = try document(kind)
        let before = try snapshot(document)
        for fault in FaultyDisk.Fault.allCases {
            for call in 0..<counts.of(fault.kind) {
                let disk = FaultyDisk(fault: (fault, call))
                let destination = document.files.path(kind.destination)
                do {
                    _ = try DocumentExporter.save(document.pages, to: destination, sourcePaths: document.sources, replacing: false,
                                                  calls: disk.calls, progress: { _ in })
                    Issue.record("\(kind): \(fault) at \(fault.kind) call \(call) was saved")
                } catch {
                    #expect(error.subject == destination)
                    #expect(fault.reasons.contains { error.reason.english.hasPrefix($0) }, "\(kind) \(fault) \(call): \(error)")
                }
                #expect(disk.fired, "\(kind): \(fault) at call \(call) never happened")
                let after = try snapshot(document)
                #expect(after == before, "\(kind): \(fault) at \(fault.kind) call \(call) left something")
                if after != before { return }
                runs += 1
            }
        }
        #expect(runs == 4 * counts.write + counts.sync + counts.close)
    }

    /// Every file and folder under the fixture (hidden ones too), with its size and mode, and the
    /// sources' bytes.
    func snapshot(_ document: Document) throws -> [String] {
        let root = document.files.root
        var entries: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let name = enumerator?.nextObject() as? String {
            var info = stat()
            lstat("\(root)/\(name)", &info)
            entries.append("\(name) \(info.st_mode) \(info.st_mode & S_IFMT == S_IFDIR ? 0 : info.st_size)")
        }
        return entries.sorted() + document.sources.map { "\(SaveFixtures.bytes($0).hashValue)" }
    }

    /// A real full disk: a 256 KiB tmpfs (needs root and mount; skipped elsewhere).
    @Test(.enabled(if: TinyDisk.available), arguments: ["out.pdf", "out"])
    func aRealFullDiskLeavesNothing(destination: String) throws {
        let files = try SaveFixtures()
        let sources = try (1...3).map { try files.write("scans/p\($0).jpg", JPEGMaker.encode(.noise(width: 320, height: 240, seed: UInt32($0)))) }
        let originals = sources.map(SaveFixtures.bytes)
        let disk = try TinyDisk(at: files.path("disk"))
        defer { disk.unmount() }
        let target = "\(disk.path)/\(destination)"
        #expect(throws: SaveError(target, HostMessage(trLater("the disk is full")))) {
            try DocumentExporter.save(sources.map { ExportPage(source: .picture(path: $0)) }, to: target, sourcePaths: sources)
        }
        #expect(files.listing(disk.path) == [])
        #expect(sources.map(SaveFixtures.bytes) == originals)
    }
}

/// System calls that fail the way disks do, at one chosen call; counts every call either way.
/// Thread-safe: qpdf's bytes arrive on a reader thread.
final class FaultyDisk: @unchecked Sendable {
    enum Kind: String { case write, sync, close }

    enum Fault: CaseIterable, CustomStringConvertible {
        /// Half the bytes go in, then the disk is full.
        case shortWrite
        case noSpace
        case ioError
        /// write(2) says all went in, but nothing did (a lying disk or driver).
        case lostWrite
        case syncFails
        case closeFails

        var kind: Kind {
            switch self {
            case .shortWrite, .noSpace, .ioError, .lostWrite: return .write
            case .syncFails: return .sync
            case .closeFails: return .close
            }
        }

        /// What the save may say about it.
        var reasons: [String] {
            switch self {
            case .shortWrite, .noSpace: return ["the disk is full"]
            case .ioError, .syncFails, .closeFails: return ["the disk reported an input/output error"]
            case .lostWrite: return ["the written file is not what was written", "the written file does not read back", "the written file has"]
            }
        }

        var description: String {
            switch self {
            case .shortWrite: return "short write"
            case .noSpace: return "ENOSPC"
            case .ioError: return "EIO"
            case .lostWrite: return "lost write"
            case .syncFails: return "fsync fails"
            case .closeFails: return "close fails"
            }
        }
    }

    struct Counts {
        var write = 0, sync = 0, close = 0
        func of(_ kind: Kind) -> Int {
            switch kind {
            case .write: return write
            case .sync: return sync
            case .close: return close
            }
        }
    }

    private let fault: (Fault, Int)?
    private let lock = NSLock()
    private var counts = Counts()
    private var full = false
    private var happened = false

    init(fault: (Fault, Int)?) { self.fault = fault }

    var counted: Counts { lock.withLock { counts } }
    var fired: Bool { lock.withLock { happened } }

    /// The fault for this call, if it is the chosen one.
    private func next(_ kind: Kind) -> (fault: Fault?, full: Bool) {
        lock.withLock {
            let index = counts.of(kind)
            switch kind {
            case .write: counts.write += 1
            case .sync: counts.sync += 1
            case .close: counts.close += 1
            }
            guard let (fault, call) = self.fault, fault.kind == kind, call == index else { return (nil, kind == .write && full) }
            happened = true
            if fault == .shortWrite { full = true }
            return (fault, false)
        }
    }

    var calls: FileCalls {
        FileCalls(
            write: { [self] fd, bytes in
                let (fault, full) = next(.write)
                if full { errno = ENOSPC; return -1 }
                switch fault {
                case .shortWrite: return Glibc.write(fd, bytes.baseAddress, max(1, bytes.count / 2))
                case .noSpace: errno = ENOSPC; return -1
                case .ioError: errno = EIO; return -1
                case .lostWrite: return bytes.count
                default: return Glibc.write(fd, bytes.baseAddress, bytes.count)
                }
            },
            sync: { [self] _ in
                if next(.sync).fault == .syncFails { errno = EIO; return -1 }
                // A flush that works changes nothing a test could see, and takes a quarter of a
                // second on a busy disk: counted, not done.
                return 0
            },
            close: { [self] fd in
                let failing = next(.close).fault == .closeFails
                let status = Glibc.close(fd)
                if failing { errno = EIO; return -1 }
                return status
            }
        )
    }
}

/// A 256 KiB tmpfs mounted for one test.
struct TinyDisk {
    let path: String

    init(at path: String, size: String = "256k") throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let mounted = try Tool.run("mount", ["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", path])
        guard mounted.status == 0 else { throw SaveError(path, .verbatim("cannot mount: \(mounted.stderr)")) }
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
