import StripsCore

/// The text feature's room: the pages' text as the host answered it (their own or recognised, by
/// recipe), what was last asked for around the focus, and what Ctrl+C copied. The scene hands it
/// what it reads of the document; it touches nothing of the strips, the interaction or the
/// notices: what it wants of them comes back as outputs.
public enum TextFeature: PhotosFeature {
    public struct State: Sendable {
        package init() {}

        /// The text known for pages, as the host answers it.
        public internal(set) var known = PageTexts()
        /// What the host was last asked to read near the focus.
        var near = TextReading()
        /// The text Ctrl+C copied last (the trace's `clipboard`).
        public internal(set) var clipboard: String?

        /// O: each of `targets` (indices into `pages`) whose way up is known and is not the way it
        /// is turned now, turned that way.
        package func uprightChanges(_ pages: [Page], targets: [Int]) -> [CorrectionChange] {
            targets.compactMap { i in
                guard let upright = known[pages[i]]?.upright, upright != pages[i].quarterTurns else { return nil }
                return CorrectionChange(index: i, before: pages[i].corrections, after: pages[i].corrections.turned(upright - pages[i].quarterTurns))
            }
        }

        /// What O says when it turns none of `targets`.
        package func uprightNothingToDo(_ targets: [Page]) -> String {
            let count = targets.filter { known[$0]?.upright != nil }.count
            if count == 0 { return tr("Which way up is not known yet: it is found as the text is read (--ocr)") }
            return count == targets.count ? tr("Every page is upright") : trn("The pages known are upright; %d not read yet", "The pages known are upright; %d not read yet", targets.count - count)
        }
    }

    package enum Action {
        /// The strips rest: the pages around `focus` whose text the host has not answered are asked
        /// for when they changed since last asked (a change, never the document). `arriving`: a
        /// scanned page still coming in.
        case due(pages: [Page], focus: Int, arriving: String?)
        /// Text the host read.
        case recognised([RecognisedText])
        /// Pages the host has no text for: not asked for again.
        case textless([TextKey])
        /// Ctrl+C on `page`: its text to the clipboard.
        case copy(Page)
    }

    package static func reduce(into state: inout State, action: Action, context: Void) -> [PhotosOutput] {
        switch action {
        case .due(let pages, let focus, let arriving):
            guard let request = state.near.nearRequest(pages: pages, focus: focus, texts: state.known, arriving: arriving) else { return [] }
            return [.effect(.readText(request))]
        case .recognised(let pages):
            guard !pages.isEmpty else { return [] }
            for page in pages { state.known.set(page.words, for: page.key) }
            return [.textArrived(pages.map(\.key))]
        case .textless(let keys):
            guard !keys.isEmpty else { return [] }
            for key in keys { state.known.setTextless(key) }
            return [.textArrived(keys)]
        case .copy(let page):
            guard let words = state.known[page] else {
                return [.notice(state.known.isAnswered(page) ? tr("%s has no text to copy (its own, or recognised: --ocr)", page.id) : tr("The text of %s is not known yet", page.id))]
            }
            guard !words.text.isEmpty else { return [.notice(tr("%s has no text", page.id))] }
            state.clipboard = words.text
            let count = words.words.count
            return [.notice(trn("Copied the text of %s (%d word)", "Copied the text of %s (%d words)", count, page.id)), .effect(.copy(words.text))]
        }
    }
}
