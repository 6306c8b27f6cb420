import Foundation
import StripsBatch
import StripsConvert
import StripsCore
import StripsHosts
import StripsPDF
import StripsPictures
import StripsRealPages
import StripsRender

/// The judgements Strips makes by itself, on the real corpus (Tests/Corpus/real, public pages
/// nobody here made): per class and per part (tuned, held-out), how many are judged right.
///
///     strips-bench-real [classes|orientation|levelling|crops|all] [-v] [--only KIND,...] [CORPUS]
///
/// classes: blank / separator / ordinary as `strips convert` judges; orientation: every readable
/// page in its four quarter turns, read as `--rotate auto` reads it; crops: Tesseract's words on the
/// picture as it is against the page `--borders auto` saves: a crop cuts text when it leaves out a
/// word read surely on the picture; read again, the page keeps 90 % of its words or more.
/// -v prints each page.
var arguments = Array(CommandLine.arguments.dropFirst())
let verbose = arguments.contains("-v")
arguments.removeAll { $0 == "-v" }
// --only KIND[,KIND]: only pages of these kinds (receipt-flatbed, book-photo, scan, photo).
var only: Set<String>?
if let at = arguments.firstIndex(of: "--only"), at + 1 < arguments.count {
    only = Set(arguments[at + 1].split(separator: ",").map(String.init))
    arguments.removeSubrange(at...(at + 1))
}
let what = arguments.first ?? "all"
if what == "guard" {
    // strips-bench-real guard FILE...: the border found on each picture and what the text guard makes of it.
    let reader = PageReader(pdf: PDFPages(renderer: PDFRenderer()), renderer: PageRenderer())
    let finder = BorderFinder(reader: reader)
    for page in DocumentLoader.pages(for: Array(arguments.dropFirst()), reader: reader, report: { print($0) }) {
        guard let found = finder.candidates(of: page), found.page != nil || found.item != nil else { print("\(page.id): no border found"); continue }
        guard let text = finder.textGuard(of: page) else { continue }
        let kept = finder.keptCrop(of: page)
        for (kind, quad) in [("page", found.page), ("flatbed item", found.item)] {
            guard let quad else { continue }
            let (ink, cut, letters, cutLetters) = text.shares(quad, in: text.pictureSize)
            print(String(format: "%@: %@ kept %.3f, cut %.4f, letters %.3f, letters cut from words %d: %@", page.id, kind, ink, cut, letters, cutLetters,
                         kept == quad ? "applied" : "not applied"),
                  quad.corners.map { "(\(Int($0.x)),\(Int($0.y)))" }.joined())
        }
        if kept == nil { print("\(page.id): page kept whole") }
    }
    exit(0)
}
if what == "reading" {
    // strips-bench-real reading FILE...: the writing orientation detection is given (saved next to
    // /tmp as reading-NAME.png) and what it reads there.
    let reader = PageReader(pdf: PDFPages(renderer: PDFRenderer()), renderer: PageRenderer())
    let judge = PageJudge(reader: reader)
    let upright = UprightPages(judge: judge)
    for page in DocumentLoader.pages(for: Array(arguments.dropFirst()), reader: reader, report: { print($0) }) {
        if verbose, let (small, sppi) = judge.workingPicture(page), let area = WrittenArea(small, pixelsPerInch: sppi) {
            print(String(format: "  %dx%d at %.0f ppi: %d letters of %.1f px; bounds x %.3f-%.3f y %.3f-%.3f", small.width, small.height, sppi, area.letters,
                         area.letterSide, area.bounds.minX, area.bounds.maxX, area.bounds.minY, area.bounds.maxY))
        }
        guard let (picture, ppi) = judge.textReading(page) else { print("\(page.id): no writing to read (too few letters, or grain)"); continue }
        let name = URL(fileURLWithPath: page.id).lastPathComponent
        _ = PNGWriter().write(picture, to: "/tmp/reading-\(name).png", replacing: true)
        let (turns, reading) = upright.decide(picture, pixelsPerInch: ppi)
        print(String(format: "%@: %dx%d at %.0f ppi: applies %d", page.id, picture.width, picture.height, ppi, turns),
              reading.map { String(format: "(reads %d, confidence %.1f, %@ %.2f)", $0.orientation.quarterTurnsToUpright, $0.orientationConfidence, $0.script ?? "-", $0.scriptConfidence) } ?? "(no reading)")
    }
    exit(0)
}
guard ["classes", "orientation", "levelling", "crops", "all"].contains(what) else {
    print("strips-bench-real [classes|orientation|levelling|crops|all] [-v] [CORPUS]")
    exit(2)
}
var corpus: RealCorpus
do {
    corpus = try RealCorpus(folder: arguments.count > 1 ? arguments[1] : RealCorpus.defaultFolder)
    if let only { corpus = corpus.only(kinds: only) }
} catch {
    print("strips-bench-real: cannot read the corpus: \(error)")
    exit(1)
}
let evaluation = RealEvaluation(corpus: corpus, reader: PageReader(pdf: PDFPages(renderer: PDFRenderer()), renderer: PageRenderer()))
func seconds(since start: Date) -> String { String(format: "%.1f s", Date().timeIntervalSince(start)) }
func row(_ name: String, _ tallies: [RealCorpus.Part: Tally]) {
    print(name.padding(toLength: 44, withPad: " ", startingAt: 0), "tuned", (tallies[.tuned] ?? Tally()).description.padding(toLength: 20, withPad: " ", startingAt: 0),
          "held-out", (tallies[.heldOut] ?? Tally()).description)
}
func tally<R>(_ results: [R], part: (R) -> RealCorpus.Part, where include: (R) -> Bool = { _ in true }, right: (R) -> Bool) -> [RealCorpus.Part: Tally] {
    var tallies: [RealCorpus.Part: Tally] = [:]
    for result in results where include(result) { tallies[part(result), default: Tally()].add(right(result)) }
    return tallies
}

print("real corpus: \(corpus.entries.count) pages (\(corpus.entries.filter { $0.part == .tuned }.count) tuned, \(corpus.entries.filter { $0.part == .heldOut }.count) held out)")
if what == "classes" || what == "all" {
    let start = Date()
    let results = evaluation.classes()
    if verbose { for r in results { print("  \(r.right ? "right" : "WRONG") \(r.entry.file): \(r.judged) \(r.detail)") } }
    for kind in Set(corpus.entries.map(\.kind)).sorted() {
        row("class, \(kind)", tally(results, part: { $0.entry.part }, where: { $0.entry.kind == kind }, right: \.right))
    }
    row("pages with a code judged ordinary", tally(results, part: { $0.entry.part }, where: { $0.entry.code != nil }, right: \.right))
    row("class, every page", tally(results, part: { $0.entry.part }, right: \.right))
    print("  (\(seconds(since: start)))")
}
if what == "orientation" || what == "all" {
    let start = Date()
    let results = evaluation.orientation()
    if verbose {
        for r in results {
            print("  \(r.right ? "right" : r.wrongTurn ? "WRONG TURN" : "left turned") \(r.entry.file) turned \(r.turned): applies \(r.applied)",
                  r.confidence.map { String(format: "(reads %d, confidence %.1f, %@)", r.read ?? 0, $0, r.script ?? "-") } ?? "(no reading)")
        }
    }
    row("orientation, turned pages made upright", tally(results, part: { $0.entry.part }, where: { $0.turned != 0 }, right: \.right))
    row("orientation, upright pages left upright", tally(results, part: { $0.entry.part }, where: { $0.turned == 0 }, right: \.right))
    row("orientation, no wrong turn (every turn)", tally(results, part: { $0.entry.part }, right: { !$0.wrongTurn }))
    print("  (\(seconds(since: start)))")
}
if what == "levelling" || what == "all" {
    // Flatbed scans and receipts turned a little either way, levelled back by --borders auto.
    let start = Date()
    let folder = NSTemporaryDirectory() + "strips-levelling-\(getpid())"
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let entries = corpus.entries.filter { $0.kind == "scan" || $0.kind == "receipt-flatbed" }
    let results = evaluation.levelling(entries, angles: { _ in [-3, -1.5, 1.5, 3] }, folder: folder)
    if verbose {
        for r in results {
            print(String(format: "  %@ %@ turned %.1f: applies %.1f (as stored %.1f)", r.right ? "right" : "WRONG", r.entry.file, r.turned, r.applied, r.own))
        }
    }
    for kind in ["scan", "receipt-flatbed"] {
        row("levelled back within 0.3 degrees, \(kind)", tally(results, part: { $0.entry.part }, where: { $0.entry.kind == kind }, right: \.right))
        row("  no turn that does not level, \(kind)", tally(results, part: { $0.entry.part }, where: { $0.entry.kind == kind }, right: { !$0.wrongTurn }))
    }
    print("  (\(seconds(since: start)))")
}
if what == "crops" || what == "all" {
    let start = Date()
    let results = evaluation.crops()
    if verbose {
        for r in results {
            print("  \(r.cutsText ? "CUTS TEXT" : "keeps") \(r.entry.file): \(r.cropped ? "cropped" : "whole"), \(r.sureWordsInside) of \(r.sureWords) sure words inside; read again \(r.keptWords) of \(r.rawWords) words, \(r.sureKept) of \(r.sureRead) sure ones\(r.losesText ? " (under 90 %)" : "")")
        }
    }
    for kind in Set(corpus.entries.map(\.kind)).sorted() {
        row("crops holding every sure word, \(kind)", tally(results, part: { $0.entry.part }, where: { $0.entry.kind == kind }, right: { !$0.cutsText }))
        row("  and read again to 90 %, \(kind)", tally(results, part: { $0.entry.part }, where: { $0.entry.kind == kind }, right: { !$0.losesText }))
    }
    row("crops holding every sure word, every page", tally(results, part: { $0.entry.part }, right: { !$0.cutsText }))
    print("  (\(seconds(since: start)))")
}
