import CSDL2
import Foundation
import StripsPictures
import StripsSDL
import StripsTestSupport
import Testing

/// Scanning in the editor as a user of the binary meets it (issue 23), headless, with SANE's
/// `test` backend as the scanner (each test its own SANE_CONFIG_DIR and state folder): Ctrl+N
/// inserts after the page in focus, the page is drawn and saved; a feeder runs until empty;
/// each fault is one line and the pages before it stay; a `kill -9` mid-batch loses at most the
/// page being scanned and the next start offers the rest back.
@Suite struct ScanningCommandTests {
    let cli = CommandLineTests()

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
        var lines: [[String: Any]]

        var last: [String: Any] { lines.last ?? [:] }
        var pages: [String] { last["pages"] as? [String] ?? [] }
        var scans: [String] { pages.filter { $0.hasPrefix("Scan ") } }
        /// Standard error's lines that are about the scanner.
        var scannerLines: [String] { stderr.split(separator: "\n").map(String.init).filter { $0.contains("scanner") } }
    }

    /// A folder for one test: its SANE configuration, its state (the recovery folder), its files.
    struct Place {
        let root: String
        let sane: SANEFixture
        var state: String { root + "/state" }
        var recovery: String { state + "/strips/recovery" }

        init(_ name: String, sane: SANEFixture = SANEFixture()) throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("strips-scanning-\(getpid())-\(name)").path
            try? FileManager.default.removeItem(atPath: root)
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            self.sane = sane
        }

        func environment(fault: String? = nil) -> [String: String] {
            var environment = sane.environment.merging(["XDG_STATE_HOME": state, "STRIPS_SCAN_WORKER_SILENCE": "3"]) { $1 }
            if let fault { environment["STRIPS_SCAN_TEST_FAULT"] = fault }
            return environment
        }

        /// The page files of every recovery folder, by folder.
        func kept() -> [String: [String]] {
            var result: [String: [String]] = [:]
            for folder in (try? FileManager.default.contentsOfDirectory(atPath: recovery)) ?? [] {
                result[folder] = ((try? FileManager.default.contentsOfDirectory(atPath: recovery + "/" + folder)) ?? [])
                    .filter { $0.hasPrefix("scan-") && $0.hasSuffix(".png") }.sorted()
            }
            return result
        }

        func remove() {
            sane.remove()
            try? FileManager.default.removeItem(atPath: root)
        }
    }

    static let scanArguments = ["--scanner", "test:0", "--scan-mode", "gray"]

    func run(_ place: Place, _ script: String, _ arguments: [String], fault: String? = nil, extra: [String: String] = [:]) throws -> Run {
        let file = place.root + "/run-\(UUID().uuidString.prefix(6)).strips"
        try script.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try cli.run(["photos", "--script", file] + arguments, environment: place.environment(fault: fault).merging(extra) { $1 })
        let lines = result.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        return Run(status: result.status, stdout: result.stdout, stderr: result.stderr, lines: lines)
    }

    // MARK: A page in, drawn, saved

    @Test func aFlatbedPageIsInsertedAfterTheFocusDrawnAndSaved() throws {
        let place = try Place("flatbed")
        defer { place.remove() }
        let shot = place.root + "/shot.png", pdf = place.root + "/out.pdf"
        let result = try run(place, """
            window 800 600
            at 0 key Right
            at 600 key ctrl+n
            at 1500 screenshot \(shot)
            at 1500 dump
            at 1600 key ctrl+s
            at 1700 dump
            """, Self.scanArguments + ["--scan-source", "flatbed", "--scan-dpi", "50", "--scan-page", "a4", "--output", pdf])
        #expect(result.status == 0, "\(result.stderr)")
        let scanned = try #require(result.lines.first)
        #expect(scanned["count"] as? Int == 9)
        #expect((scanned["pages"] as? [String])?[2] == "Scan 1")
        #expect(scanned["active"] as? Int == 2)
        #expect(scanned["dirty"] as? Bool == true)
        #expect(result.last["dirty"] as? Bool == false)
        #expect(result.scannerLines.isEmpty, "\(result.stderr)")

        // Drawn: the test backend's grid of black and white 10 mm squares fills the preview's picture.
        let cells = try #require((scanned["preview"] as? [String: Any])?["cells"] as? [[String: Any]])
        let cell = try #require(cells.first { $0["page"] as? String == "Scan 1" })
        let image = try #require(cell["image"] as? [Double])
        let screen = try PictureDecoder.decodeStored(shot).get()
        var dark = 0, light = 0, other = 0
        for y in stride(from: image[1] + 5, to: image[1] + image[3] - 5, by: 3) {
            for x in stride(from: image[0] + 5, to: image[0] + image[2] - 5, by: 3) {
                let o = (Int(y) * screen.width + Int(x)) * 4
                let sum: Int = Int(screen.bytes[o]) + Int(screen.bytes[o + 1]) + Int(screen.bytes[o + 2])
                let grey = sum / 3
                if grey < 40 { dark += 1 } else if grey > 215 { light += 1 } else { other += 1 }
            }
        }
        let all = Double(dark + light + other)
        #expect(Double(dark) / all > 0.3 && Double(light) / all > 0.3, "dark \(dark) light \(light) other \(other)")

        // Saved: nine pages; the document saved, nothing is left to offer back.
        let info = try runProcess("/usr/bin/pdfinfo", [pdf])
        #expect(info.stdout.contains("Pages:           9"), "\(info.stdout)")
        #expect(place.kept().isEmpty, "\(place.kept())")
    }

    // MARK: Saved scans: JPEG at 90, line art at 1 bit

    @Test(arguments: [("color", "rgb"), ("gray", "gray"), ("lineart", "-")])
    func savedScansAreJPEGAtNinetyOrOneBit(_ mode: String, _ colourSpace: String) throws {
        // The colour pattern: a grid would be black and white whatever the mode, and a page of
        // only black and white is saved at 1 bit whatever it was scanned as.
        let place = try Place("saved-\(mode)", sane: SANEFixture(picture: "Color pattern"))
        defer { place.remove() }
        let page = HostEffectsCommandLineTests.repository.appendingPathComponent("Assets/Sample/01-contract.jpg").path
        let arguments = [page, "--scanner", "test:0", "--scan-source", "flatbed", "--scan-dpi", "100", "--scan-mode", mode, "--scan-page", "a5"]
        let pdf = place.root + "/out.pdf", folder = place.root + "/out"
        for output in [pdf, folder] {
            let result = try run(place, "at 0 key ctrl+n\nat 1000 key ctrl+s\nat 1100 end\n", arguments + ["--output", output])
            #expect(result.status == 0, "\(result.stderr)")
        }
        // The PDF: the scan's image is a JPEG (grey in one channel) or a 1-bit stencil, on an A5 page.
        let images = try runProcess("/usr/bin/pdfimages", ["-list", pdf]).stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        let scan = try #require(images.first { $0.first == "2" }, "\(images)")
        // page num type width height color comp bpc enc ...
        if mode == "lineart" {
            #expect(scan[2] == "stencil" && scan[7] == "1", "\(scan)")
        } else {
            #expect(scan[2] == "image" && scan[5] == colourSpace && scan[7] == "8" && scan[8] == "jpeg", "\(scan)")
        }
        let size = try runProcess("/usr/bin/pdfinfo", ["-f", "2", "-l", "2", pdf]).stdout
        #expect(size.contains("size:  418.") || size.contains("size:  419."), "\(size)")
        // The folder: 002.jpg of quality 90, or 002.png at 1 bit.
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        if mode == "lineart" {
            #expect(files == ["001.jpg", "002.png"])
            let png = try Data(contentsOf: URL(fileURLWithPath: folder + "/002.png"))
            #expect(png.count > 25 && png[24] == 1 && png[25] == 0, "bit depth \(png.count > 25 ? png[24] : 0), colour type \(png.count > 25 ? png[25] : 0)")
        } else {
            #expect(files == ["001.jpg", "002.jpg"])
            let quality = try runProcess("/usr/bin/identify", ["-format", "%Q", folder + "/002.jpg"])
            if quality.status == 0 { #expect(quality.stdout == "90") }
        }
    }

    // MARK: A feeder

    @Test func aFeederBatchOfTenComesInOrderAndIsKeptUntilSaved() throws {
        let place = try Place("feeder")
        defer { place.remove() }
        let result = try run(place, "window 800 600\nat 0 key ctrl+n\nat 4500 dump\n",
                             Self.scanArguments + ["--scan-source", "feeder", "--scan-dpi", "30", "--scan-page", "a5"])
        #expect(result.status == 0, "\(result.stderr)")
        // The test backend's feeder is empty after 10 pages: the batch ends there, no fault.
        #expect(result.scans == (1...10).map { "Scan \($0)" })
        #expect(result.pages.first == "01-contract.jpg" && result.pages[11] == "02-invoice.jpg")
        #expect(result.last["active"] as? Int == 10)
        // Nothing saved: every page is on disk for the next start, and a line says where.
        let kept = place.kept()
        #expect(kept.count == 1 && kept.values.first == (1...10).map { String(format: "scan-%04d.png", $0) })
        #expect(result.stderr.contains("strips: 10 scanned pages were not saved; kept in \(place.recovery)/"))
        #expect(result.scannerLines.isEmpty, "\(result.stderr)")
    }

    // MARK: Faults

    struct Fault: Sendable, CustomTestStringConvertible {
        var name: String
        var source: String
        var status: String?
        var fault: String?
        var pages: Int
        /// The line on standard error, or its beginning.
        var line: String
        var testDescription: String { name }
    }

    static let faults = [
        Fault(name: "a jam on the third page", source: "feeder", fault: "page=3 status=SANE_STATUS_JAMMED", pages: 2,
              line: "strips: scanner test:0: paper jam in the document feeder (page 3, after 0 rows)"),
        Fault(name: "the cover open", source: "flatbed", status: "SANE_STATUS_COVER_OPEN", pages: 0,
              line: "strips: scanner test:0: the scanner's cover is open"),
        Fault(name: "no paper in the feeder", source: "feeder", status: "SANE_STATUS_NO_DOCS", pages: 0,
              line: "strips: scanner test:0: no paper in the document feeder"),
        Fault(name: "unplugged mid-page", source: "feeder", fault: "page=2 reads=1 status=SANE_STATUS_IO_ERROR", pages: 1,
              line: "strips: scanner test:0: input/output error talking to the scanner (unplugged or switched off?) (page 2, after "),
        Fault(name: "a driver that crashes", source: "feeder", fault: "page=2 reads=1 crash", pages: 1,
              line: "strips: scanner test:0: the scanner driver crashed (signal 6, aborted) (the pages before it are kept)"),
    ]

    @Test(arguments: faults) func aFaultIsOneLineAndThePagesBeforeItStay(_ fault: Fault) throws {
        let place = try Place(fault.name.replacingOccurrences(of: " ", with: "-"), sane: SANEFixture(status: fault.status))
        defer { place.remove() }
        // 50 dpi A4 grey: a page is four reads of 64 KB, 158 rows the first.
        let result = try run(place, "window 800 600\nat 0 key ctrl+n\nat 2500 dump\n",
                             Self.scanArguments + ["--scan-source", fault.source, "--scan-dpi", "50", "--scan-page", "a4"], fault: fault.fault)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.scans == (0..<fault.pages).map { "Scan \($0 + 1)" })
        #expect(result.scannerLines.count == 1 && result.scannerLines.first?.hasPrefix(fault.line) == true, "\(result.stderr)")
        #expect(place.kept().values.first?.count ?? 0 == fault.pages)
    }

    @Test func noSuchScannerIsOneLine() throws {
        let place = try Place("no-scanner")
        defer { place.remove() }
        let result = try run(place, "at 0 key ctrl+n\nat 500 dump\n", ["--scanner", "test:7"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.scans.isEmpty)
        #expect(result.scannerLines == ["strips: scanner test:7: not found (is it connected and switched on?)"])
    }

    // MARK: Nothing lost

    @Test func killedMidBatchTheNextStartOffersThePagesBack() throws {
        let place = try Place("killed")
        defer { place.remove() }
        let script = place.root + "/scan.strips"
        try "at 0 key ctrl+n\nat 100000 end\n".write(toFile: script, atomically: true, encoding: .utf8)
        // A slow feeder (30 ms a read: about 0.1 s a page), killed once three pages are kept.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: stripsBinary)
        process.arguments = ["photos", "--script", script, "--scanner", "test:0", "--scan-source", "feeder", "--scan-dpi", "50",
                             "--scan-mode", "gray", "--scan-page", "a4"]
        process.environment = ProcessInfo.processInfo.environment.merging(place.environment(fault: "slow=30")) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date(timeIntervalSinceNow: 30)
        while (place.kept().values.first?.count ?? 0) < 3, Date() < deadline, process.isRunning { usleep(10_000) }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let kept = try #require(place.kept().values.first)
        #expect(kept.count >= 3 && kept.count < 10, "\(kept)")
        // The worker goes with it: its input ended.
        var workers = Self.workers(using: place.sane.folder)
        let gone = Date(timeIntervalSinceNow: 5)
        while !workers.isEmpty, Date() < gone {
            usleep(20_000)
            workers = Self.workers(using: place.sane.folder)
        }
        #expect(workers.isEmpty)

        // Left alone: one line.
        let kept1 = try run(place, "at 0 dump\n", [])
        #expect(kept1.scans.isEmpty)
        #expect(kept1.stderr.contains("strips: \(kept.count) scanned pages from an earlier session ("), "\(kept1.stderr)")
        // Offered, as the window does, and taken with T: after the page in focus, every page whole.
        let taken = try run(place, "window 800 600\nat 100 key t\nat 2000 dump\nat 2100 key ctrl+s\nat 2200 dump\n",
                            ["--recover", "ask", "--output", place.root + "/saved.pdf"])
        #expect(taken.status == 0, "\(taken.stderr)")
        let pages = try #require(taken.lines.first?["pages"] as? [String])
        #expect(Array(pages[1...kept.count]) == (1...kept.count).map { "Scan \($0)" })
        #expect(taken.last["dirty"] as? Bool == false)
        // Saved: nothing is offered any more.
        #expect(place.kept().isEmpty)
        let after = try run(place, "at 0 dump\n", [])
        #expect(!after.stderr.contains("earlier session"), "\(after.stderr)")
    }

    @Test func aScanUndoneIsKeptForTheNextStartAndQuittingWithoutSavingDiscardsIt() throws {
        let place = try Place("undone")
        defer { place.remove() }
        let arguments = Self.scanArguments + ["--scan-source", "flatbed", "--scan-dpi", "30", "--scan-page", "a5"]
        // Scanned, undone: the document is as opened, but the page is not thrown away unasked.
        let undone = try run(place, "at 0 key ctrl+n\nat 1000 key ctrl+z\nat 2000 dump\n", arguments)
        #expect(undone.scans.isEmpty && undone.last["dirty"] as? Bool == false)
        #expect(undone.stderr.contains("strips: 1 scanned page was not saved; kept in "), "\(undone.stderr)")
        #expect(place.kept().values.first?.count == 1)
        // Scanned, then the quit prompt's D: thrown away on purpose, the earlier one with it.
        let discarded = try run(place, "at 0 key ctrl+n\nat 1000 key q\nat 1100 key d\n", arguments + ["--recover", "take"])
        #expect(discarded.status == 0, "\(discarded.stderr)")
        #expect(place.kept().isEmpty, "\(place.kept())")
    }

    @Test func pagesSavedOrDeletedBeforeASaveAreNotOfferedBack() throws {
        let place = try Place("deleted")
        defer { place.remove() }
        // Two pages scanned (the feeder empty at the third), the second deleted, saved; then
        // more scanned and never saved.
        let result = try run(place, """
            at 0 key ctrl+n
            at 1000 key Delete
            at 1500 dump
            at 2000 key ctrl+s
            at 2100 key ctrl+n
            at 6000 dump
            """, Self.scanArguments + ["--scan-source", "feeder", "--scan-dpi", "30", "--scan-page", "a5", "--output", place.root + "/out.pdf"],
            fault: "page=3 status=SANE_STATUS_NO_DOCS")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines.first.map { ($0["pages"] as? [String] ?? []).filter { $0.hasPrefix("Scan ") } } == ["Scan 1"])
        // The second scan is numbered on past the deleted page.
        let second = result.scans.dropFirst()
        #expect(result.scans.first == "Scan 1" && second.first == "Scan 3" && !second.isEmpty)
        let offered = try run(place, "at 0 dump\n", [])
        #expect(offered.stderr.contains("strips: \(second.count) scanned pages from an earlier session ("), "\(offered.stderr)")
    }

    /// Scan workers (strips-scan-probe --worker) running with this SANE configuration.
    static func workers(using configuration: String) -> [Int32] {
        let pids = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap(Int32.init)
        return pids.filter { pid in
            guard let command = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline")),
                  String(decoding: command, as: UTF8.self).contains("--worker"),
                  let environment = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/environ")) else { return false }
            let state = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            return String(decoding: environment, as: UTF8.self).contains("SANE_CONFIG_DIR=\(configuration)") && !state.contains(") Z ")
        }
    }

    // MARK: The panel, interleave

    @Test func thePanelListsTheDevicesAndScansWithItsChoice() throws {
        let place = try Place("panel")
        defer { place.remove() }
        let result = try run(place, """
            window 800 600
            at 0 key ctrl+shift+n
            at 100 dump
            at 200 key Down
            at 300 key Right
            at 400 dump
            at 500 key Return
            at 4500 dump
            """, ["--scan-dpi", "50", "--scan-mode", "gray", "--scan-page", "a5"])
        #expect(result.status == 0, "\(result.stderr)")
        let panel = try #require(result.lines.first?["scanPanel"] as? [String: Any])
        #expect(panel["scanners"] as? [String] == ["test:0", "test:1"])
        #expect(panel["device"] as? String == "test:0")
        // The command line's 50 dpi as the device offers it: the nearest of its usual values.
        #expect(panel["dpi"] as? Int == 75)
        #expect(panel["mode"] as? String == "gray" && panel["pageSize"] as? String == "a5")
        #expect(panel["source"] as? String == "Flatbed")
        let changed = try #require(result.lines[1]["scanPanel"] as? [String: Any])
        #expect(changed["row"] as? String == "source" && changed["source"] as? String == "Automatic Document Feeder")
        // Return: the feeder, until it is empty.
        #expect(result.last["scanPanel"] == nil)
        #expect(result.scans == (1...10).map { "Scan \($0)" })
    }

    @Test func ctrlIInterleavesTheDocumentAndUndoPutsItBack() throws {
        let place = try Place("interleave")
        defer { place.remove() }
        let result = try run(place, "at 0 key ctrl+i\nat 800 dump\nat 900 key ctrl+z\nat 1800 dump\n", [])
        #expect(result.status == 0, "\(result.stderr)")
        let sample = ["01-contract.jpg", "02-invoice.jpg", "03-report-landscape.jpg", "04-receipt.jpg", "05-panorama.jpg",
                      "06-square-note.jpg", "07-business-card.jpg", "08-letter.jpg"]
        #expect(result.lines.first?["pages"] as? [String] == [0, 7, 1, 6, 2, 5, 3, 4].map { sample[$0] })
        #expect(result.pages == sample)
    }
}
