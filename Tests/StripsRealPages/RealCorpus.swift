import Foundation

/// The real corpus (Tests/Corpus/real): public pages nobody here made, each with the truth about
/// it (truth.json, annotated by hand; docs/REAL-PAGES.md). Half is tuned on, the rest (held-out)
/// never: the numbers of both are reported side by side.
public struct RealCorpus: Sendable {
    public enum Part: String, CaseIterable, Sendable { case tuned, heldOut = "held-out" }

    public struct Entry: Decodable, Sendable {
        /// Relative to the corpus folder: `tuned/...` or `held-out/...`.
        public var file: String
        /// receipt-flatbed, book-photo, scan, photo.
        public var kind: String
        /// blank, separator or ordinary.
        public var `class`: String
        /// Tesseract reads words on it as it is: its orientation can be told.
        public var readable: Bool
        /// The code printed on it, if any (a receipt's barcode, a patent's).
        public var code: String?
        /// A few words known to be printed on it.
        public var words: [String]?
        public var note: String?
        /// Set in Fraktur: Tesseract's English (the only model every run has) reads it as noise,
        /// its words, sure or not, misreadings that change with every resampling.
        public var fraktur: Bool?
        /// The words printed on it and where, when known (text-words.json: the receipts' words as
        /// their dataset's own OCR found them, Scripts/real-corpus-receipts.py).
        public var textWords: [TruthWord]?

        public var part: Part { file.hasPrefix("held-out/") ? .heldOut : .tuned }
    }

    /// A word printed on a page: its text and its box, [left, top, width, height] as shares of
    /// the picture.
    public struct TruthWord: Decodable, Sendable {
        public var text: String
        public var box: [Double]
    }

    private struct Truth: Decodable { var pages: [Entry] }

    public let folder: String
    public let entries: [Entry]

    /// The corpus in `folder` (default: the repository's Tests/Corpus/real).
    public init(folder: String = RealCorpus.defaultFolder) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/truth.json"))
        self.folder = folder
        let words = try JSONDecoder().decode([String: [TruthWord]].self, from: Data(contentsOf: URL(fileURLWithPath: folder + "/text-words.json")))
        entries = try JSONDecoder().decode(Truth.self, from: data).pages.map { entry in
            var entry = entry
            entry.textWords = words[entry.file]
            return entry
        }
    }

    public func path(_ entry: Entry) -> String { folder + "/" + entry.file }

    /// The same corpus with only pages of `kinds`.
    public func only(kinds: Set<String>) -> RealCorpus {
        RealCorpus(folder: folder, entries: entries.filter { kinds.contains($0.kind) })
    }

    private init(folder: String, entries: [Entry]) {
        self.folder = folder
        self.entries = entries
    }

    public static let defaultFolder: String = {
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        return here.deletingLastPathComponent().appendingPathComponent("Corpus/real").path
    }()
}

/// Right answers out of the pages asked, for one part of the corpus.
public struct Tally: Sendable, CustomStringConvertible {
    public var right = 0
    public var total = 0
    public init() {}
    public mutating func add(_ isRight: Bool) {
        total += 1
        if isRight { right += 1 }
    }
    public var share: Double { total == 0 ? 1 : Double(right) / Double(total) }
    public var description: String { total == 0 ? "-" : String(format: "%d of %d (%.0f %%)", right, total, 100 * share) }
}
