import Foundation
import StripsSampleBatches

/// A long batch drawn cheaply for the archive tests: two pages of prose and eight QR separator
/// sheets ("Box 1" to "Box 8") drawn once, then copied into place: every fifth page a separator,
/// so `pages` pages make `pages / 5` documents of four pages each (names repeat every eight
/// separators, as " (2)", " (3)", ...).
enum ArchiveBatch {
    static let dpi = 100.0

    /// Writes the batch into `folder` (`0001.jpg`, ...); false when a sheet could not be drawn.
    static func write(pages: Int, to folder: String) -> Bool {
        let drawn = folder + "/.drawn"
        var sheets = [SampleSheet(.text, seed: 1), SampleSheet(.text, seed: 2)]
        sheets += (1...8).map { SampleSheet(.separator(.qr("Box \($0)"), caption: false, []), seed: UInt64(100 + $0)) }
        guard let made = SampleBatch.write(sheets, dpi: dpi, to: drawn), made.count == sheets.count else { return false }
        defer { try? FileManager.default.removeItem(atPath: drawn) }
        for i in 0..<pages {
            let source = i % 5 == 4 ? made[2 + (i / 5) % 8] : made[i % 2]
            guard (try? FileManager.default.copyItem(atPath: source, toPath: String(format: "%@/%04d.jpg", folder, i + 1))) != nil else { return false }
        }
        return true
    }

    /// Every file under `folder` (relative paths, sorted), hidden ones included.
    static func listing(_ folder: String) -> [String] {
        (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).sorted()
    }

    /// The PDFs in `folder` by name, with their bytes.
    static func documents(_ folder: String) -> [String: Data] {
        var result: [String: Data] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasSuffix(".pdf") && !name.hasPrefix(".") {
            result[name] = FileManager.default.contents(atPath: folder + "/" + name)
        }
        return result
    }

    /// What is hidden in `folder` and is not a document's record: a run's leftovers.
    static func leftovers(_ folder: String) -> [String] {
        let documents = Set(self.documents(folder).keys)
        return listing(folder).filter { path in
            let parts = path.split(separator: "/").map(String.init)
            if parts == [".strips-convert"] { return false }
            if parts.count == 2, parts[0] == ".strips-convert", parts[1].hasSuffix(".pdf.json") {
                return !documents.contains(String(parts[1].dropLast(5)))
            }
            if parts.count == 2, parts[0] == ".strips-convert", parts[1] == "watched.jsonl" { return false }
            return parts.contains { $0.hasPrefix(".") }
        }
    }

    /// The lines of a JSON-lines file, as objects.
    static func reportLines(_ path: String) -> [[String: Any]] {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }
}
