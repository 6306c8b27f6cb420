import CSDL2
import Foundation
import Testing
@testable import StripsCore
@testable import StripsPictures
@testable import StripsSDL
import StripsTestSupport

/// Damaged pictures, lying headers and no display: the app finishes, names each file it cannot
/// show exactly once on standard error, shows the rest, and never floods the terminal.
@Suite struct DamagedInputTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `executable` with exactly `environment` (but the test process's own cache and state
    /// folders, `ownFolders`); output goes through files, so neither stream can fill a pipe and
    /// stall the child.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String]) throws -> Run {
        let folder = try scratch("run-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let outPath = folder.appendingPathComponent("out").path, errPath = folder.appendingPathComponent("err").path
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ownFolders(environment)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle(forWritingAtPath: outPath)
        process.standardError = FileHandle(forWritingAtPath: errPath)
        try process.run()
        process.waitUntilExit()
        let out = try String(contentsOfFile: outPath, encoding: .utf8), err = try String(contentsOfFile: errPath, encoding: .utf8)
        return Run(status: process.terminationStatus, stdout: out, stderr: err)
    }

    static func scratch(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("strips-damaged-\(name)-\(getpid())")
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Mutations that leave nothing to show, whatever the decoder: each must be named once.
    static let mustFail = ["cut1", "cut8", "zero-head", "huge-width", "zero-width", "idat-past-end", "huge-sof", "zero-sof",
                           "huge-frame", "huge-size", "xs1", "xs2", "xs4", "xs7", "xcr", "xlf", "xhd", "xc1", "xc9",
                           "xd0", "xd3", "xd9", "xdt", "xcs"]
    /// Copies that must be shown: untouched, or with a bad CRC in an ancillary chunk only.
    static let mustShow = ["pristine", "ancillary-crc"]

    @Test func damagedCorpusPagesThroughNamingEachFailureOnce() throws {
        let folder = try Self.scratch("corpus")
        defer { try? FileManager.default.removeItem(at: folder) }
        let corpus = folder.appendingPathComponent("pictures")
        let made = try Self.run("/bin/bash", [Self.repository.appendingPathComponent("Scripts/make-damaged-corpus.sh").path, corpus.path],
                                environment: ProcessInfo.processInfo.environment)
        #expect(made.status == 0, "\(made.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted()
        #expect(files.count == 199)

        // Every page in turn: it settles in focus, is drawn (so decoded) in a screenshot, and is dumped.
        let shots = folder.appendingPathComponent("shots")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        var script = "window 320 240\n"
        for page in 0..<files.count {
            let t = page * 600
            script += "at \(t + 550) screenshot \(shots.path)/\(page).png\nat \(t + 550) dump\nat \(t + 560) key Right\n"
        }
        script += "at \(files.count * 600 + 100) end\n"
        let scriptPath = folder.appendingPathComponent("corpus.strips").path
        try script.write(toFile: scriptPath, atomically: true, encoding: .utf8)

        let result = try Self.run(CommandLineTests.binary, ["photos", corpus.path, "--script", scriptPath], environment: ProcessInfo.processInfo.environment)
        #expect(result.status == 0, "\(result.stderr.prefix(2000))")

        let dumps = result.stdout.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
        #expect(dumps.count == files.count)
        #expect(dumps.map { $0["active"] as? Int ?? -2 } == Array(0..<files.count))
        #expect(dumps.allSatisfy { $0["count"] as? Int == files.count })

        // Standard error: nothing but `strips: PATH: reason` lines, each file at most once.
        let lines = result.stderr.split(separator: "\n").map(String.init)
        let prefix = "strips: \(corpus.path)/"
        let stray = lines.filter { !$0.hasPrefix(prefix) }
        #expect(stray.isEmpty, "\(stray.prefix(5))")
        var named: [String: Int] = [:]
        for line in lines where line.hasPrefix(prefix) {
            let rest = line.dropFirst(prefix.count)
            guard let colon = rest.range(of: ": ") else { continue }
            named[String(rest[..<colon.lowerBound]), default: 0] += 1
        }
        #expect(named.filter { $0.value > 1 }.isEmpty, "\(named.filter { $0.value > 1 })")
        func mutation(_ file: String) -> String? {
            guard let range = file.range(of: "--") else { return nil }
            return String((file[range.upperBound...] as Substring).split(separator: ".").first ?? "")
        }
        let failing = files.filter { file in Self.mustFail.contains(mutation(file) ?? "") } + ["empty.png"]
        #expect(failing.count == 72)
        #expect(failing.filter { named[$0] != 1 }.isEmpty, "\(failing.filter { named[$0] != 1 })")
        let shown = files.filter { Self.mustShow.contains(mutation($0) ?? "") }
        #expect(shown.count == 11)
        #expect(shown.filter { named[$0] != nil }.isEmpty, "\(shown.filter { named[$0] != nil })")
        // Small: one short line per failed file, and not every file failed.
        #expect(lines.count == named.count)
        #expect(named.count < files.count - shown.count)
        #expect(result.stderr.utf8.count < 200 * named.count)
    }

    @Test func noDisplayIsOneLineNamingHeadlessMode() throws {
        var environment = ProcessInfo.processInfo.environment
        for key in ["SDL_VIDEODRIVER", "XDG_RUNTIME_DIR"] { environment.removeValue(forKey: key) }
        environment["DISPLAY"] = ":9999"  // a server nobody runs
        environment["WAYLAND_DISPLAY"] = "strips-no-such-compositor"
        for scene in ["photos", "pizza"] {
            let result = try Self.run(CommandLineTests.binary, [scene], environment: environment)
            #expect(result.status != 0)
            #expect(result.stdout.isEmpty)
            #expect(result.stderr == "strips: \(DisplayCheck.noDisplayMessage)\n")
        }
    }

    @Test func driverAskedForByNameIsNotRefused() throws {
        // Decided from the environment alone: SDL is not started.
        #expect(throws: Never.self) { try DisplayCheck.requireDisplay(environment: ["SDL_VIDEODRIVER": "dummy"]) }
        #expect(throws: Never.self) { try DisplayCheck.requireDisplay(environment: ["SDL_VIDEODRIVER": "offscreen"]) }
    }

    // MARK: Findings of the fuzz targets (Fuzz/), kept as regression tests

    /// libFuzzer (png target): a 33-byte PNG whose header claims 16391 x 4099 16-bit RGBA made the
    /// decoder allocate and clear 268 MB before finding the data missing (a 10 s timeout under ASan).
    @Test func pngTooShortForItsPixelsIsRefusedBeforeAllocating() throws {
        let path = LoaderFixtures.root.appendingPathComponent("fuzz/png-67mp-header-only.png").path
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(bytes.count == 33)
        guard case .failure(let failure) = PNGDecoder.decode(bytes) else {
            Issue.record("decoded")
            return
        }
        #expect(failure.reason == "the file is truncated")
        #expect(failure.shape == Size(width: 16391, height: 4099))
    }

    /// libFuzzer (decode target): a GIF whose 40 x 24 screen is followed by stray bytes, then a
    /// 64105 x 8203 frame. The header reader stopped at the stray bytes and took the screen's size;
    /// SDL_image skips them, found the frame and asked for 7.7 GB. Now the frame is measured.
    @Test func gifFrameBehindStrayBytesIsMeasured() throws {
        let path = LoaderFixtures.root.appendingPathComponent("fuzz/gif-frame-behind-junk.gif").path
        let info = try ImageHeader.read(path).get()
        #expect(info.width == 64105 && info.height == 8203)
        guard case .failure(let failure) = PictureDecoder.decode(path, limit: PixelLimit(width: 100, height: 100)) else {
            Issue.record("decoded")
            return
        }
        #expect(failure.reason.hasPrefix("too large: 64105 x 8203"))
    }

    /// libFuzzer (decode target): SDL_image 2.6's GIF reader wrote out of bounds (SEGV) on this
    /// damaged 40 x 24600 frame. GIFs now go through giflib, which refuses it.
    @Test func gifThatCrashedSDLImageIsRefusedByGiflib() throws {
        let path = LoaderFixtures.root.appendingPathComponent("fuzz/gif-sdlimage-crash.gif").path
        guard case .failure(let failure) = PictureDecoder.decode(path, limit: PixelLimit(width: 100, height: 100)) else {
            Issue.record("decoded")
            return
        }
        #expect(failure.reason.hasPrefix("corrupt GIF: "))
    }

    @Test func gifThroughGiflibKeepsColoursAndTransparency() throws {
        // The 40 x 24 fixture decodes to its own size, opaque.
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: LoaderFixtures.format("gif"))))
        let picture = try GIFDecoder.decode(bytes).get()
        #expect(picture.width == 40 && picture.height == 24 && picture.format == .bgra)
        #expect(picture.bytes[3] == 0xFF)
    }

    /// libFuzzer (header target): a file that merely mentions "<svg" reached SDL_image's SVG
    /// loader through the old probe (which leaked 16 bytes, suppressed in Fuzz/lsan.supp).
    /// libFuzzer (sdlimage target): SDL_image's XCF loader asked for 2^57 bytes on a lying header.
    /// Now only formats measured from their headers reach SDL_image, each by its own loader; XCF,
    /// whose layers have sizes of their own, is not opened at all.
    @Test func unmeasuredFormatsNeverReachSDLImage() throws {
        let svg = LoaderFixtures.root.appendingPathComponent("fuzz/svg-malformed.webp").path
        #expect(ImageHeader.read(svg) == .failure(ImageFailure("not a picture: unknown file format")))
        let xcf = LoaderFixtures.root.appendingPathComponent("fuzz/xcf-lying-size.xcf").path
        #expect(ImageHeader.read(xcf) == .failure(ImageFailure("not a picture: unknown file format")))
        guard case .failure(let failure) = PictureDecoder.decode(xcf, limit: PixelLimit(width: 100, height: 100)) else {
            Issue.record("decoded")
            return
        }
        #expect(failure.reason == "not a picture: unknown file format")
    }

    /// libFuzzer (decode target): a 29-byte TGA claiming 8224 x 8736 pixels (72 MP, under the 100 MP
    /// limit) had SDL_image allocate 287 MB before finding the data short. No TGA can hold more than
    /// 128 pixels a byte: it is refused first.
    @Test func aTGATooShortForItsSizeNeverReachesSDLImage() throws {
        let path = LoaderFixtures.root.appendingPathComponent("fuzz/tga-lying-size.tga").path
        let info = try ImageHeader.read(path).get()
        #expect(info.width == 8224 && info.height == 8736)
        guard case .failure(let failure) = PictureDecoder.decode(path, limit: PixelLimit(width: 100, height: 100)) else {
            Issue.record("decoded")
            return
        }
        #expect(failure.reason.hasPrefix("the file is truncated or its header is damaged"))
    }

    /// libFuzzer (sdlimage target): "P1 11#911119111..." is 11 x 911119111 to SDL_image (its
    /// number reader drops the '#' after "11", so the comment is not one), and it asked for 10.9 GB.
    @Test func pnmIsMeasuredAsSDLImageReadsIt() throws {
        let path = LoaderFixtures.root.appendingPathComponent("fuzz/pnm-comment-after-number.pbm").path
        let info = try ImageHeader.read(path).get()
        #expect(info.width == 11 && info.height == 911_119_111)
        #expect(info.sizeProblem != nil)
        #expect(PictureSignature.measure(.pnm, Array("P6\n# made by a scanner\n640 480\n255\n".utf8))! == (640, 480))
    }

    // MARK: Header readers that keep lying sizes away from the decoders

    /// A minimal little- or big-endian TIFF: one directory with ImageWidth and ImageLength.
    static func tiff(width: UInt32, height: UInt32, bigEndian: Bool) -> [UInt8] {
        func u16(_ v: UInt16) -> [UInt8] { bigEndian ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func u32(_ v: UInt32) -> [UInt8] { let b = (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) }; return bigEndian ? b.reversed() : b }
        var bytes: [UInt8] = bigEndian ? Array("MM".utf8) + u16(42) : Array("II".utf8) + u16(42)
        bytes += u32(8) + u16(2)
        bytes += u16(256) + u16(4) + u32(1) + u32(width)
        bytes += u16(257) + u16(3) + u32(1) + u16(UInt16(truncatingIfNeeded: height)) + [0, 0]
        return bytes + u32(0)
    }

    @Test(arguments: [false, true]) func tiffHeaderGivesTheSizeWithoutDecoding(bigEndian: Bool) throws {
        let folder = try Self.scratch("tiff-\(bigEndian ? "mm" : "ii")")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("scan.tif").path
        _ = FileManager.default.createFile(atPath: path, contents: Data(Self.tiff(width: 70000, height: 1200, bigEndian: bigEndian)))
        let info = try ImageHeader.read(path).get()
        #expect(info.format == .tiff)
        #expect(info.width == 70000 && info.height == 1200)
        #expect(info.sizeProblem != nil)
        guard case .failure(let failure) = PictureDecoder.decode(path, limit: PixelLimit(width: 100, height: 100)) else {
            Issue.record("a 70000-pixel-wide TIFF was decoded")
            return
        }
        #expect(failure.reason.hasPrefix("too large: 70000 x 1200"))
    }

    @Test func pngWithDamagedSignatureNeverReachesSDLImage() throws {
        let folder = try Self.scratch("signature")
        defer { try? FileManager.default.removeItem(at: folder) }
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: LoaderFixtures.format("png"))))
        bytes[7] = 0x20  // PngSuite's xs7: the last signature byte is a space
        let path = folder.appendingPathComponent("xs7.png").path
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        #expect(ImageHeader.read(path) == .failure(ImageFailure("corrupt PNG: damaged signature")))
    }
}
