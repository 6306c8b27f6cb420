// strips-bench-load: how fast a folder of 12 MP phone scans opens, and what it costs in memory,
// with Strips' loader (header sizes, scaled decoding on worker threads, texture budget) and with
// a naive loader (every page fully decoded before the first frame). Headless: SDL's software
// renderer into an offscreen surface, no display needed. Printed numbers, not a timed test.
// `--help` lists the options; `--json --cold` is the one-line form docs/PERFORMANCE.md quotes.
//
// Each measurement runs in a child process of its own, so peak resident memory is its own.
import CSDL2
import CTurboJPEG
import Foundation
import StripsCore
import StripsPhotosFeatures
import StripsPhotos
import StripsPDF
import StripsPictures
import StripsSDL

/// One line on standard output, at once (progress shows while the benchmark runs).
func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

let usage = """
    strips-bench-load: opening folders of synthetic 4000x3000 JPEG scans (every second one EXIF-rotated,
    2 in 100 broken), headless, each measurement in a child process of its own.

      strips-bench-load [--pages 100,1000] [--no-naive] [--no-pdf] [--thumbnail-pages N] [--thumbnails-only]
      strips-bench-load --json --cold [--folder DIR] [--thumbnail-pages N]
      strips-bench-load --frame-work [--turned] [--folder DIR]

    --json --cold     one JSON line: a cold open of DIR (empty thumbnail cache): first_frame_s,
                      thumbnails_in_view_s, thumbnails_all_ready_s (every page's thumbnail through the
                      app's decode path on every worker), the whole-strip fling's placeholder share and
                      placeholders_at_rest (cells in view still paper 100 ms after it rests), peak RSS;
                      next to djpeg -scale 1/8 and vipsthumbnail on the same files, one stream per core,
                      in the same run, with the ratios. DIR is filled with N scans when it holds none
                      (kept for the next run); without --folder a scratch folder is used and removed.
    --pages A,B       page counts of the open table (default 100,1000)
    --budget MIB      texture budget (default: follows the window)
    --workers N       decode workers (default: one per core)
    --folder DIR      where the scans are written (or, with --json, read)
    --no-naive        skip the naive loader (0.1 s a page)
    --no-pdf          skip the 500-page PDF
    --thumbnail-pages N   pages of the thumbnail cache table and of --json (default 1000)
    --thumbnails-only only the thumbnail cache table
    --frame-work      only the frame's work at 10, 1,000 and 20,000 pages (folders of symlinks to one scan):
                      counts per frame (exit 1 when one grows from 1,000 to 20,000 pages), the CPU time of
                      100 thumbnail flings at 10 and 20,000 pages, a 36- and a 504-page PDF to the first frame
    --turned          with --frame-work: every page judged answers as read a quarter turned (sure), so each
                      is turned upright by itself as it comes on screen (one edit a rest, with its animation)
    --help            this text
    """

struct Options {
    var pages = [100, 1000]
    var budgetMiB: Int?
    var workers = TextureOptions.defaultWorkers
    var folder: String?
    var child: String?
    var childPages = 0
    /// The naive loader takes about 0.1 s a page; --no-naive skips it for quick runs.
    var naive = true
    var thumbnailPages = 1000
    var thumbnailsOnly = false
    var cache: String?
    var fill = false
    var pdf = true
    var json = false
    var cold = false
    var frameWork = false
    var turned = false

    init(_ arguments: [String]) {
        var args = arguments.makeIterator()
        while let arg = args.next() {
            switch arg {
            case "--pages": pages = (args.next() ?? "").split(separator: ",").compactMap { Int($0) }
            case "--budget": budgetMiB = Int(args.next() ?? "")
            case "--workers": workers = Int(args.next() ?? "") ?? workers
            case "--folder": folder = args.next()
            case "--no-naive": naive = false
            case "--thumbnail-pages": thumbnailPages = Int(args.next() ?? "") ?? thumbnailPages
            case "--thumbnails-only": thumbnailsOnly = true
            case "--cache": cache = args.next()
            case "--fill": fill = true
            case "--no-pdf": pdf = false
            case "--json": json = true
            case "--cold": cold = true
            case "--frame-work": frameWork = true
            case "--turned": turned = true
            case "--help", "-h":
                print(usage)
                exit(0)
            case "--child": child = args.next()
            case "--count": childPages = Int(args.next() ?? "") ?? 0
            default:
                FileHandle.standardError.write(Data("strips-bench-load: unknown option \(arg) (see --help)\n".utf8))
                exit(2)
            }
        }
    }
}

let window = Size(width: 1024, height: 768)
func now() -> Double { ProcessInfo.processInfo.systemUptime }

/// Peak resident memory of this process so far, in MiB.
func peakRSS() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
}

// MARK: Generating the scans

let scanWidth = 4000, scanHeight = 3000

/// A 4000 x 3000 "scan": paper with lines of dark text-like marks and a little noise, as JPEG.
func makeScan(seed: UInt32) -> [UInt8] {
    guard let jpeg = ExifScan.encode(scanPixels(seed: seed), width: scanWidth, height: scanHeight, quality: 85) else {
        stop("cannot encode the synthetic scan")
    }
    return jpeg
}

/// The same scan with an EXIF thumbnail (and orientation), as phones and scanners write them.
func makeExifScan(seed: UInt32, orientation: UInt16) -> [UInt8] {
    let pixels = scanPixels(seed: seed)
    guard let jpeg = ExifScan.encode(pixels, width: scanWidth, height: scanHeight, quality: 85),
          let thumbnail = ExifScan.thumbnail(of: pixels, width: scanWidth, height: scanHeight) else {
        stop("cannot encode the synthetic scan")
    }
    return ExifScan.withThumbnail(jpeg, thumbnail: thumbnail, orientation: orientation)
}

/// The scan's RGB pixels.
func scanPixels(seed: UInt32) -> [UInt8] {
    let w = scanWidth, h = scanHeight
    var pixels = [UInt8](repeating: 0, count: w * h * 3)
    var generator = SeededRandom(seed: UInt64(seed))
    func random() -> UInt32 { UInt32(truncatingIfNeeded: generator.next() >> 32) }
    for y in 0..<h {
        let line = (y / 60) % 2 == 1 && y % 60 > 18 && y % 60 < 42 && y > 200 && y < h - 200
        for x in 0..<w {
            let i = (y * w + x) * 3
            var v = 236 + Int(random() % 12)
            if line && x > 220 && x < w - 220 && ((x / 37 + y / 60 + Int(seed)) % 7 != 0) && (x % 37 < 30) { v = 40 + Int(random() % 40) }
            pixels[i] = UInt8(v)
            pixels[i + 1] = UInt8(v - 4)
            pixels[i + 2] = UInt8(v - 16)
        }
    }
    return pixels
}

/// The same JPEG with an EXIF block saying "turn 90 degrees clockwise" (orientation 6).
func withOrientation6(_ jpeg: [UInt8]) -> [UInt8] {
    var tiff: [UInt8] = Array("II*\0".utf8) + [8, 0, 0, 0, 1, 0]
    tiff += [0x12, 0x01, 3, 0, 1, 0, 0, 0, 6, 0, 0, 0, 0, 0, 0, 0]
    let payload = Array("Exif\0\0".utf8) + tiff
    let length = payload.count + 2
    return Array(jpeg[0..<2]) + [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + Array(jpeg[2...])
}

/// N pages, page1.jpg ... pageN.jpg, copied from two encoded scans; a few are broken.
func generate(count: Int, in folder: String, scans: [[UInt8]]) throws -> Int {
    try? FileManager.default.removeItem(atPath: folder)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    var broken = 0
    for i in 1...count {
        var bytes = scans[i % scans.count]
        if i % 50 == 17 {
            switch broken % 3 {
            case 0: bytes = Array(bytes.prefix(bytes.count / 3))                         // truncated
            case 1: bytes = []                                                           // empty
            default: bytes = (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) }  // not a picture
            }
            broken += 1
        }
        guard FileManager.default.createFile(atPath: "\(folder)/page\(i).jpg", contents: Data(bytes)) else {
            throw CocoaError(.fileWriteUnknown)
        }
    }
    return broken
}

// MARK: One measurement (child process)

struct Measurement: Codable {
    var firstFrame: Double
    var thumbnailsShown: Double
    var peakRSSOpen: Double
    var peakRSSFling: Double?
    var peakTexturesMiB: Double?
    var flingFrames: Int?
    var slowestFlingFrame: Double?
}

/// The pictures a frame draws (not those it prefetches).
func visibleRefs(_ frame: Frame) -> [ImageRef] {
    frame.pictures.filter { $0.drawnAt != nil }.map(\.image)
}

func measure(naive: Bool, folder: String, options: Options) throws -> Measurement {
    try SDLSystem.start(video: false)
    let fonts = FontBook()
    let t0 = now()
    let reader = PageReader(pdf: PDFPages())
    let files = try DocumentLoader.imageFiles(in: [folder])
    let listed = now() - t0
    let pages: [Page]
    if naive {
        // The old loader: every file fully decoded to learn its size, before the first frame.
        pages = files.enumerated().map { i, path in
            var size = DocumentLoader.fallbackSize
            if case .success(let picture) = PictureDecoder.decodeStored(path) {
                size = Size(width: Double(picture.width), height: Double(picture.height))
            }
            return Page(id: "page\(i)", path: path, pixelSize: size)
        }
    } else {
        pages = DocumentLoader.pages(for: files, reader: reader) { _ in }
    }
    let sized = now() - t0
    FileHandle.standardError.write(Data(String(format: "%@ %d: listed %.3f s, sized %.3f s\n", naive ? "naive" : "strips", files.count, listed, sized).utf8))
    let scene = PhotosScene(documentName: "Bench", pages: pages, windowSize: window, measurer: fonts ?? ApproximateTextMeasurer())
    var stepper = FrameStepper(scene: scene)
    let textures = TextureOptions(reader: reader, budget: options.budgetMiB.map { $0 << 20 }, decode: naive ? .sync : .async, workers: options.workers)
    let renderer = try OffscreenRenderer(fonts: fonts, textures: textures)
    var t = 0.0
    var frame = stepper.step(at: t)
    try renderer.render(frame)
    let firstFrame = now() - t0
    // Frames at about 60 Hz (a frame waits at most 1/60 s for decodes) until every visible picture is shown.
    while !visibleRefs(frame).allSatisfy(renderer.isResolved) {
        renderer.waitForDecodes(timeout: FrameStepper<PhotosScene>.interval)
        t += FrameStepper<PhotosScene>.interval
        frame = stepper.step(at: t)
        try renderer.render(frame)
    }
    let shown = now() - t0
    let openRSS = peakRSS()
    guard !naive else { return Measurement(firstFrame: firstFrame, thumbnailsShown: shown, peakRSSOpen: openRSS) }

    // Fling through the whole document: drag the thumbnail strip ten pages a frame, then let go.
    let strip = stepper.scene.geometry.thumbnails
    var x = strip.maxX - 20
    stepper.deliver(.pointerDown(Point(x: x, y: strip.midY)), at: t)
    var frames = 0, slowest = 0.0
    while stepper.scene.strips.focusIndex < stepper.scene.pages.count - 1 && frames < 5000 {
        let start = now()
        t += FrameStepper<PhotosScene>.interval
        x -= 370
        stepper.deliver(.pointerMove(Point(x: x, y: strip.midY)), at: t)
        frame = stepper.step(at: t)
        try renderer.render(frame)
        slowest = max(slowest, now() - start)
        frames += 1
        renderer.waitForDecodes(timeout: max(0, FrameStepper<PhotosScene>.interval - (now() - start)))
    }
    stepper.deliver(.pointerUp(Point(x: x, y: strip.midY)), at: t)
    while !frame.isIdle || !visibleRefs(frame).allSatisfy(renderer.isResolved) {
        renderer.waitForDecodes(timeout: FrameStepper<PhotosScene>.interval)
        t += FrameStepper<PhotosScene>.interval
        frame = stepper.step(at: t)
        try renderer.render(frame)
    }
    return Measurement(firstFrame: firstFrame, thumbnailsShown: shown, peakRSSOpen: openRSS, peakRSSFling: peakRSS(),
                       peakTexturesMiB: Double(renderer.peakTextureBytes) / Double(1 << 20), flingFrames: frames,
                       slowestFlingFrame: slowest)
}

// MARK: Driver

let options = Options(Array(CommandLine.arguments.dropFirst()))
if let child = options.child, let folder = options.folder {
    let reader = PageReader(thumbnailCache: options.cache.map { ThumbnailCache(root: $0) }, pdf: PDFPages())
    let textures = TextureOptions(reader: reader, budget: options.budgetMiB.map { $0 << 20 }, decode: .async, workers: options.workers)
    if child == "coldopen" {
        try SDLSystem.start(video: false)
        say(String(decoding: try JSONEncoder().encode(try ColdRun.open(folder: folder, window: window, textures: textures)), as: UTF8.self))
        exit(0)
    }
    if child == "paging" {
        try SDLSystem.start(video: false)
        say(String(decoding: try JSONEncoder().encode(try ColdRun.paging(folder: folder, pages: options.childPages, window: window,
                                                                         textures: textures)), as: UTF8.self))
        exit(0)
    }
    if child == "allready" {
        say(String(decoding: try JSONEncoder().encode(try ColdRun.allReady(folder: folder, reader: reader, workers: options.workers)), as: UTF8.self))
        exit(0)
    }
    if child == "thumbnails" {
        try SDLSystem.start(video: false)
        let result = try ThumbnailRun(window: window, textures: textures).measure(folder: folder, fill: options.fill)
        say(String(decoding: try JSONEncoder().encode(result), as: UTF8.self))
        exit(0)
    }
    let result = try measure(naive: child == "naive", folder: folder, options: options)
    say(String(decoding: try JSONEncoder().encode(result), as: UTF8.self))
    exit(0)
}

let root = options.folder ?? FileManager.default.temporaryDirectory.appendingPathComponent("strips-bench-load-\(getpid())").path
let started = now()
let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
if options.json {
    try ColdDriver(options: options, root: root, executable: executable).run()
    exit(0)
}
if options.frameWork {
    FrameWorkRun.everyPageTurned = options.turned
    let passed = try FrameWorkRun.report(root: root, picture: makeScan(seed: 1))
    if options.folder == nil { try? FileManager.default.removeItem(atPath: root) }
    exit(passed ? 0 : 1)
}
say("strips-bench-load: synthetic 4000x3000 JPEG scans (every second one EXIF-rotated), 2 broken per 100 pages")
var generation = now()
let plain = makeScan(seed: 1)
let scans = [plain, withOrientation6(makeScan(seed: 2))]
say(String(format: "encoded 2 scans of %.1f MB each in %.1f s", Double(plain.count) / 1e6, now() - generation))

func runChild(_ loader: String, folder: String, count: Int) throws -> Measurement {
    try JSONDecoder().decode(Measurement.self, from: childOutput(["--child", loader, "--folder", folder, "--count", "\(count)"]))
}

func childOutput(_ arguments: [String]) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments + (options.budgetMiB.map { ["--budget", "\($0)"] } ?? []) + ["--workers", "\(options.workers)"]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw CocoaError(.executableLoad) }
    return data
}

var rows: [(count: Int, ours: Measurement, naive: Measurement?)] = []
for count in options.thumbnailsOnly ? [] : options.pages {
    let folder = "\(root)/\(count)"
    generation = now()
    let broken = try generate(count: count, in: folder, scans: scans)
    say(String(format: "%d pages (%d broken) written in %.1f s", count, broken, now() - generation))
    let ours = try runChild("ours", folder: folder, count: count)
    let naive = options.naive ? try runChild("naive", folder: folder, count: count) : nil
    rows.append((count, ours, naive))
    try? FileManager.default.removeItem(atPath: folder)
}
let cores = ProcessInfo.processInfo.activeProcessorCount
if !rows.isEmpty {
say("")
say("window \(Int(window.width))x\(Int(window.height)), offscreen software renderer, texture budget \(options.budgetMiB.map { "\($0) MiB" } ?? "following the window"), "
      + "\(options.workers) decode worker(s), \(cores) cores")
say("pages  loader   first frame   thumbnails shown   peak RSS (open)   fling: peak RSS   peak textures   slowest fling frame")
for row in rows {
    let o = row.ours, n = row.naive
    say(String(format: "%5d  strips  %@     %@        %@      %@    %@    %@", row.count, seconds(o.firstFrame), seconds(o.thumbnailsShown),
                 mib(o.peakRSSOpen), mib(o.peakRSSFling), mib(o.peakTexturesMiB),
                 o.slowestFlingFrame.map { String(format: "%6.1f ms (%d frames)", $0 * 1000, o.flingFrames ?? 0) } ?? "-"))
    guard let n else { continue }
    say(String(format: "%5d  naive   %@     %@        %@      %@    %@    %@", row.count, seconds(n.firstFrame), seconds(n.thumbnailsShown),
               mib(n.peakRSSOpen), mib(nil), mib(nil), "-"))
}
for row in rows {
    guard let naive = row.naive else { continue }
    say(String(format: "%d pages: first frame %.0fx sooner, thumbnails shown %.1fx sooner than the naive loader",
               row.count, naive.firstFrame / row.ours.firstFrame, naive.thumbnailsShown / row.ours.thumbnailsShown))
}
}

// MARK: Thumbnail cache and EXIF thumbnails

if options.thumbnailPages > 0 {
    let count = options.thumbnailPages
    let exifScans = [makeExifScan(seed: 1, orientation: 1), makeExifScan(seed: 2, orientation: 6)]
    let plainFolder = "\(root)/thumbs-plain", exifFolder = "\(root)/thumbs-exif"
    _ = try generate(count: count, in: plainFolder, scans: scans)
    _ = try generate(count: count, in: exifFolder, scans: exifScans)
    func thumbnailChild(_ folder: String, cache: String, fill: Bool = false) throws -> ThumbnailMeasurement {
        try JSONDecoder().decode(ThumbnailMeasurement.self, from: childOutput(
            ["--child", "thumbnails", "--folder", folder, "--cache", cache] + (fill ? ["--fill"] : [])))
    }
    let cold = try thumbnailChild(plainFolder, cache: "\(root)/cache-plain", fill: true)
    let exif = try thumbnailChild(exifFolder, cache: "\(root)/cache-exif")
    let warm = try thumbnailChild(plainFolder, cache: "\(root)/cache-plain")
    say("")
    say("\(count) scans, thumbnail cache at \(root)/cache-*, \(options.workers) decode worker(s), \(cores) cores")
    say("                                                     cold      EXIF thumbnails   warm")
    func row(_ name: String, _ value: (ThumbnailMeasurement) -> String) {
        say(name.padding(toLength: 48, withPad: " ", startingAt: 0) + [cold, exif, warm].map { value($0).leftPad(14) }.joined(separator: "  "))
    }
    row("thumbnails in the window shown (s)") { String(format: "%.3f", $0.shown) }
    row("thumbnails in the window final (s)") { String(format: "%.3f", $0.ready) }
    row("fling: thumbnail cells drawn as placeholders") { String(format: "%.1f %%", $0.placeholderShare * 100) }
    row("fling: placeholder draws / thumbnail draws") { "\($0.flingPlaceholders) / \($0.flingThumbnails)" }
    row("fling frames") { "\($0.flingFrames)" }
    row("large entries in the cache after the run") { "\($0.cacheEntries)" }
    for folder in [plainFolder, exifFolder] { try? FileManager.default.removeItem(atPath: folder) }
}
if options.pdf && !options.thumbnailsOnly {
    let folder = "\(root)/pdf"
    generation = now()
    let pdf = try PDFRun.write(in: folder)
    say(String(format: "\n%d-page letter PDF (text and vector figures) written in %.1f s", PDFRun.pageCount, now() - generation))
    let opened = try runChild("ours", folder: folder, count: PDFRun.pageCount)
    let render = PDFRun.previewRenderMilliseconds(pdf)
    say("pages  document        first frame   thumbnails shown   peak RSS (open)   fling: peak RSS   slowest fling frame")
    say(String(format: "%5d  one PDF        %@     %@        %@      %@    %@", PDFRun.pageCount, seconds(opened.firstFrame),
               seconds(opened.thumbnailsShown), mib(opened.peakRSSOpen), mib(opened.peakRSSFling),
               opened.slowestFlingFrame.map { String(format: "%6.1f ms (%d frames)", $0 * 1000, opened.flingFrames ?? 0) } ?? "-"))
    say(String(format: "one letter page rendered for the 1024x768 preview: %.1f ms the first (opens the file), median %.1f ms after",
               render.first, render.median))
    try? FileManager.default.removeItem(atPath: folder)
}
let frameWorkPassed = options.thumbnailsOnly ? true : try FrameWorkRun.report(root: "\(root)/frame-work", picture: plain)
if options.folder == nil { try? FileManager.default.removeItem(atPath: root) }
say(String(format: "total %.0f s", now() - started))
if !frameWorkPassed { exit(1) }

extension String {
    func leftPad(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}

func seconds(_ s: Double) -> String { String(format: "%8.3f s", s) }
func mib(_ m: Double?) -> String { m.map { String(format: "%8.0f MiB", $0) } ?? "           -" }

/// One line on standard error and a non-zero exit: the bench cannot go on.
func stop(_ message: String) -> Never {
    FileHandleOutput.standardError("strips-bench-load: \(message)")
    exit(1)
}
