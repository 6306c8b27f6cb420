import StripsCore
import StripsLooks
import StripsPictures

/// The text of a page, from wherever it is cheapest: a PDF page's own text (poppler; such pages are
/// never recognised), else the text cache, else Tesseract on the rendered page, kept in the cache.
/// This is what `strips text`, search and saving ask. It holds a Tesseract engine and an open PDF,
/// so it belongs to one thread; make one per worker.
public final class PageTextService {
    /// Tesseract's languages, `auto` (`ScriptLanguages`: each page in the installed languages
    /// of the script OSD finds on it), or nil to never recognise (`--ocr off`).
    public let languages: String?
    public let cache: TextCache?
    /// With `auto`: the languages the user's locale asks for, most wanted first (a Latin page's
    /// lead its reading).
    public let preferred: [String]
    /// With `auto`: told once for each page script whose languages are not installed, one line
    /// naming the Debian package (`... install tesseract-ocr-rus`); nil: `ScriptLanguages.missingData`.
    private let missingData: (@Sendable (String) -> Void)?
    /// One engine per set of languages (`auto` reads Russian and Hindi pages with different ones).
    private var recognizers: [String: Recognizer] = [:]
    private var osd: PageOSD?
    private var named: Set<String> = []
    private var reader: PDFTextReader?
    /// Starts an engine for a set of languages (loading their models: it cannot be stopped).
    private let load: Load

    public typealias Load = (_ languages: String) throws(RecognitionError) -> Recognizer

    /// `load`: how an engine is started (Tesseract's; a test's stands in for a slow disk).
    public init(languages: String?, cache: TextCache? = TextCache.standard(), preferred: [String] = ScriptLanguages.localeLanguages(),
                missingData: (@Sendable (String) -> Void)? = nil,
                load: @escaping Load = { languages throws(RecognitionError) in try Recognizer(languages: languages) }) {
        self.languages = languages
        self.cache = cache
        self.preferred = preferred
        self.missingData = missingData
        self.load = load
    }

    /// The engine for `languages`, started on first use; its loading is `cancel`'s uncancellable
    /// step (a quit does not wait for it).
    private func recognizer(for languages: String, cancel: RecognitionCancel? = nil) throws(RecognitionError) -> Recognizer {
        if let started = recognizers[languages] { return started }
        let started = try Self.step(cancel) { () throws(RecognitionError) in try load(languages) }
        recognizers[languages] = started
        return started
    }

    /// `step` as `cancel`'s uncancellable step, or plainly when nothing can cancel.
    private static func step<T>(_ cancel: RecognitionCancel?, _ step: () throws(RecognitionError) -> T) throws(RecognitionError) -> T {
        guard let cancel else { return try step() }
        return try cancel.uncancellable(step)
    }

    /// `auto`'s choice for a page: OSD's script (when sure) to the installed languages, and
    /// OSD's reading, which also says which way up the page is. A Latin page's other languages
    /// come back apart: it is read in the first alone, and again with another only when
    /// `LatinLanguageCheck` finds the first reading is in it.
    private func autoLanguages(for page: (picture: PixelBuffer, dpi: Double), cancel: RecognitionCancel?)
        throws(RecognitionError) -> (languages: String, others: [String], reading: PageOSD.Reading?) {
        if osd == nil { osd = try Self.step(cancel) { PageOSD() } }
        let reading = osd?.read(page.picture, dpi: page.dpi)
        let script = reading.flatMap { $0.scriptConfidence >= ScriptLanguages.sureScript ? $0.script : nil }
        guard let choice = ScriptLanguages.choose(script: script, installed: TessData.installed, preferred: preferred) else {
            throw .noData(searched: TessData.searchPath)
        }
        if let package = choice.missingPackage, named.insert(package).inserted {
            (missingData ?? ScriptLanguages.missingData)?("pages in \(script ?? "this script") are read as \(choice.languages): install \(package) to read them")
        }
        let languages = choice.languages.split(separator: "+").map(String.init)
        guard script == nil || script == "Latin", choice.missingPackage == nil, let first = languages.first, languages.count > 1 else {
            return (choice.languages, [], reading)
        }
        return (first, Array(languages.dropFirst()), reading)
    }

    /// The text of one page of `file`: page `pdfPage` (from 0) of a PDF, or a picture (nil).
    /// `recipe` fingerprints the page's recipe (see `TextCacheKey.recipe`); `geometry` is what its
    /// crop and straighten do (nil: nothing), which a PDF page's own text is laid through onto the
    /// page as it is drawn (`PageText.laid(on:)`); `render` gives the page as it is drawn and
    /// saved, with its resolution, and is only called when recognition is needed. Returns nil when the page has no text of its own and recognition is off; throws
    /// when recognition fails or is cancelled (a missing language, say).
    ///
    /// With `detectOrientation`, Tesseract's orientation detection runs first (about a fifth of a
    /// page's reading time): the result says which way up the page is (`PageText.orientation`),
    /// and a page it is sure lies sideways or upside down is read turned the right way up, its
    /// text then in that upright space (`PageText.quarterTurns`).
    ///
    /// `languages` chosen for this page (its menu, the scan panel) replace the service's, unless
    /// recognition is off.
    public func pageText(file: String, pdfPage: Int?, recipe: String, geometry: RecipeGeometry? = nil, detectOrientation: Bool = false,
                         languages chosen: String? = nil, cancel: RecognitionCancel? = nil,
                         render: () -> (picture: PixelBuffer, dpi: Double)?) throws(RecognitionError) -> PageText? {
        if let pdfPage, let own = pdfText(file, page: pdfPage), !own.isEmpty { return geometry.map(own.laid(on:)) ?? own }
        guard self.languages != nil, let languages = chosen ?? self.languages else { return nil }
        let key = TextCacheKey(path: file, recipe: recipe, languages: languages + (detectOrientation ? " osd" : ""))
        if let key, let kept = cache?.text(for: key) { return kept }
        if cancel?.isCancelled == true { throw .cancelled }
        guard let page = render() else { throw .failed(trLater("the page could not be drawn")) }
        let readIn: String, others: [String], reading: PageOSD.Reading?
        if languages == ScriptLanguages.auto {
            (readIn, others, reading) = try autoLanguages(for: page, cancel: cancel)
        } else {
            (readIn, others, reading) = (languages, [], nil)
        }
        let recognizer = try recognizer(for: readIn, cancel: cancel)
        let orientation = detectOrientation ? reading?.orientation ?? recognizer.orientation(of: page.picture, dpi: page.dpi) : nil
        let turns = orientation.map { $0.suggestsTurning ? $0.quarterTurnsToUpright : 0 } ?? 0
        let upright = PictureTurn.turned(page.picture, quarterTurns: turns)
        var text = try recognizer.recognise(upright, dpi: page.dpi, cancel: cancel)
        if let other = LatinLanguageCheck.better(than: readIn, among: others, in: text.text) {
            // A French or Indonesian page read first in English: read again in its own language
            // (English after it, for the page's English words).
            text = try self.recognizer(for: other + "+" + readIn, cancel: cancel).recognise(upright, dpi: page.dpi, cancel: cancel)
        }
        text.quarterTurns = turns
        text.orientation = orientation
        if let key { cache?.store(text, for: key) }
        return text
    }

    /// The Tesseract engine this service reads with (made on first use), for orientation detection
    /// on the same thread.
    public func engine() throws(RecognitionError) -> Recognizer? {
        guard let languages else { return nil }
        if languages == ScriptLanguages.auto {
            // Orientation alone needs no particular language: the Latin ones `auto` would read.
            guard let latin = ScriptLanguages.choose(script: nil, installed: TessData.installed, preferred: preferred) else { return nil }
            return try recognizer(for: latin.languages)
        }
        return try recognizer(for: languages)
    }

    /// A PDF page's own text; the document stays open for the next page of the same file.
    private func pdfText(_ path: String, page: Int) -> PageText? {
        if reader?.path != path { reader = try? PDFTextReader(path: path) }
        return reader?.text(page: page)
    }
}

extension PageText {
    /// Pages' texts as `strips text` prints them: one form feed between pages.
    public static func printed(_ pages: [PageText?]) -> String {
        pages.map { $0?.text ?? "" }.joined(separator: "\u{0C}")
    }
}
