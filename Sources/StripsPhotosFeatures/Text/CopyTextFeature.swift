import StripsCore

/// Ctrl+C (and the page menu's "Copy text"): the text of the page in focus to the clipboard. A
/// registered feature (`PhotosFeatures.registered`): its state is the text it copied last (the
/// trace's `clipboard`), the pages' text known so far comes in with the facts, and the copy goes
/// out as a request to the host with a line saying what was copied, or why nothing was.
package enum CopyTextFeature: RegisteredFeature {
    /// The text copied last, nil before the first copy.
    package typealias State = String?
    package static let initialState: State = nil

    package enum Action: Hashable, Sendable {
        case copy
    }

    package static var keys: [KeyRow<Action>] {
        [KeyRow(.text, tr("Copy text"), tr("copies the text of the page in focus"), [(KeyChord(.c, ctrl: .yes, shift: .either, alt: .either), .copy)])]
    }

    package static func reduce(into state: inout State, action: Action, context: FeatureFacts) -> [PhotosOutput] {
        // A held Ctrl+C copies once.
        guard !context.repeating, let page = context.focus else { return [] }
        guard let words = context.texts[page] else {
            return [.notice(context.texts.isAnswered(page) ? tr("%s has no text to copy (its own, or recognised: --ocr)", page.id) : tr("The text of %s is not known yet", page.id))]
        }
        guard !words.text.isEmpty else { return [.notice(tr("%s has no text", page.id))] }
        state = words.text
        let count = words.words.count
        return [.notice(trn("Copied the text of %s (%d word)", "Copied the text of %s (%d words)", count, page.id)), .effect(.copy(words.text))]
    }
}
