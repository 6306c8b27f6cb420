import Foundation
import StripsCore
import StripsLooks
import StripsPictures
import StripsSampleScans

let arguments = Array(CommandLine.arguments.dropFirst())

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("strips-bench-text: \(message)\n".utf8))
    exit(1)
}

switch arguments.first {
case "looks":
    guard arguments.count == 2 else { fail("usage: strips-bench-text looks OUT_DIR") }
    try LooksDemo.run(into: arguments[1])
case "make":
    guard arguments.count >= 2 else { fail("usage: strips-bench-text make DIR [COUNT]") }
    try MakeScans.run(into: arguments[1], count: arguments.count > 2 ? Int(arguments[2]) ?? 8 : 8)
case "ocr":
    try QuickOCR.run(Array(arguments.dropFirst()))
case "layer":
    try LayerTry.run(arguments[1], into: arguments[2])
case "small":
    try LooksDemo.small(into: arguments[1])
default:
    fail("usage: strips-bench-text looks OUT_DIR")
}
