import CPoppler
import Foundation

/// A PDF's own text, page by page, in the same shape as recognised text (words with boxes, lines,
/// the text), so search and the rest treat both alike. poppler-glib reads it: the page's text and
/// one rectangle per character. A poppler document is not to be shared between threads, so a reader
/// belongs to one thread at a time.
public final class PDFTextReader {
    private let document: OpaquePointer
    public let path: String

    /// Opens the PDF at `path`; one line when it cannot (missing, damaged, encrypted).
    public init(path: String) throws(TextLayerError) {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        guard FileManager.default.isReadableFile(atPath: absolute) else { throw TextLayerError("\(path): cannot read") }
        var error: UnsafeMutablePointer<GError>?
        let uri = g_filename_to_uri(absolute, nil, &error)
        defer { g_free(uri) }
        if let failure = error {
            defer { g_error_free(failure) }
            throw TextLayerError("\(path): \(String(cString: failure.pointee.message))")
        }
        guard let document = poppler_document_new_from_file(uri, nil, &error) else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "unreadable"
            if let error { g_error_free(error) }
            throw TextLayerError("\(path): \(reason)")
        }
        self.document = document
        self.path = path
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(document)) }

    public var pageCount: Int { Int(poppler_document_get_n_pages(document)) }

    /// The text of page `index` (from 0), in the page's points as poppler shows the page (top-left
    /// origin, its /Rotate applied); an empty text when the page has none; nil when there is no
    /// such page.
    public func text(page index: Int) -> PageText? {
        guard index >= 0, index < pageCount, let page = poppler_document_get_page(document, Int32(index)) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(page)) }
        var width = 0.0, height = 0.0
        poppler_page_get_size(page, &width, &height)
        guard let raw = poppler_page_get_text(page) else { return .empty(width: width, height: height, origin: .pdf) }
        defer { g_free(raw) }
        let text = String(cString: raw)
        var rectangles: UnsafeMutablePointer<PopplerRectangle>?
        var count: guint = 0
        guard poppler_page_get_text_layout(page, &rectangles, &count) != 0, let rectangles else {
            return PageText(words: [], lines: [], text: text, width: width, height: height, origin: .pdf)
        }
        defer { g_free(rectangles) }
        let boxes = UnsafeBufferPointer(start: rectangles, count: Int(count)).map {
            TextBox(x: min($0.x1, $0.x2), y: min($0.y1, $0.y2), width: abs($0.x2 - $0.x1), height: abs($0.y2 - $0.y1))
        }
        return PDFTextLayout.page(text: text, boxes: boxes, width: width, height: height)
    }
}

/// Words and lines from a page's text and one box per character (poppler's layout: the n-th box
/// is the n-th character, newlines included).
enum PDFTextLayout {
    static func page(text: String, boxes: [TextBox], width: Double, height: Double) -> PageText {
        var words: [TextWord] = [], lines: [TextLine] = []
        var current = "", currentBox: TextBox?
        var lineStart = 0

        func endWord() {
            if let box = currentBox, !current.isEmpty {
                words.append(TextWord(text: current, box: box, confidence: 100, line: lines.count))
            }
            current = ""
            currentBox = nil
        }
        func endLine() {
            endWord()
            guard words.count > lineStart else { return }
            let box = words[lineStart..<words.count].dropFirst().reduce(words[lineStart].box) { $0.union($1.box) }
            lines.append(TextLine(box: box, firstWord: lineStart, endWord: words.count, baseline: nil))
            lineStart = words.count
        }

        for (index, scalar) in text.unicodeScalars.enumerated() {
            if scalar == "\n" || scalar == "\r" {
                endLine()
            } else if CharacterSet.whitespaces.contains(scalar) {
                endWord()
            } else {
                current.unicodeScalars.append(scalar)
                if index < boxes.count {
                    currentBox = currentBox.map { $0.union(boxes[index]) } ?? boxes[index]
                }
            }
        }
        endLine()
        return PageText(words: words, lines: lines, text: text, width: width, height: height, origin: .pdf)
    }
}
