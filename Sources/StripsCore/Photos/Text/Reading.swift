/// The text feature's own state: the pages' text as the host answered it (their own or
/// recognised, by recipe), what was last asked for around the focus, and what Ctrl+C copied. The
/// scene holds one of these and hands it what it reads of the document; nothing here touches the
/// strips, the interaction or the notices.
public struct Reading: Sendable {
    /// The text known for pages, as the host answers it.
    public internal(set) var known = PageTexts()
    /// What the host was last asked to read near the focus.
    var near = TextReading()
    /// The text Ctrl+C copied last (the trace's `clipboard`).
    public internal(set) var clipboard: String?

    /// The pages around `focus` whose text the host has not answered, when they changed since last
    /// asked (a change, never the document). `arriving`: a scanned page still coming in.
    mutating func due(pages: [Page], focus: Int, arriving: String?) -> [Effect] {
        guard let request = near.nearRequest(pages: pages, focus: focus, texts: known, arriving: arriving) else { return [] }
        return [.readText(request)]
    }

    /// Text the host read; the keys answered.
    mutating func received(_ pages: [RecognisedText]) -> [TextKey] {
        for page in pages { known.set(page.words, for: page.key) }
        return pages.map(\.key)
    }

    /// Pages the host has no text for: not asked for again. The keys answered.
    mutating func receivedTextless(_ keys: [TextKey]) -> [TextKey] {
        for key in keys { known.setTextless(key) }
        return keys
    }

    /// Ctrl+C on `page`: its text kept as copied and the effect that puts it on the clipboard,
    /// and the line the status says either way.
    mutating func copy(_ page: Page) -> (notice: String, effects: [Effect]) {
        guard let words = known[page] else {
            return (known.isAnswered(page) ? tr("%s has no text to copy (its own, or recognised: --ocr)", page.id) : tr("The text of %s is not known yet", page.id), [])
        }
        guard !words.text.isEmpty else { return (tr("%s has no text", page.id), []) }
        clipboard = words.text
        let count = words.words.count
        return (trn("Copied the text of %s (%d word)", "Copied the text of %s (%d words)", count, page.id), [.copy(words.text)])
    }

    /// O: each of `targets` (indices into `pages`) whose way up is known and is not the way it is
    /// turned now, turned that way.
    func uprightChanges(_ pages: [Page], targets: [Int]) -> [CorrectionChange] {
        targets.compactMap { i in
            guard let upright = known[pages[i]]?.upright, upright != pages[i].quarterTurns else { return nil }
            return CorrectionChange(index: i, before: pages[i].corrections, after: pages[i].corrections.turned(upright - pages[i].quarterTurns))
        }
    }

    /// What O says when it turns none of `targets`.
    func uprightNothingToDo(_ targets: [Page]) -> String {
        let count = targets.filter { known[$0]?.upright != nil }.count
        if count == 0 { return tr("Which way up is not known yet: it is found as the text is read (--ocr)") }
        return count == targets.count ? tr("Every page is upright") : trn("The pages known are upright; %d not read yet", "The pages known are upright; %d not read yet", targets.count - count)
    }
}
