import StripsCore

/// The text feature's requests and answers. A `TextRequest` reads pages' text (a PDF page's own,
/// the text cache's, or recognised as `--ocr` says); a request replaces the last one of its
/// purpose, so what is asked follows the focus as a change and never grows with the document: the
/// pages near the focus, sent again only when they change; every page not read yet, once, when a
/// search is typed. Answered page by page by `TextEvent`s: in a script at once (before the frame
/// that needs them), in the window in the background. Ctrl+C's text goes to the clipboard
/// (`ClipboardCopy`, not answered).

/// The text host's answers.
public enum TextEvent: FeatureAnswer {
    /// The text of pages, found by the host's text engine (a PDF page's own, or recognised) for
    /// the pages the scene asked for (`readText`) or a save needed, each under the key it was read for.
    case recognised([RecognisedText])
    /// Pages asked for that have no text to give (none of their own and recognition off, or the
    /// page could not be read): they are not asked for again.
    case textless([TextKey])
    /// Reading text failed in a way the user should hear of once (a page that could not be read).
    case failed(HostMessage)
}

/// One page's text as the host read it: the key it belongs to and its words.
public struct RecognisedText: Hashable, Sendable {
    public var key: TextKey
    public var words: PageWords

    public init(key: TextKey, words: PageWords) {
        self.key = key
        self.words = words
    }
}

/// Pages whose text to read, and what for: each purpose's request replaces its last one.
public struct TextRequest: FeatureRequest {
    public enum Purpose: Hashable, Sendable {
        /// The pages around the focus (`TextReading.reach` either side): read first.
        case near
        /// Every page not read yet, for a search under way; empty when the search closes.
        case search
    }

    public var purpose: Purpose
    /// In the order to read them (nearest the focus first).
    public var pages: [Page]

    public init(purpose: Purpose, pages: [Page]) {
        self.purpose = purpose
        self.pages = pages
    }
}

/// Put text on the clipboard (Ctrl+C: the text of the page in focus). Not answered; headless, the
/// trace's `clipboard` says what was copied.
public struct ClipboardCopy: FeatureRequest {
    public var text: String

    public init(_ text: String) { self.text = text }
}

extension Effect {
    public static func readText(_ request: TextRequest) -> Effect { Effect(request) }
    public static func copy(_ text: String) -> Effect { Effect(ClipboardCopy(text)) }
}

extension HostEvent {
    public static func text(_ event: TextEvent) -> HostEvent { HostEvent(event) }
}

extension TextEvent {
    /// Pages answered, with text or without: what a search under way waits for.
    public var settlesPages: Bool {
        switch self {
        case .recognised, .textless: return true
        case .failed: return false
        }
    }
}
