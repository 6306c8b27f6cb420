// strips-bench-save: how long saving a document of 12 MP phone scans takes, to PDF (JPEGs
// embedded byte for byte) and to a folder (copied, or turned losslessly). Printed numbers, not a
// timed test.
//
//   strips-bench-save [--pages N] [--work DIR] [--keep]
import CTurboJPEG
import Foundation
import StripsCore
import StripsPhotosFeatures
import StripsExport
import StripsPDF

func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

func fail(_ line: String) -> Never {
    FileHandle.standardError.write(Data("strips-bench-save: \(line)\n".utf8))
    exit(1)
}

var pageCount = 100
var work = FileManager.default.temporaryDirectory.appendingPathComponent("strips-bench-save-\(getpid())").path
var keep = false
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--pages": pageCount = Int(arguments.next() ?? "") ?? pageCount
    case "--work": work = arguments.next() ?? work
    case "--keep": keep = true
    case "--help", "-h":
        say("""
            strips-bench-save [--pages N] [--work DIR] [--keep]: saves N (default 100) synthetic 12 MP
            JPEG pages to a PDF (embedded byte for byte) and to a folder (copied, or turned losslessly),
            and prints the times. --work: where the scans and outputs go; --keep: leave them there.
            """)
        exit(0)
    default: fail("unknown option \(argument) (use --pages N, --work DIR)")
    }
}
guard pageCount > 0 else { fail("--pages needs a positive number") }

/// A 4000 x 3000 page photographed on a desk: off-white paper with sensor noise and rows of
/// word-like dark marks, JPEG quality 90 with 4:2:0 chroma like a phone camera's.
func photographedPage(_ variant: Int) -> [UInt8] {
    let width = 4000, height = 3000
    var rgb = [UInt8](repeating: 0, count: width * height * 3)
    var noise = SeededRandom(seed: UInt64(variant + 1))
    for y in 0..<height {
        let inTextRow = y > 240 && y < height - 240 && (y / 48) % 2 == 0 && y % 48 > 10
        for x in 0..<width {
            let grain = Int(noise.next() >> 60)
            let word = (x / 29 &+ y / 48 &* 7 &+ variant) % 9 != 0 && x % 29 < 23
            let ink = inTextRow && x > 300 && x < width - 300 && word
            let paper = 228 - (x + y) / 400
            let level = ink ? 50 + grain * 2 : paper + grain
            let p = (y * width + x) * 3
            rgb[p] = UInt8(clamping: level)
            rgb[p + 1] = UInt8(clamping: level - 3)
            rgb[p + 2] = UInt8(clamping: level - 12)
        }
    }
    guard let compressor = tjInitCompress() else { fail("libjpeg-turbo could not start") }
    defer { tjDestroy(compressor) }
    var jpeg: UnsafeMutablePointer<UInt8>?
    var size: UInt = 0
    let status = rgb.withUnsafeBufferPointer {
        tjCompress2(compressor, $0.baseAddress, Int32(width), 0, Int32(height), Int32(TJPF_RGB.rawValue), &jpeg, &size,
                    Int32(TJSAMP_420.rawValue), 90, 0)
    }
    guard status == 0, let jpeg else { fail("cannot encode a synthetic page") }
    defer { tjFree(jpeg) }
    return Array(UnsafeBufferPointer(start: jpeg, count: Int(size)))
}

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = ProcessInfo.processInfo.systemUptime
    try body()
    return ProcessInfo.processInfo.systemUptime - start
}

func peakRSSMiB() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
}

try? FileManager.default.removeItem(atPath: work)
do {
    try FileManager.default.createDirectory(atPath: "\(work)/scans", withIntermediateDirectories: true)
} catch {
    fail("cannot make \(work): \(error.localizedDescription)")
}
defer { if !keep { try? FileManager.default.removeItem(atPath: work) } }

// Four distinct pages, repeated: encoding 100 of them would take longer than saving.
let originals = (0..<4).map(photographedPage)
var paths: [String] = []
var sourceBytes = 0
for i in 1...pageCount {
    let path = "\(work)/scans/page\(i).jpg"
    let bytes = originals[i % originals.count]
    guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { fail("cannot write \(path)") }
    paths.append(path)
    sourceBytes += bytes.count
}
say(String(format: "%d pages of 4000 x 3000 JPEG, %.1f MiB in all", pageCount, Double(sourceBytes) / 1048576))

let upright = paths.map { ExportPage(source: .picture(path: $0)) }
let turned = paths.enumerated().map { ExportPage(source: .picture(path: $1), corrections: Corrections(quarterTurns: $0 % 4)) }
let runs: [(String, [ExportPage], String)] = [
    ("PDF", upright, "\(work)/out.pdf"),
    ("PDF, pages turned 0-3 quarter turns", turned, "\(work)/turned.pdf"),
    ("folder, copies", upright, "\(work)/folder"),
    ("folder, pages turned 0-3 quarter turns (lossless)", turned, "\(work)/turned-folder"),
]
var pdfTime: Double?
for (label, pages, destination) in runs {
    var result: SaveResult?
    let time: Double
    do {
        time = try seconds { result = try DocumentExporter.save(pages, to: destination, sourcePaths: paths) }
    } catch {
        fail("\(error)")
    }
    if destination.hasSuffix("/out.pdf") { pdfTime = time }
    let mib = Double(result?.bytesWritten ?? 0) / 1048576
    say(label.padding(toLength: 52, withPad: " ", startingAt: 0) + String(format: "%6.3f s  %7.1f MiB written  %6.0f MiB/s", time, mib, mib / time))
}
// Issue 31's metadata pass (qpdf writes the finished PDF again with its information dictionary and
// XMP): its share of the PDF save above, which includes it.
if let pdfTime = pdfTime {
    let sink = FileHandle(forWritingAtPath: "/dev/null")
    var failure: String?
    let pass = seconds {
        if case .failure(let problem) = PDFMetadataFile.write(PDFMetadata(title: "bench"), from: "\(work)/out.pdf", into: { sink?.write(Data($0)) }) {
            failure = problem.reason
        }
    }
    if let failure { fail("the metadata pass: \(failure)") }
    say("metadata pass alone (qpdf rewrites the PDF)".padding(toLength: 52, withPad: " ", startingAt: 0)
        + String(format: "%6.3f s  (%.0f %% of the PDF save)", pass, 100 * pass / pdfTime))
}
say(String(format: "peak resident memory %.0f MiB", peakRSSMiB()))
