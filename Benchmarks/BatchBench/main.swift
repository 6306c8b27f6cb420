import Dispatch
import Foundation
import StripsBatch
import StripsCore
import StripsPhotosFeatures
import StripsPictures
import StripsSampleBatches

/// The judges measured: a corpus of made-up sheets (blank with every mix of spoils, near-blank,
/// separators, pages of text and letters with a QR code) written as JPEG scans, opened as a
/// document is, judged as the window judges them; false positives and negatives per class, the
/// writing areas the blank limit sits between, and the time a page takes.
///
///     strips-bench-batch [PER_CLASS] [DPI] [SEED]      (default 60 200 1)
let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "scans" {
    // strips-bench-batch scans DIR COUNT [DPI]: COUNT pages of prose as scans (the convert benchmark's).
    let rest = Array(arguments.dropFirst())
    guard rest.count >= 2, let count = Int(rest[1]) else { print("strips-bench-batch scans DIR COUNT [DPI]"); exit(2) }
    let dpi = rest.count > 2 ? Double(rest[2]) ?? 300 : 300
    try? FileManager.default.createDirectory(atPath: rest[0], withIntermediateDirectories: true)
    let failed = Locked(false)
    DispatchQueue.concurrentPerform(iterations: count) { i in
        guard let sheet = SheetPainter.render(SampleSheet(.text, seed: UInt64(i + 1)), dpi: dpi),
              FileManager.default.createFile(atPath: String(format: "%@/page-%03d.jpg", rest[0], i + 1), contents: Data(sheet.jpeg)) else {
            failed.withLock { $0 = true }
            return
        }
    }
    exit(failed.withLock { $0 } ? 1 : 0)
}
if arguments.first == "archive" {
    // strips-bench-batch archive DIR COUNT [DPI]: an archive's batch (the archive benchmark's): COUNT
    // pages, every fifth a QR separator sheet ("Box 1" ... "Box 8"), the others prose, each its own.
    let rest = Array(arguments.dropFirst())
    guard rest.count >= 2, let count = Int(rest[1]) else { print("strips-bench-batch archive DIR COUNT [DPI]"); exit(2) }
    let dpi = rest.count > 2 ? Double(rest[2]) ?? 300 : 300
    try? FileManager.default.createDirectory(atPath: rest[0], withIntermediateDirectories: true)
    let failed = Locked(false)
    DispatchQueue.concurrentPerform(iterations: count) { i in
        let sheet = i % 5 == 4 ? SampleSheet(.separator(.qr("Box \((i / 5) % 8 + 1)"), caption: true, [.noise]), seed: UInt64(i + 1))
            : SampleSheet(.text, seed: UInt64(i + 1))
        guard let drawn = SheetPainter.render(sheet, dpi: dpi),
              FileManager.default.createFile(atPath: String(format: "%@/page-%04d.jpg", rest[0], i + 1), contents: Data(drawn.jpeg)) else {
            failed.withLock { $0 = true }
            return
        }
    }
    exit(failed.withLock { $0 } ? 1 : 0)
}
if arguments.first == "feeder" {
    // strips-bench-batch feeder DIR [DPI]: the tests' feeder batch (SampleBatch.feeder) as JPEG files.
    let rest = Array(arguments.dropFirst())
    guard let dir = rest.first else { print("strips-bench-batch feeder DIR [DPI]"); exit(2) }
    guard SampleBatch.write(SampleBatch.feeder, dpi: rest.count > 1 ? Double(rest[1]) ?? 150 : 150, to: dir) != nil else { exit(1) }
    for (i, sheet) in SampleBatch.feeder.enumerated() { print(String(format: "%03d.jpg", i + 1), sheet.label) }
    exit(0)
}
if arguments.first == "write" {
    // strips-bench-batch write DIR [PER_CLASS] [DPI] [SEED]: the corpus as JPEG files, to look at.
    let rest = Array(arguments.dropFirst())
    guard let dir = rest.first else { print("strips-bench-batch write DIR [PER_CLASS] [DPI] [SEED]"); exit(2) }
    let sheets = SampleBatch.corpus(perClass: rest.count > 1 ? Int(rest[1]) ?? 4 : 4, seed: rest.count > 3 ? UInt64(rest[3]) ?? 1 : 1)
    guard SampleBatch.write(sheets, dpi: rest.count > 2 ? Double(rest[2]) ?? 200 : 200, to: dir) != nil else { exit(1) }
    for (i, sheet) in sheets.enumerated() { print(String(format: "%03d.jpg", i + 1), sheet.label) }
    exit(0)
}
if arguments.first == "explain" {
    // strips-bench-batch explain FILE...: why each page is judged as it is.
    let reader = PageReader()
    let judge = PageJudge(reader: reader)
    for page in DocumentLoader.pages(for: Array(arguments.dropFirst()), reader: reader, report: { print($0) }) {
        print("\(page.id):")
        print(judge.explain(page) ?? "cannot be read")
    }
    exit(0)
}
if arguments.first == "judge" {
    // strips-bench-batch judge FILE...: each file's judgement and writing.
    let reader = PageReader()
    let judge = PageJudge(reader: reader)
    for page in DocumentLoader.pages(for: Array(arguments.dropFirst()), reader: reader, report: { print($0) }) {
        let start = DispatchTime.now().uptimeNanoseconds
        let judgement = judge.judge(page)
        print(String(format: "%.0f ms ", Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6), terminator: "")
        print("\(page.id): blank \(judgement.blank), separator \(judgement.separator.map { "\($0.symbology) \($0.text ?? "-")" } ?? "none"), writing \(judge.writingArea(page) ?? -1) mm², first look \(judge.answeredAtFirstLook(page) == true ? "text" : "doubtful")")
    }
    exit(0)
}
let perClass = arguments.first.flatMap { Int($0) } ?? 60
let dpi = arguments.dropFirst().first.flatMap { Double($0) } ?? 200
let seed = arguments.dropFirst(2).first.flatMap { UInt64($0) } ?? 1

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strips-bench-batch-\(getpid())").path
defer { try? FileManager.default.removeItem(atPath: folder) }
let sheets = SampleBatch.corpus(perClass: perClass, seed: seed)
print("Writing \(sheets.count) sheets at \(Int(dpi)) dpi ...")
guard let paths = SampleBatch.write(sheets, dpi: dpi, to: folder) else {
    FileHandle.standardError.write("strips-bench-batch: a sheet could not be drawn\n".data(using: .utf8) ?? Data())
    exit(1)
}
let reader = PageReader()
let pages = DocumentLoader.pages(for: paths, reader: reader) { print($0) }
let judge = PageJudge(reader: reader)
// The full look alone on the same pages in the same run: the baseline the first look is measured against.
let fullJudge = PageJudge(reader: reader, firstLook: false)

struct Row {
    var sheet: SampleSheet
    var judgement: PageJudgement
    var area: Double
    var seconds: Double
    var fullSeconds: Double
    var firstLook: Bool
}
nonisolated(unsafe) var rows = [Row?](repeating: nil, count: pages.count)
let lock = NSLock()
@Sendable func timed<T>(_ work: () -> T) -> (T, Double) {
    let start = DispatchTime.now().uptimeNanoseconds
    let result = work()
    return (result, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
}
DispatchQueue.concurrentPerform(iterations: pages.count) { i in
    // Each page judged both ways, the order alternating so neither rides on the other's warm caches.
    var judgement = PageJudgement.ordinary, full = PageJudgement.ordinary, seconds = 0.0, fullSeconds = 0.0
    if i % 2 == 0 {
        (judgement, seconds) = timed { judge.judge(pages[i]) }
        (full, fullSeconds) = timed { fullJudge.judge(pages[i]) }
    } else {
        (full, fullSeconds) = timed { fullJudge.judge(pages[i]) }
        (judgement, seconds) = timed { judge.judge(pages[i]) }
    }
    let firstLook = judge.answeredAtFirstLook(pages[i]) ?? false
    if judgement != full {
        FileHandle.standardError.write("strips-bench-batch: \(sheets[i].label) (seed \(sheets[i].seed)) judged otherwise at the first look\n".data(using: .utf8) ?? Data())
    }
    let area = judge.writingArea(pages[i]) ?? -1
    let row = Row(sheet: sheets[i], judgement: judgement, area: area, seconds: seconds, fullSeconds: fullSeconds, firstLook: firstLook)
    lock.withLock { rows[i] = row }
}
let results = rows.compactMap { $0 }

func classOf(_ sheet: SampleSheet) -> String {
    switch sheet.kind {
    case .text, .textWithQR: return "content"
    case .blank: return "blank"
    case .nearBlank: return "near-blank"
    case .separator, .printedSeparator: return "separator"
    }
}

print("")
print("| class | sheets | judged blank | judged separator | separator text right | writing mm² (min / median / max) | answered at the first look | ms a page, median (full look alone) |")
print("| --- | --- | --- | --- | --- | --- | --- | --- |")
for name in ["blank", "near-blank", "separator", "content"] {
    let these = results.filter { classOf($0.sheet) == name }
    let blank = these.filter { $0.judgement.blank }.count
    let separators = these.filter { $0.judgement.separator != nil }.count
    let textRight = these.filter { $0.sheet.isSeparator && $0.judgement.separator?.text == $0.sheet.separatorText }.count
    let areas = these.map(\.area).sorted()
    func fmt(_ v: Double) -> String { String(format: "%.1f", v) }
    let spread = areas.isEmpty ? "-" : "\(fmt(areas[0])) / \(fmt(areas[areas.count / 2])) / \(fmt(areas[areas.count - 1]))"
    let firstLook = these.filter(\.firstLook).count
    let times = these.map(\.seconds).sorted(), fullTimes = these.map(\.fullSeconds).sorted()
    let time = times.isEmpty ? "-" : String(format: "%.1f (%.1f)", times[times.count / 2] * 1000, fullTimes[fullTimes.count / 2] * 1000)
    print("| \(name) | \(these.count) | \(blank) | \(separators) | \(name == "separator" ? "\(textRight)" : "-") | \(spread) | \(firstLook) | \(time) |")
}
print("")
let wrongBlank = results.filter { $0.judgement.blank != $0.sheet.isBlank }
let wrongSeparator = results.filter { ($0.judgement.separator != nil) != $0.sheet.isSeparator || ($0.sheet.isSeparator && $0.judgement.separator?.text != $0.sheet.separatorText) }
print("Blank: \(wrongBlank.filter { $0.judgement.blank }.count) false positives, \(wrongBlank.filter { !$0.judgement.blank }.count) false negatives (limit \(BlankJudge.writingLimit) mm²)")
print("Separator: \(wrongSeparator.filter { $0.judgement.separator != nil && !$0.sheet.isSeparator }.count) false positives, "
      + "\(wrongSeparator.filter { $0.sheet.isSeparator }.count) missed or misread")
for row in wrongBlank + wrongSeparator {
    print("  seed \(row.sheet.seed) \(row.sheet.label): judged blank \(row.judgement.blank), separator \(row.judgement.separator.map { "\($0.symbology) \($0.text ?? "-")" } ?? "none"), writing \(String(format: "%.1f", row.area)) mm²")
}
if let keep = ProcessInfo.processInfo.environment["STRIPS_BENCH_KEEP"] {
    try? FileManager.default.createDirectory(atPath: keep, withIntermediateDirectories: true)
    for (i, row) in results.enumerated() where wrongBlank.contains(where: { $0.sheet == row.sheet }) || wrongSeparator.contains(where: { $0.sheet == row.sheet }) {
        try? FileManager.default.copyItem(atPath: paths[i], toPath: "\(keep)/\(i)-\(row.sheet.label).jpg")
    }
}
let times = results.map(\.seconds).sorted(), fullTimes = results.map(\.fullSeconds).sorted()
print(String(format: "Time a page (each on one core, %d cores busy): median %.1f ms, p90 %.1f ms, max %.1f ms", ProcessInfo.processInfo.activeProcessorCount,
             times[times.count / 2] * 1000, times[times.count * 9 / 10] * 1000, times[times.count - 1] * 1000))
let early = results.filter(\.firstLook)
if !early.isEmpty {
    let times = early.map(\.seconds).sorted(), fullTimes = early.map(\.fullSeconds).sorted()
    print(String(format: "The %d pages answered at the first look: median %.1f ms (the full look alone on them: %.1f ms, %.2fx)", early.count,
                 times[times.count / 2] * 1000, fullTimes[fullTimes.count / 2] * 1000, fullTimes[fullTimes.count / 2] / max(times[times.count / 2], 1e-9)))
}
print(String(format: "The full look alone on the same pages: median %.1f ms, p90 %.1f ms, max %.1f ms; all pages %.2f s against %.2f s (%.2fx)",
             fullTimes[fullTimes.count / 2] * 1000, fullTimes[fullTimes.count * 9 / 10] * 1000, fullTimes[fullTimes.count - 1] * 1000,
             times.reduce(0, +), fullTimes.reduce(0, +), fullTimes.reduce(0, +) / max(times.reduce(0, +), 1e-9)))
