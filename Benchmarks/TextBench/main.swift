import Foundation

// strips-bench-text: the sample scans of issue 22 and their measurements (Scripts/bench-text.sh).
let arguments = Array(CommandLine.arguments.dropFirst())
let usage = """
    usage: strips-bench-text make DIR [COUNT]   write COUNT (default 8) 300 dpi sample scans with their truth
           strips-bench-text run DIR            measure recognition, text layers and looks on them
           strips-bench-text looks DIR          write one scan in every look, to look at
           strips-bench-text saved DIR PDF      measure a PDF the program saved from DIR's scans
           strips-bench-text colour DIR [COUNT] [WxH]  write COUNT (default 3) 300 dpi colour letter scans with their truth
           strips-bench-text colour-saved DIR PDF LABEL [--header]   one table row: a PDF of DIR's colour scans measured
           strips-bench-text colour-time [COUNT]  the looks and mixed raster content against one JPEG: ms and KB
           strips-bench-text languages CORPUS [NAME...]   one language or three (eng, eng+fra+ind, auto): seconds and words, on
                                                the real corpus (Tests/Corpus/real) and issue 41's typeset pages
    """

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("strips-bench-text: \(message)\n".utf8))
    exit(1)
}

do {
    switch (arguments.first, arguments.count) {
    case ("make", 2), ("make", 3):
        try MakeScans.run(into: arguments[1], count: arguments.count > 2 ? Int(arguments[2]) ?? 8 : 8)
    case ("run", 2):
        try Evaluation.run(arguments[1])
    case ("saved", 3):
        try AppEvaluation.run(arguments[1], saved: arguments[2])
    case ("colour", 2), ("colour", 3), ("colour", 4):
        let size = arguments.count > 3 ? arguments[3].split(separator: "x").compactMap { Double($0) } : [8.5, 11]
        guard size.count == 2 else { fail(usage) }
        try MakeColourScans.run(into: arguments[1], count: arguments.count > 2 ? Int(arguments[2]) ?? 3 : 3, inches: (size[0], size[1]))
    case ("colour-saved", 4), ("colour-saved", 5):
        try ColourEvaluation.run(arguments[1], saved: arguments[2], label: arguments[3], header: arguments.count == 5 && arguments[4] == "--header")
    case ("colour-time", 1), ("colour-time", 2):
        try MixedRasterTiming.run(count: arguments.count > 1 ? Int(arguments[1]) ?? 3 : 3)
    case ("languages", _) where arguments.count >= 2:
        try LanguageCost.run(corpus: arguments[1], only: Array(arguments.dropFirst(2)))
    case ("looks", 2):
        try LooksDemo.run(into: arguments[1])
    default:
        fail(usage)
    }
} catch {
    fail("\(error)")
}
