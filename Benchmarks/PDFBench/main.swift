import Foundation
import StripsCore
import StripsPDF
import StripsPictures

// strips-bench-pdf [PAGES]: makes a 500-page letter PDF (text and vectors on every page) with cairo,
// then prints how long opening it takes (page count and sizes, what the first frame needs),
// rendering one page for a 1024 x 768 preview, rendering on two threads with and without a shared
// lock, exporting a page as a 150 dpi PNG, and saving all pages reversed and turned with qpdf;
// and a scanned page (one 300 dpi JPEG, as img2pdf writes it) to the preview through the app's
// page reader, beside poppler, `mutool draw` and `pdftoppm` on the same page in the same run.

let usage = """
    strips-bench-pdf [PAGES]: opening, rendering and saving a PAGES-page (default 500) letter PDF it
    writes itself, and a scanned page to a 1024x768 preview beside poppler, mutool draw and pdftoppm
    (each when installed), with the ratios. Set STRIPS_BENCH_KEEP=1 to keep the files.
    """
if CommandLine.arguments.contains("--help") || CommandLine.arguments.contains("-h") {
    print(usage)
    exit(0)
}

func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("strips-bench-pdf: \(message)\n".utf8))
    exit(1)
}

/// Runs `body` `count` times and returns the median and the fastest, in milliseconds.
func measure(_ count: Int, _ body: () -> Void) -> (median: Double, best: Double) {
    var times: [Double] = []
    for _ in 0..<count {
        let start = now()
        body()
        times.append((now() - start) * 1000)
    }
    times.sort()
    return (times[times.count / 2], times[0])
}

func ms(_ value: Double) -> String { String(format: "%.1f ms", value) }

let pages = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 500
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strips-bench-pdf-\(getpid())").path
do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch { fail("cannot make \(folder)") }
defer { if ProcessInfo.processInfo.environment["STRIPS_BENCH_KEEP"] == nil { try? FileManager.default.removeItem(atPath: folder) } }
let source = folder + "/letters.pdf"

var start = now()
if case .failure(let failure) = PDFSampleDocument.write(to: source, pageSizes: Array(repeating: .letter, count: pages)) { fail(failure.reason) }
let size = (try? FileManager.default.attributesOfItem(atPath: source)[.size] as? Int) ?? 0
print("made \(pages)-page letter PDF (\(size / 1024) KiB) in \(ms((now() - start) * 1000))")

start = now()
guard case .success(let info) = PDFSource.open(source) else { fail("cannot open the benchmark PDF") }
let firstOpen = (now() - start) * 1000
let open = measure(5) { _ = PDFSource.open(source) }
print("open \(info.pageCount) pages (count + sizes): first \(ms(firstOpen)), then median \(ms(open.median)), best \(ms(open.best))  [goal < 300 ms for a first frame]")

let renderer = PDFRenderer()
/// Renders for a 1024 x 768 preview, or a 66 pt thumbnail.
@Sendable func render(_ page: Int, of source: String, with r: PDFRenderer, thumbnail: Bool = false) {
    let side = thumbnail ? 66 : 1024
    switch r.render(source, pageIndex: page, maxWidth: side, maxHeight: thumbnail ? 66 : 768) {
    case .success: break
    case .failure(let failure): fail(failure.reason)
    }
}
start = now()
render(0, of: source, with: renderer)
let firstRender = (now() - start) * 1000
let preview = measure(10) { render(0, of: source, with: renderer) }
print("render a letter page for a 1024x768 preview (593x768 px): first \(ms(firstRender)), then median \(ms(preview.median)), best \(ms(preview.best))  [goal < 50 ms]")
let thumb = measure(10) { render(1, of: source, with: renderer, thumbnail: true) }
print("render a thumbnail (51x66 px): median \(ms(thumb.median))")

// Scanned documents: a 300 dpi JPEG per page, decoded whole by poppler, then scaled by cairo.
let scans = folder + "/scans.pdf"
if let problem = ScanPDF.write(to: scans, pages: 3) { fail(problem) }
let scan = measure(5) { render(1, of: scans, with: renderer) }
print("render a 300 dpi scanned letter page (2550x3300 JPEG) for a 1024x768 preview: median \(ms(scan.median)), best \(ms(scan.best))")
let scanThumb = measure(5) { render(1, of: scans, with: renderer, thumbnail: true) }
print("render a scanned page as a thumbnail: median \(ms(scanThumb.median))")

// Scanned pages as img2pdf writes them: the page reader decodes the JPEG stream at the scale drawn.
ScanBench.run(folder: folder, renderer: renderer, cairoScans: scans)

// Two decode workers on pages of one PDF: one renders previews of drawing pages while the other
// wants thumbnails. With a poppler document per thread (what PDFRenderer does) they run side by
// side; with one document shared behind a lock, each thumbnail waits for the preview in progress.
let drawings = folder + "/drawings.pdf"
if case .failure(let failure) = PDFSampleDocument.write(to: drawings, pageSizes: Array(repeating: .letter, count: 10), curves: 1000) { fail(failure.reason) }
let drawing = measure(3) { render(1, of: drawings, with: renderer) }
print("render a drawing page (1000 curves) for a 1024x768 preview: median \(ms(drawing.median))")

final class Latencies: @unchecked Sendable {
    let lock = NSLock()
    var values: [Double] = []
    var cpu = 0.0
    func add(_ value: Double) { lock.lock(); values.append(value); lock.unlock() }
    /// Adds the calling thread's processor time so far, in milliseconds.
    func addThreadCPU() {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        lock.lock(); cpu += Double(t.tv_sec) * 1000 + Double(t.tv_nsec) / 1e6; lock.unlock()
    }
}

/// Total time for 10 previews and 10 thumbnails on two threads, the slowest thumbnail, and the
/// processor time both threads used (which a busy machine does not inflate, unlike the total).
func previewsAndThumbnails(_ source: String, sharedLock: NSLock?) -> (total: Double, slowestThumbnail: Double, cpu: Double) {
    let r = PDFRenderer()
    render(0, of: source, with: r)
    let latencies = Latencies()
    let group = DispatchGroup()
    let t0 = now()
    group.enter()
    Thread {
        for i in 0..<10 {
            sharedLock?.lock()
            render(i, of: source, with: r)
            sharedLock?.unlock()
        }
        latencies.addThreadCPU()
        group.leave()
    }.start()
    group.enter()
    Thread {
        for i in 0..<10 {
            let asked = now()
            sharedLock?.lock()
            render(i, of: source, with: r, thumbnail: true)
            sharedLock?.unlock()
            latencies.add((now() - asked) * 1000)
        }
        latencies.addThreadCPU()
        group.leave()
    }.start()
    group.wait()
    return ((now() - t0) * 1000, latencies.values.max() ?? 0, latencies.cpu)
}
let perThread = previewsAndThumbnails(drawings, sharedLock: nil)
let locked = previewsAndThumbnails(drawings, sharedLock: NSLock())
print("10 drawing previews + 10 thumbnails on 2 threads: a document per thread \(ms(perThread.total)) (slowest thumbnail \(ms(perThread.slowestThumbnail)), processor \(ms(perThread.cpu))), one document behind a lock \(ms(locked.total)) (slowest thumbnail \(ms(locked.slowestThumbnail)), processor \(ms(locked.cpu)))")

start = now()
if case .failure(let failure) = renderer.writePNG(source, pageIndex: 0, to: folder + "/page1.png") { fail(failure.reason) }
print("export page 1 as a 150 dpi PNG (1275x1650 px): \(ms((now() - start) * 1000))")

let reversed = (0..<pages).reversed().map { PDFPageRef(sourcePDF: source, pageIndex: $0, extraQuarterTurns: $0 % 4) }
start = now()
if case .failure(let failure) = PDFAssembler.write(reversed, to: folder + "/saved.pdf") { fail(failure.reason) }
let savedSize = (try? FileManager.default.attributesOfItem(atPath: folder + "/saved.pdf")[.size] as? Int) ?? 0
print("save \(pages) pages reversed and turned with qpdf (\(savedSize / 1024) KiB): \(ms((now() - start) * 1000))")
