// strips-bench-correction: the border detector on synthetic document photos with known corners.
//
//   strips-bench-correction make DIR [--count N] [--seed S]     writes the photos (JPEG) and corners.tsv
//   strips-bench-correction evaluate [--count N] [--seed S] [--misses DIR] [--verbose]
//   strips-bench-correction bench [--runs N]                     detector and flatten ms per 12 MP photo
//   strips-bench-correction books DIR [--count N] [--runs N] [--size WxH]   bent sample pages: curve found, laid flat, timed
//   strips-bench-correction dewarp FILE DIR [--runs N] [--whole] one photo (a JPEG) as books measures it (--whole: no crop)
//   strips-bench-correction spread DIR [--size WxH] [--seed K]  an open book photographed whole (spread.png), its gutter
//   strips-bench-correction step decode|flat|laid FILE           one step on one 12 MP photo, once, nothing else: for
//                                                                 callgrind's instruction counts (Scripts/bench-dewarp.sh --count-instructions)
//
// Common: --samples DIR (the sample pages, default Assets/Sample), --max-pixels N (photo size cap).
import Foundation
import StripsCore
import StripsCorrection
import StripsDocumentPhotos
import StripsPictures

func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

func fail(_ line: String) -> Never {
    FileHandle.standardError.write(Data("strips-bench-correction: \(line)\n".utf8))
    exit(1)
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard let mode = arguments.first else { fail("usage: strips-bench-correction make DIR | evaluate | bench [options]") }
arguments.removeFirst()
var count = 64, seed: UInt64 = 21, samples = "Assets/Sample", misses: String?, verbose = false
var maximumPixels = 12_000_000, runs = 5, folder: String?, second: String?, whole = false
var photoSize = (width: 3000, height: 4000)
var iterator = arguments.makeIterator()
while let argument = iterator.next() {
    switch argument {
    case "--count": count = Int(iterator.next() ?? "") ?? count
    case "--seed": seed = UInt64(iterator.next() ?? "") ?? seed
    case "--samples": samples = iterator.next() ?? samples
    case "--misses": misses = iterator.next()
    case "--max-pixels": maximumPixels = Int(iterator.next() ?? "") ?? maximumPixels
    case "--runs": runs = Int(iterator.next() ?? "") ?? runs
    case "--verbose": verbose = true
    case "--whole": whole = true
    case "--size":
        let parts = (iterator.next() ?? "").split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts.allSatisfy({ $0 >= 64 && $0 <= 10_000 }) else { fail("--size takes WxH") }
        photoSize = (parts[0], parts[1])
    default:
        if folder == nil, !argument.hasPrefix("-") { folder = argument }
        else if second == nil, !argument.hasPrefix("-") { second = argument }
        else { fail("unknown option \(argument)") }
    }
}
let pages = PageArt.samples(in: samples)
if pages.isEmpty { FileHandle.standardError.write(Data("strips-bench-correction: no sample pages in \(samples); rendered pages only\n".utf8)) }

func milliseconds(_ body: () -> Void) -> Double {
    let clock = ContinuousClock()
    let elapsed = clock.measure(body)
    return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
}

/// The processor time this thread spends in `body`, in milliseconds: what one core does, without
/// the time the thread waits for a core on a loaded machine (which wall time counts).
func threadMilliseconds(_ body: () -> Void) -> Double {
    func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) * 1000 + Double(t.tv_nsec) / 1e6
    }
    let start = now()
    body()
    return now() - start
}

func fmt(_ v: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", v) }

switch mode {
case "make":
    guard let folder else { fail("make needs a folder") }
    do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch { fail("cannot create \(folder)") }
    var table = "file\tclass\tpage\tpage_aspect\ttl_x\ttl_y\ttr_x\ttr_y\tbr_x\tbr_y\tbl_x\tbl_y\n"
    for i in 0..<count {
        let photo = DocumentPhotoSet.photo(i, seed: seed, pages: pages, maximumPixels: maximumPixels)
        let name = String(format: "%03d-%@.jpg", i, photo.className)
        guard FileManager.default.createFile(atPath: folder + "/" + name, contents: Data(photo.jpeg)) else { fail("cannot write \(name)") }
        let corners = photo.corners.corners.map { "\(fmt($0.x, 2))\t\(fmt($0.y, 2))" }.joined(separator: "\t")
        table += "\(name)\t\(photo.className)\t\(photo.pageName)\t\(fmt(photo.pageAspect, 5))\t\(corners)\n"
    }
    guard FileManager.default.createFile(atPath: folder + "/corners.tsv", contents: Data(table.utf8)) else { fail("cannot write corners.tsv") }
    say("\(count) photos and corners.tsv in \(folder)")

case "evaluate":
    Evaluation.run(count: count, seed: seed, pages: pages, maximumPixels: maximumPixels, misses: misses, verbose: verbose)

case "explain":
    guard let index = folder.flatMap({ Int($0) }) else { fail("explain needs a photo number") }
    let photo = DocumentPhotoSet.photo(index, seed: seed, pages: pages, maximumPixels: maximumPixels)
    say(BorderDetector.explain(photo.picture, truth: photo.corners))
    if let misses { _ = PNGWriter().write(photo.picture, to: misses, replacing: true) }

case "bench":
    Benchmark.run(runs: runs, seed: seed, pages: pages)

case "books":
    guard let folder else { fail("books needs a folder") }
    Books.run(folder: folder, count: count == 64 ? 3 : count, runs: runs, width: photoSize.width, height: photoSize.height)

case "spread":
    guard let folder else { fail("spread needs a folder") }
    // --seed picks the pages (sample styles seed and seed + 3; 21, the default, gives the first).
    Books.spread(folder: folder, width: photoSize == (3000, 4000) ? 3000 : photoSize.width,
                 height: photoSize == (3000, 4000) ? 2100 : photoSize.height, first: seed == 21 ? 0 : Int(seed))

case "step":
    guard let folder, let second else { fail("step needs decode, flat or laid and a JPEG") }
    Books.step(folder, file: second)

case "dewarp":
    guard let folder, let second else { fail("dewarp needs a JPEG and a folder") }
    guard let data = FileManager.default.contents(atPath: folder), let photo = JPEG.decode([UInt8](data)) else { fail("cannot read \(folder) as a JPEG") }
    do { try FileManager.default.createDirectory(atPath: second, withIntermediateDirectories: true) } catch { fail("cannot create \(second)") }
    Books.measure(photo, name: ((folder as NSString).lastPathComponent as NSString).deletingPathExtension, folder: second, runs: runs, whole: whole, jpeg: [UInt8](data))

default:
    fail("unknown mode \(mode) (make, evaluate, bench, books, dewarp)")
}
