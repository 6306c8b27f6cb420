import Foundation
import StripsCore
import StripsLooks
import StripsPictures
import StripsSampleScans
import StripsText

/// `run DIR`: for every sample scan in DIR (made by `make`), measures what issue 22 names:
/// recognition time against the `tesseract` command on the same page (same settings, same
/// environment, taking turns), the word accuracy of the saved, text-layered PDF as `pdftotext`
/// reads it, the word boxes `pdftotext -bbox` gives against Tesseract's and against the drawn
/// words, that the layer is invisible, and each look's time and saved size.
enum Evaluation {
    struct Totals {
        var ours = CPUClock(wall: 0, own: 0, children: 0)
        var command = CPUClock(wall: 0, own: 0, children: 0)
        var commandDefault = CPUClock(wall: 0, own: 0, children: 0)
        var found = 0, words = 0, commandFound = 0
        var xEdges: [Double] = [], centres: [Double] = [], truthCentres: [Double] = [], inkOutside: [Double] = []
        var invisible = 0, pages = 0
    }

    static func run(_ folder: String) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("page-") && $0.hasSuffix(".jpg") }.sorted()
        guard !names.isEmpty else { throw CocoaError(.fileNoSuchFile) }
        let work = folder + "/out"
        try? FileManager.default.removeItem(atPath: work)
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let recognizer = try Recognizer(languages: "eng")
        // Warm both: the engine is made once per worker, the command loads its models every page.
        _ = try recognizer.recognise(PixelBuffer(width: 64, height: 64, format: .grey, filledWith: 255), dpi: 300)
        var totals = Totals()
        print("OMP_THREAD_LIMIT=\(ProcessInfo.processInfo.environment["OMP_THREAD_LIMIT"] ?? "unset"), \(ProcessInfo.processInfo.activeProcessorCount) cores, load \(loadAverage())")
        print("")
        print("| page | words | ours s (cpu) | tesseract s (cpu) | cpu ratio | pdftotext words | x edges <= 2 pt | centres <= 2 pt | ink in box | vs drawn <= 2 pt | invisible |")
        print("|---|---|---|---|---|---|---|---|---|---|---|")
        var sizes: [(String, [String: Int], [String: Double])] = []
        for (index, name) in names.enumerated() {
            let base = (name as NSString).deletingPathExtension
            let jpegPath = "\(folder)/\(name)"
            let truth = try JSONDecoder().decode(MakeScans.Truth.self, from: Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(base).json")))
            let truthText = truth.words.map(\.text).joined(separator: " ")
            let jpeg = try [UInt8](Data(contentsOf: URL(fileURLWithPath: jpegPath)))

            // Recognition, ours and the command's, taking turns at going first.
            var text: PageText?
            var ours = CPUClock(wall: 0, own: 0, children: 0), command = ours
            let runOurs = {
                let start = CPUClock.now()
                guard let picture = SampleJPEG.decode(jpeg) else { return }
                text = try? recognizer.recognise(picture, dpi: truth.dpi)
                ours = CPUClock.now() - start
            }
            let runCommand = {
                let start = CPUClock.now()
                _ = tool("tesseract", [jpegPath, "\(work)/\(base)-cli", "-c", "thresholding_method=2"])
                command = CPUClock.now() - start
            }
            if index % 2 == 0 { runOurs(); runCommand() } else { runCommand(); runOurs() }
            let startDefault = CPUClock.now()
            _ = tool("tesseract", [jpegPath, "\(work)/\(base)-cli-default"])
            let commandDefault = CPUClock.now() - startDefault
            guard let text else { throw CocoaError(.featureUnsupported) }

            // The saved page: its JPEG as it is, the text laid on by qpdf.
            let scanPDF = "\(work)/\(base).pdf", layered = "\(work)/\(base)-text.pdf"
            let original = PDFImage(bytes: jpeg, width: truth.width, height: truth.height, filter: .dct, colourSpace: .rgb, bitsPerComponent: 8, decodeParms: nil)
            try ScanPDF.write(original, dpi: truth.dpi, to: scanPDF)
            let placement = TextPlacement.scan(width: truth.width, height: truth.height, dpi: truth.dpi)
            try TextOverlay.overlay([0: (text, placement)], of: scanPDF, output: layered).get()
            let read = PDFWords.text(layered)
            let accuracy = WordAccuracy.match(truth: WordAccuracy.longWords(truthText), read: WordAccuracy.longWords(read))
            let commandText = (try? String(contentsOfFile: "\(work)/\(base)-cli-default.txt", encoding: .utf8)) ?? ""
            let commandAccuracy = WordAccuracy.match(truth: WordAccuracy.longWords(truthText), read: WordAccuracy.longWords(commandText))
            if !accuracy.missing.isEmpty { FileHandle.standardError.write(Data("\(base) missing: \(accuracy.missing.prefix(20).joined(separator: " "))\n".utf8)) }

            let boxes = BoxDistances.measure(PDFWords.words(layered), against: text, truth: truth, scale: 72 / truth.dpi)
            let invisible = RenderedPage.render(scanPDF, dpi: 50, grey: false) == RenderedPage.render(layered, dpi: 50, grey: false)

            totals.ours.wall += ours.wall; totals.ours.own += ours.own
            totals.command.wall += command.wall; totals.command.children += command.children
            totals.commandDefault.wall += commandDefault.wall; totals.commandDefault.children += commandDefault.children
            totals.found += accuracy.found; totals.words += accuracy.of; totals.commandFound += commandAccuracy.found
            totals.xEdges += boxes.xEdges; totals.centres += boxes.centres; totals.truthCentres += boxes.truthCentres; totals.inkOutside += boxes.inkOutside
            totals.invisible += invisible ? 1 : 0; totals.pages += 1

            print("| \(base) | \(accuracy.of) | \(f2(ours.wall)) (\(f2(ours.own))) | \(f2(command.wall)) (\(f2(command.children))) | \(f2(ours.own / max(0.001, command.children))) "
                  + "| \(percent(accuracy.found, accuracy.of)) | \(share(boxes.xEdges)) | \(share(boxes.centres)) | \(share(boxes.inkOutside)) | \(share(boxes.truthCentres)) | \(invisible ? "yes" : "NO") |")

            sizes.append(try looks(jpeg: jpeg, truth: truth, text: text, placement: placement, work: work, base: base))
        }
        print("")
        print("Totals: \(totals.pages) pages, \(totals.words) words of four letters or more.")
        print("- pdftotext of the text-layered PDFs: \(percent(totals.found, totals.words)) of the words "
              + "(the tesseract command with its default global threshold: \(percent(totals.commandFound, totals.words))).")
        print("- recognition, ours / the tesseract command (same settings): processor time \(f2(totals.ours.own)) s / \(f2(totals.command.children)) s = "
              + "\(f2(totals.ours.own / max(0.001, totals.command.children))); wall \(f2(totals.ours.wall)) s / \(f2(totals.command.wall)) s = \(f2(totals.ours.wall / max(0.001, totals.command.wall))). "
              + "The command with its defaults: \(f2(totals.commandDefault.children)) s processor, \(f2(totals.commandDefault.wall)) s wall.")
        print("- word boxes (pdftotext -bbox) against Tesseract's: left and right edges within 2 pt \(share(totals.xEdges)) (worst \(f2(totals.xEdges.max() ?? 0)) pt); "
              + "centres within 2 pt \(share(totals.centres)) (median \(f2(median(totals.centres))), worst \(f2(totals.centres.max() ?? 0)) pt); "
              + "Tesseract's box inside the text box (2 pt slack) \(share(totals.inkOutside)); centres within 2 pt of the drawn words \(share(totals.truthCentres)).")
        print("- the layer is invisible (renders equal to the scan alone) on \(totals.invisible) of \(totals.pages) pages.")
        print("")
        print("Looks (300 dpi letter pages; time to make the look, size as saved):")
        print("")
        print("| page | scan JPEG KB | colour (ms, KB) | grey (ms, KB) | bw (ms; G4 KB, Flate KB) | bw page + text layer KB | colour ms at 1/2, 1/8 |")
        print("|---|---|---|---|---|---|---|")
        for (base, bytes, times) in sizes {
            print("| \(base) | \(kb(bytes["scan"])) | \(ms(times["colour"])), \(kb(bytes["colour"])) | \(ms(times["grey"])), \(kb(bytes["grey"])) "
                  + "| \(ms(times["bw"])); \(kb(bytes["g4"])), \(kb(bytes["flate"])) | \(kb(bytes["bwpdf"])) "
                  + "| \(String(format: "%.1f", (times["half"] ?? 0) * 1000)), \(String(format: "%.2f", (times["eighth"] ?? 0) * 1000)) |")
        }
    }

    /// Each look at full size: its time, its encoded size, and the bw page saved with its text layer.
    static func looks(jpeg: [UInt8], truth: MakeScans.Truth, text: PageText, placement: TextPlacement, work: String, base: String) throws -> (String, [String: Int], [String: Double]) {
        guard let picture = SampleJPEG.decode(jpeg) else { throw CocoaError(.featureUnsupported) }
        var bytes: [String: Int] = ["scan": jpeg.count], times: [String: Double] = [:]
        for look in [Look.colour, .grey, .bw] {
            let start = CPUClock.now()
            let result = Looks.apply(look, to: picture, pixelsPerInch: truth.dpi)
            times[look.name] = (CPUClock.now() - start).wall
            if look == .bw {
                bytes["g4"] = PageImageEncoder.ccittG4(result)?.bytes.count
                bytes["flate"] = PageImageEncoder.flate1Bit(result)?.bytes.count
                if let encoded = PageImageEncoder.encode(result, look: .bw) {
                    let bwPDF = "\(work)/\(base)-bw.pdf", bwText = "\(work)/\(base)-bw-text.pdf"
                    try ScanPDF.write(encoded, dpi: truth.dpi, to: bwPDF)
                    try TextOverlay.overlay([0: (text, placement)], of: bwPDF, output: bwText).get()
                    bytes["bwpdf"] = (try? FileManager.default.attributesOfItem(atPath: bwText)[.size] as? Int) ?? nil
                }
            } else {
                bytes[look.name] = PageImageEncoder.encode(result, look: look)?.bytes.count
            }
        }
        // A preview (1/2: 1275 x 1650) and a thumbnail-sized decode (1/8: 319 x 413), as libjpeg-turbo scales them.
        for (name, reduction) in [("half", 2), ("eighth", 8)] {
            guard let small = SampleJPEG.decode(jpeg, reduction: reduction) else { continue }
            let start = CPUClock.now()
            for _ in 0..<5 { _ = Looks.apply(.colour, to: small) }
            times[name] = (CPUClock.now() - start).wall / 5
        }
        return (base, bytes, times)
    }

    @discardableResult
    static func tool(_ name: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [name] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }

    static func loadAverage() -> String {
        var loads = [Double](repeating: 0, count: 3)
        return getloadavg(&loads, 3) == 3 ? loads.map { String(format: "%.1f", $0) }.joined(separator: " ") : "?"
    }

    static func f2(_ value: Double) -> String { String(format: "%.2f", value) }
    static func percent(_ part: Int, _ whole: Int) -> String { String(format: "%.1f %%", 100 * Double(part) / Double(max(1, whole))) }
    static func share(_ values: [Double]) -> String { percent(values.filter { $0 <= 2 }.count, values.count) }
    static func median(_ values: [Double]) -> Double { values.isEmpty ? 0 : values.sorted()[values.count / 2] }
    static func kb(_ bytes: Int?) -> String { bytes.map { String(format: "%.0f", Double($0) / 1000) } ?? "-" }
    static func ms(_ seconds: Double?) -> String { seconds.map { String(format: "%.0f", $0 * 1000) } ?? "-" }
}

/// Word boxes as pdftotext reads them from the layered PDF, against Tesseract's (mapped to points)
/// and against the drawn words: matched by text, nearest centre first.
enum BoxDistances {
    struct Result { var xEdges: [Double] = [], centres: [Double] = [], inkOutside: [Double] = [], truthCentres: [Double] = [] }

    static func measure(_ read: [PDFWords.Word], against text: PageText, truth: MakeScans.Truth, scale: Double) -> Result {
        var result = Result()
        var pool = Dictionary(grouping: text.words, by: \.text)
        var drawn = Dictionary(grouping: truth.words, by: \.text)
        for word in read {
            let cx = (word.xMin + word.xMax) / 2, cy = (word.yMin + word.yMax) / 2
            if var candidates = pool[word.text], !candidates.isEmpty {
                func centre(_ t: TextWord) -> Double { hypot((t.box.x + t.box.width / 2) * scale - cx, (t.box.y + t.box.height / 2) * scale - cy) }
                let best = candidates.indices.min { centre(candidates[$0]) < centre(candidates[$1]) } ?? 0
                let t = candidates.remove(at: best)
                pool[word.text] = candidates
                result.xEdges.append(max(abs(t.box.x * scale - word.xMin), abs(t.box.maxX * scale - word.xMax)))
                result.centres.append(centre(t))
                result.inkOutside.append(max(0, word.yMin - t.box.y * scale, t.box.maxY * scale - word.yMax))
            }
            if var candidates = drawn[word.text], !candidates.isEmpty {
                func centre(_ d: MakeScans.Truth.Word) -> Double { hypot((d.x + d.width / 2) * scale - cx, (d.y + d.height / 2) * scale - cy) }
                let best = candidates.indices.min { centre(candidates[$0]) < centre(candidates[$1]) } ?? 0
                result.truthCentres.append(centre(candidates.remove(at: best)))
                drawn[word.text] = candidates
            }
        }
        return result
    }
}
