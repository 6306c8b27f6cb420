import StripsCore

/// The text feature's room: the pages' text as the host answered it (their own or recognised, by
/// recipe) and what was last asked for around the focus. The scene hands it
/// what it reads of the document; it touches nothing of the strips, the interaction or the
/// notices: what it wants of them comes back as outputs.
public enum TextFeature: PhotosFeature {
    public struct State: Sendable {
        package init() {}

        /// The text known for pages, as the host answers it.
        public internal(set) var known = PageTexts()
        /// What the host was last asked to read near the focus.
        var near = TextReading()

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
        }
    }
}
