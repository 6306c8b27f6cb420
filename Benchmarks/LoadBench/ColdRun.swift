import Foundation
import StripsCore
import StripsPhotos
import StripsPictures
import StripsSDL

/// `--json --cold --folder DIR`: one cold open of a folder of scans, measured in child processes
/// (each its own memory and its own empty thumbnail cache), next to what the machine's own tools
/// do with the same files in the same run, printed as one JSON line.
enum ColdRun {
    /// What one open shows (child `coldopen`): the window's first frame and thumbnails, then the
    /// whole-strip fling and what is still paper where it rests.
    struct Open: Codable {
        var firstFrame: Double
        var thumbnailsInView: Double
        var flingFrames: Int
        var flingThumbnails: Int
        var flingPlaceholders: Int
        /// Cells in view (thumbnails and the preview) still drawn as paper 100 ms after the fling rests.
        var placeholdersAtRest: Int
        /// Seconds from the fling's rest to the first frame with nothing in view as paper (0: the
        /// frame it rested on).
        var restToComplete: Double
        var peakRSS: Double
        var peakTexturesMiB: Double
    }

    /// Every page's thumbnail through the app's decode path (child `allready`).
    struct AllReady: Codable {
        var seconds: Double
        /// Processor time (user and system, every thread): what a loaded machine does not inflate.
        var cpuSeconds: Double
        var decoded: Int
        var failed: Int
        var workers: Int
        var peakRSS: Double
    }

    /// Paging through a document with Right, a page every `framesPerPage` frames (child `paging`).
    struct Paging: Codable {
        var pages: Int
        var frames: Int
        /// Preview pictures drawn as paper, summed over every frame.
        var previewPlaceholders: Int
        var peakRSS: Double
        var peakTexturesMiB: Double
    }

    /// Pages turned at a brisk reader's pace: one every 200 ms.
    static let framesPerPage = 12

    static func paging(folder: String, pages count: Int, window: Size, textures: TextureOptions) throws -> Paging {
        let files = Array(try DocumentLoader.imageFiles(in: [folder]).prefix(count))
        let pages = DocumentLoader.pages(for: files, reader: textures.reader) { _ in }
        var stepper = FrameStepper(scene: PhotosScene(documentName: "Bench", pages: pages, windowSize: window, measurer: ApproximateTextMeasurer()))
        let renderer = try OffscreenRenderer(fonts: nil, textures: textures)
        let interval = FrameStepper<PhotosScene>.interval
        var t = 0.0, frames = 0, paper = 0
        for page in 0..<pages.count {
            if page > 0 { stepper.deliver(.key(Key(.right)), at: t) }
            for _ in 0..<framesPerPage {
                let start = now()
                t += interval
                try renderer.render(stepper.step(at: t))
                paper += renderer.lastDrawList.placeholders[.full] ?? 0
                frames += 1
                renderer.waitForDecodes(timeout: max(0, interval - (now() - start)))
            }
        }
        return Paging(pages: pages.count, frames: frames, previewPlaceholders: paper, peakRSS: peakRSS(),
                      peakTexturesMiB: Double(renderer.peakTextureBytes) / Double(1 << 20))
    }

    /// The 100 ms after rest, in 60 Hz frames.
    static let afterRestFrames = 6

    static func open(folder: String, window: Size, textures: TextureOptions) throws -> Open {
        let fonts = FontBook()
        let t0 = now()
        let pages = DocumentLoader.pages(for: try DocumentLoader.imageFiles(in: [folder]), reader: textures.reader) { _ in }
        var stepper = FrameStepper(scene: PhotosScene(documentName: "Bench", pages: pages, windowSize: window,
                                                      measurer: fonts ?? ApproximateTextMeasurer()))
        let renderer = try OffscreenRenderer(fonts: fonts, textures: textures)
        let interval = FrameStepper<PhotosScene>.interval
        var t = 0.0
        var frame = stepper.step(at: t)
        try renderer.render(frame)
        let firstFrame = now() - t0
        func thumbnails(_ frame: Frame) -> [ImageRef] {
            frame.pictures.filter { $0.drawnAt != nil && $0.image.variant == .thumbnail }.map(\.image)
        }
        while !thumbnails(frame).allSatisfy(renderer.isResolved) {
            renderer.waitForDecodes(timeout: interval)
            t += interval
            frame = stepper.step(at: t)
            try renderer.render(frame)
        }
        let inView = now() - t0

        // The fling: the thumbnail strip dragged 370 pt a frame (ten pages) to the end, let go,
        // each frame paced at 60 Hz on the wall clock (decodes run meanwhile).
        let strip = stepper.scene.geometry.thumbnails
        var x = strip.maxX - 20
        stepper.deliver(.pointerDown(Point(x: x, y: strip.midY)), at: t)
        var frames = 0, drawn = 0, paper = 0
        func paced(_ body: () throws -> Void) rethrows {
            let start = now()
            try body()
            renderer.waitForDecodes(timeout: max(0, interval - (now() - start)))
        }
        while stepper.scene.strips.focusIndex < stepper.scene.pages.count - 1 && frames < 5000 {
            try paced {
                t += interval
                x -= 370
                stepper.deliver(.pointerMove(Point(x: x, y: strip.midY)), at: t)
                frame = stepper.step(at: t)
                try renderer.render(frame)
                drawn += renderer.lastDrawList.shown[.thumbnail] ?? 0
                paper += renderer.lastDrawList.placeholders[.thumbnail] ?? 0
                frames += 1
            }
        }
        stepper.deliver(.pointerUp(Point(x: x, y: strip.midY)), at: t)
        while !frame.isIdle {
            try paced {
                t += interval
                frame = stepper.step(at: t)
                try renderer.render(frame)
                drawn += renderer.lastDrawList.shown[.thumbnail] ?? 0
                paper += renderer.lastDrawList.placeholders[.thumbnail] ?? 0
                frames += 1
            }
        }
        let rested = now()
        func placeholders() -> Int { renderer.lastDrawList.placeholders.values.reduce(0, +) }
        // The frame it rested on may already be complete; else the first one after that is.
        var complete: Double? = placeholders() == 0 ? 0 : nil
        func step() throws {
            try paced {
                t += interval
                frame = stepper.step(at: t)
                try renderer.render(frame)
            }
            if complete == nil, placeholders() == 0 { complete = now() - rested }
        }
        for _ in 0..<afterRestFrames { try step() }
        let atRest = placeholders()
        while complete == nil && now() - rested < 60 { try step() }
        return Open(firstFrame: firstFrame, thumbnailsInView: inView, flingFrames: frames, flingThumbnails: drawn, flingPlaceholders: paper,
                    placeholdersAtRest: atRest, restToComplete: complete ?? 60, peakRSS: peakRSS(),
                    peakTexturesMiB: Double(renderer.peakTextureBytes) / Double(1 << 20))
    }

    /// Every page's thumbnail asked of the decode workers at once, as the texture cache asks for
    /// the ones it needs: a decode at the thumbnail texture's size that writes the shared cache's
    /// entry (cold: the cache starts empty), on every worker.
    static func allReady(folder: String, reader: PageReader, workers: Int) throws -> AllReady {
        let t0 = now()
        let pages = DocumentLoader.pages(for: try DocumentLoader.imageFiles(in: [folder]), reader: reader) { _ in }
        let queue = DecodeQueue(workers: workers, reader: reader)
        defer { queue.stop() }
        let limit = PixelLimit(width: 160 * 5, height: 160)
        queue.want(pages.map { DecodeQueue.Job(ref: $0.picture(.thumbnail), limit: limit, stage: .decode) })
        var decoded = 0, failed = 0
        while decoded + failed < pages.count {
            queue.waitUntilSettled(timeout: 0.05)
            for done in queue.takeFinished() {
                if case .success? = done.picture.result { decoded += 1 } else { failed += 1 }
            }
        }
        return AllReady(seconds: now() - t0, cpuSeconds: Tool.cpuSeconds(Tool.ofSelf), decoded: decoded, failed: failed, workers: workers,
                        peakRSS: peakRSS())
    }

    /// The same thumbnails by the machine's own tools, one stream per core: libjpeg-turbo's
    /// `djpeg -scale 1/8` (the decode alone, the floor for any JPEG thumbnailer), and libvips'
    /// `vipsthumbnail` (a whole thumbnailer: shrink-on-load, resize, write). Nil when not installed.
    /// Wall and processor seconds of each, or nil when the tool is not installed. They run at the
    /// decode workers' priority (nice 10), so a machine shared with other work slows both alike.
    /// Each command is wrapped so that a damaged scan's error never stops xargs (it would, at exit
    /// status 255).
    static func baselines(folder: String, cores: Int, scratch: String) -> (djpeg: (wall: Double, cpu: Double)?, vips: (wall: Double, cpu: Double)?) {
        let list = "find '\(folder)' -maxdepth 1 -name '*.jpg' -print0"
        let djpeg = Tool.available("djpeg")
            ? Tool.time("\(list) | nice -n 10 xargs -0 -P \(cores) -n 1 sh -c 'djpeg -scale 1/8 -outfile /dev/null \"$0\" || true'") : nil
        try? FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        let vips = Tool.available("vipsthumbnail")
            ? Tool.time("\(list) | nice -n 10 xargs -0 -P \(cores) -n 50 sh -c 'vipsthumbnail -s 256 -o \"\(scratch)/%s.png\" \"$@\" || true' vips") : nil
        try? FileManager.default.removeItem(atPath: scratch)
        return (djpeg, vips)
    }
}

/// Outside programs the benchmarks compare with, run through the shell.
enum Tool {
    static func available(_ name: String) -> Bool { run("command -v \(name) >/dev/null 2>&1") == 0 }

    /// Seconds the command took, on the wall clock and in processor time of all it ran (its own
    /// errors, such as the broken scans, are ignored).
    static func time(_ command: String) -> (wall: Double, cpu: Double) {
        let start = now(), cpu = cpuSeconds(Tool.ofChildren)
        _ = run(command + " >/dev/null 2>&1")
        return (now() - start, cpuSeconds(Tool.ofChildren) - cpu)
    }

    /// getrusage's RUSAGE_SELF and RUSAGE_CHILDREN (sys/resource.h, which Foundation does not bring).
    static let ofSelf: Int32 = 0, ofChildren: Int32 = -1

    /// User and system processor seconds of this process (`ofSelf`) or of the children it has
    /// waited for (`ofChildren`).
    static func cpuSeconds(_ who: Int32) -> Double {
        var usage = rusage()
        getrusage(who, &usage)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    @discardableResult
    static func run(_ command: String) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        do { try process.run() } catch { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
