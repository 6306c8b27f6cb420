import ArgumentParser
import StripsBench
import StripsCore
import StripsPhotosFeatures
import StripsPhotos
import StripsPictures
import StripsSDL

/// `strips bench`: how much a frame costs, and how that grows with the document. Prints the
/// tables of docs/PERFORMANCE.md in one run. The workloads are in the StripsBench target; only
/// the clock is here (the core never reads one).
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: tr("Measure per-frame layout, scene and rendering cost (use a release build)."),
        discussion: "Reproduce with: swift run -c release strips bench")

    @Flag(name: .long, help: ArgumentHelp(tr("Fewer repetitions: a rough table in a few seconds.")))
    var quick = false

    @Option(name: .long, parsing: .upToNextOption, help: ArgumentHelp(tr("Page counts of the scene table (section 2).")))
    var scenePages: [Int] = [10, 1_000, 100_000]

    @Flag(name: .long, help: ArgumentHelp(tr("Only the scene table (section 2), e.g. for a profiler.")))
    var sceneOnly = false

    @Flag(name: .long, help: ArgumentHelp(tr("Only the search field table (section 4).")))
    var searchOnly = false

    func run() throws {
        #if DEBUG
        print("note: this is a debug build; numbers are only meaningful with -c release\n")
        #endif
        let budget = quick ? 0.05 : 0.6
        var checksum = 0.0

        if searchOnly {
            searchFieldTable(budget: budget, checksum: &checksum)
            return
        }
        if !sceneOnly { layoutTable(budget: budget, checksum: &checksum) }
        sceneTable(checksum: &checksum)
        if !sceneOnly { try flingTable(checksum: &checksum) }
        if !sceneOnly { searchFieldTable(budget: budget, checksum: &checksum) }
        if checksum.isNaN { print("checksum \(checksum)") }
    }

    /// 4. The search field's query cut to its room, per frame: ours (growing tails, then a binary
    /// search) against the cut it replaced (a character dropped at a time, the rest re-measured).
    func searchFieldTable(budget: Double, checksum: inout Double) {
        print("\n4. Search field per frame: a query of N characters cut to a 300 pt field (the stand-in measurer,")
        print("   whose cost grows with the text as a font's does). Median of repeated samples.\n")
        let measurer = ApproximateTextMeasurer()
        func measure(_ text: String) -> Double { measurer.size(of: text, pointSize: 15, weight: .regular).width }
        /// The cut as it was: a character dropped from the start at a time, the rest measured again.
        func dropping(_ query: String) -> Int {
            var shown = query
            var width = measure(shown)
            while width > 300, !shown.isEmpty {
                shown = String(shown.dropFirst())
                width = measure("…" + shown)
            }
            return shown.utf8.count
        }
        var table = TextTable(["characters", "ours", "ours vs 100", "character at a time", "character at a time / ours"])
        var ours100 = 0.0
        for n in [100, 1_000, 10_000, 100_000] {
            let query = String(repeating: "abcdefghij", count: n / 10)
            let ours = Bench.medianPerFrame(budget: budget) { _ in
                checksum += Double(SearchField.fitted(query, room: 300, pointSize: 15, measurer: measurer).0.utf8.count)
            }
            if n == 100 { ours100 = ours }
            let old: Double? = n <= 10_000
                ? Bench.medianPerFrame(budget: budget, minSamples: n >= 10_000 ? 3 : 11) { _ in checksum += Double(dropping(query)) } : nil
            table.add([Bench.grouped(n), TextTable.duration(ns: ours), "x" + TextTable.format(ours / ours100, 2),
                       old.map { TextTable.duration(ns: $0) } ?? "-", old.map { "x" + TextTable.format($0 / ours, 0) } ?? "-"])
        }
        print(table.rendered)
    }

    /// 1. Layout per frame: ours against the article's, mid-fling.
    func layoutTable(budget: Double, checksum: inout Double) {
        print("1. Layout per frame, mid-fling: preview + thumbnail strips, 1280x800 window,")
        print("   attributes(in:) of the visible rects at an offset between two pages, expanding rate 1.")
        print("   Median of repeated samples (monotonic clock).\n")
        let sizes = [10, 1_000, 5_000, 100_000]
        var ours: [Int: Double] = [:], article: [Int: Double] = [:]
        for n in sizes {
            let w = LayoutWorkload(pageCount: n, method: .visibleRange)
            ours[n] = Bench.medianPerFrame(budget: budget) { checksum += w.frame($0) }
        }
        for n in [10, 1_000, 5_000] {
            let w = LayoutWorkload(pageCount: n, method: .article)
            article[n] = Bench.medianPerFrame(budget: n >= 5_000 ? budget * 3 : budget, minSamples: quick ? 3 : 11) {
                checksum += w.frame($0)
            }
        }
        var table = TextTable(["pages", "ours (visible range)", "ours vs 10 pages", "article (O(N^2))", "article / ours"])
        for n in sizes {
            let o = ours[n]!, a = article[n]
            table.add([
                Bench.grouped(n), TextTable.duration(ns: o), "x" + TextTable.format(o / ours[10]!, 2),
                a.map { TextTable.duration(ns: $0) } ?? "-",
                a.map { "x" + TextTable.format($0 / o, $0 / o < 100 ? 1 : 0) } ?? "-",
            ])
        }
        print(table.rendered + "\n")
    }

    /// 2. The whole scene per frame, without rendering: catches any O(N) path outside the layouts.
    func sceneTable(checksum: inout Double) {
        print("2. PhotosScene per frame during the fling session (3 s of flicks on both strips), no rendering.")
        print("   step = input + scene.tick(at:) + scene.frame(at:) (both strips' cells, built once);")
        print("   draw list = frame.drawItems(); trace line = frame.traceLine (every frame only with --trace-every-frame).\n")
        let session = FlingSession()
        let runs = quick ? 1 : 3
        var sceneTable = TextTable(["pages", "step p50", "step p99", "draw list p50", "draw list p99", "trace line p50"])
        for n in scenePages {
            let pages = BenchPages.synthetic(count: n, paths: ["page.jpg"])
            var tick: [Double] = [], draw: [Double] = [], trace: [Double] = []
            for _ in 0..<runs {
                let r = Bench.fling(session, pages: pages, renderer: nil, traceLines: true)
                tick += r.tick
                draw += r.draw
                trace += r.trace
                checksum += r.checksum
            }
            let t = Percentiles(tick), d = Percentiles(draw), l = Percentiles(trace)
            sceneTable.add([Bench.grouped(n), Bench.ms(t.p50), Bench.ms(t.p99), Bench.ms(d.p50), Bench.ms(d.p99), Bench.ms(l.p50)])
        }
        print(sceneTable.rendered + "\n")
    }

    /// 3. The headless fling with the software renderer drawing real pictures.
    func flingTable(checksum: inout Double) throws {
        let session = FlingSession()
        let runs = quick ? 1 : 3
        let files: [String]
        if let sample = Resources.sampleDocument, let found = try? DocumentLoader.imageFiles(in: [sample]) {
            files = found
        } else {
            files = []
            print("note: Assets/Sample not found; pages are drawn as placeholders")
        }
        // Each page keeps its picture's own shape, as in a real document: a picture drawn at a
        // shape it does not have would be stretched, and redecoded for every shape it is shown at.
        let pictures = DocumentLoader.pages(for: files, reader: PageReader()) { _ in }
        let pages = pictures.isEmpty ? BenchPages.synthetic(count: 1_000, paths: [])
            : (0..<1_000).map { i in
                let picture = pictures[i % pictures.count]
                return Page(id: "page-\(i + 1)", path: picture.path, pixelSize: picture.pixelSize)
            }
        let renderer = try OffscreenRenderer(fonts: nil)
        let cold = Bench.fling(session, pages: pages, renderer: renderer, traceLines: false)
        var result = Bench.FlingTimes()
        for _ in 0..<runs { result += Bench.fling(session, pages: pages, renderer: renderer, traceLines: false) }
        checksum += cold.checksum + result.checksum
        print("3. Headless fling, 1,000 pages (the \(files.count) sample pictures in turn, each at its own shape), 1280x800,")
        print("   SDL software renderer into a memory surface; \(runs) x \(session.frameCount) frames after one warm-up run.")
        print("   Frames with something moving: \(result.moving) of \(result.total.count).\n")
        var flingTable = TextTable(["per frame", "p50", "p99", "max"])
        for (name, values) in [("step (input + tick + frame)", result.tick), ("draw list (frame.drawItems)", result.draw),
                               ("software rendering", result.render), ("total", result.total)] {
            let p = Percentiles(values)
            flingTable.add([name, Bench.ms(p.p50), Bench.ms(p.p99), Bench.ms(p.max)])
        }
        print(flingTable.rendered)
        let coldTotal = Percentiles(cold.total)
        print("\n   Warm-up run (textures decoded on first use): total p50 \(Bench.ms(coldTotal.p50)), max \(Bench.ms(coldTotal.max)).")
        print("   Budget at 60 Hz: 16.67 ms per frame.")
    }
}

/// The clock and the loops around the core's workloads.
enum Bench {
    private static let clock = ContinuousClock()

    static func nanoseconds(_ d: Duration) -> Double {
        let c = d.components
        return Double(c.seconds) * 1e9 + Double(c.attoseconds) / 1e9
    }

    /// Median nanoseconds per call of `body(frame)`: samples of at least ~1 ms each (a batch of
    /// calls), for about `budget` seconds and at least `minSamples` samples.
    static func medianPerFrame(budget: Double, minSamples: Int = 15, _ body: (Int) -> Void) -> Double {
        var frame = 0
        // Warm up and calibrate the batch size.
        let first = clock.now
        body(frame)
        frame += 1
        let once = max(1, nanoseconds(clock.now - first))
        let batch = max(1, Int(1e6 / once))
        var samples: [Double] = []
        let start = clock.now
        while samples.count < minSamples || (nanoseconds(clock.now - start) < budget * 1e9 && samples.count < 2_000) {
            let t0 = clock.now
            for _ in 0..<batch {
                body(frame)
                frame += 1
            }
            samples.append(nanoseconds(clock.now - t0) / Double(batch))
        }
        return Percentiles(samples).p50
    }

    struct FlingTimes {
        var tick: [Double] = [], draw: [Double] = [], render: [Double] = [], trace: [Double] = [], total: [Double] = []
        var moving = 0
        var checksum = 0.0

        static func += (a: inout FlingTimes, b: FlingTimes) {
            a.tick += b.tick
            a.draw += b.draw
            a.render += b.render
            a.trace += b.trace
            a.total += b.total
            a.moving += b.moving
            a.checksum += b.checksum
        }
    }

    /// Plays the fling session on a fresh editor through the frame stepper, timing each frame's
    /// stages in milliseconds.
    static func fling(_ session: FlingSession, pages: [Page], renderer: OffscreenRenderer?, traceLines: Bool) -> FlingTimes {
        var stepper = FrameStepper(scene: PhotosScene(documentName: "bench", pages: pages, windowSize: session.window))
        var times = FlingTimes()
        for k in 0..<session.frameCount {
            let t = Double(k) * FrameStepper<PhotosScene>.interval
            let t0 = clock.now
            for step in session.steps(forFrame: k) { stepper.deliver(step.event, at: step.time) }
            let frame = stepper.step(at: t)
            let t1 = clock.now
            let items = frame.content.drawItems()
            let t2 = clock.now
            try? renderer?.render(frame)
            let t3 = clock.now
            if traceLines && k % 10 == 0 {
                let line = frame.traceLine(t: t * 1000, number: k)
                times.trace.append(nanoseconds(clock.now - t3) / 1e6)
                times.checksum += Double(line.utf8.count)
            }
            times.tick.append(nanoseconds(t1 - t0) / 1e6)
            times.draw.append(nanoseconds(t2 - t1) / 1e6)
            if renderer != nil { times.render.append(nanoseconds(t3 - t2) / 1e6) }
            times.total.append(nanoseconds(t3 - t0) / 1e6)
            if !frame.isIdle { times.moving += 1 }
            times.checksum += Double(items.count)
        }
        return times
    }

    static func ms(_ value: Double) -> String { TextTable.duration(ns: value * 1e6) }

    /// 100000 -> "100,000".
    static func grouped(_ n: Int) -> String {
        var digits = Array(String(n)), out = ""
        while digits.count > 3 {
            out = "," + String(digits.suffix(3)) + out
            digits.removeLast(3)
        }
        return String(digits) + out
    }
}
