import Foundation

/// What poppler's `pdftotext` reads from a PDF: the text, and the words with their boxes (`-bbox`).
enum PDFWords {
    struct Word { var text: String; var xMin: Double; var yMin: Double; var xMax: Double; var yMax: Double }

    static func text(_ pdf: String, page: Int = 1) -> String {
        run(["-f", "\(page)", "-l", "\(page)", pdf, "-"]) ?? ""
    }

    static func words(_ pdf: String, page: Int = 1) -> [Word] {
        guard let html = run(["-bbox", "-f", "\(page)", "-l", "\(page)", pdf, "-"]) else { return [] }
        var words: [Word] = []
        for line in html.split(separator: "\n") where line.contains("<word ") {
            func value(_ name: String) -> Double {
                guard let range = line.range(of: "\(name)=\"") else { return 0 }
                let rest = line[range.upperBound...]
                return Double(rest.prefix { $0 != "\"" }) ?? 0
            }
            guard let open = line.range(of: "\">"), let close = line.range(of: "</word>") else { continue }
            let text = String(line[open.upperBound..<close.lowerBound])
                .replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&lt;", with: "<")
                .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\"")
            words.append(Word(text: text, xMin: value("xMin"), yMin: value("yMin"), xMax: value("xMax"), yMax: value("yMax")))
        }
        return words
    }

    private static func run(_ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pdftotext")
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
    }
}
