/// The pages' text as the host reads it: asked for near the focus as it moves (and by a search),
/// kept by key as it arrives (a search under way finds the new pages), copied with Ctrl+C, and the
/// orientation found on the way, which O uses.
extension PhotosScene {
    /// The pages around the focus whose text the host has not answered, asked for when they
    /// change (a change, never the document: `TextReading`).
    mutating func textDue() -> [Effect] {
        let arriving = scanning?.arriving?.placed
        guard let request = reading.nearRequest(pages: shownPages, focus: focusIndex, texts: texts, arriving: arriving) else { return [] }
        return [.readText(request)]
    }

    /// Text the host read.
    mutating func received(_ pages: [RecognisedText]) {
        guard !pages.isEmpty else { return }
        for page in pages { texts.set(page.words, for: page.key) }
        textArrived(pages.map(\.key))
    }

    /// Pages the host has no text for: not asked for again, and no longer waited for by a search.
    mutating func receivedTextless(_ keys: [TextKey]) {
        guard !keys.isEmpty else { return }
        for key in keys { texts.setTextless(key) }
        textArrived(keys)
    }

    /// The search under way takes in the pages answered (all of them again if the document
    /// changed since it last looked).
    private mutating func textArrived(_ keys: [TextKey]) {
        let state = documentState
        updateSearch { search, scene in
            if search.seen == state {
                search.arrived(keys, pages: scene.pages, texts: scene.texts, focus: scene.focusIndex)
            } else {
                search.refresh(pages: scene.pages, texts: scene.texts, focus: scene.focusIndex)
                search.seen = state
            }
        }
    }

    /// O: each target page (the selection, else every page) whose way up is known and is not the
    /// way it is turned now, turned that way.
    func uprightChanges() -> [CorrectionChange] {
        let targets = document.selection.isEmpty ? Array(pages.indices) : document.selection.indices
        return targets.compactMap { i in
            guard let upright = texts[pages[i]]?.upright, upright != pages[i].quarterTurns else { return nil }
            return CorrectionChange(index: i, before: pages[i].corrections, after: pages[i].corrections.turned(upright - pages[i].quarterTurns))
        }
    }

    /// What O says when it turns nothing.
    var uprightNothingToDo: String {
        let targets = document.selection.isEmpty ? pages : document.selection.indices.map { pages[$0] }
        let known = targets.filter { texts[$0]?.upright != nil }.count
        if known == 0 { return "Which way up is not known yet: it is found as the text is read (--ocr)" }
        return known == targets.count ? "Every page is upright" : "The pages known are upright; \(targets.count - known) not read yet"
    }

    /// Ctrl+C: the text of the page in focus, to the clipboard.
    mutating func copyText(at time: Double) -> [Effect] {
        guard pages.indices.contains(focusIndex) else { return [] }
        let page = pages[focusIndex]
        guard let words = texts[page] else {
            let known = texts.isAnswered(page) ? "\(page.id) has no text to copy (its own, or recognised: --ocr)" : "The text of \(page.id) is not known yet"
            notices.post(known, at: time)
            return []
        }
        guard !words.text.isEmpty else {
            notices.post("\(page.id) has no text", at: time)
            return []
        }
        clipboard = words.text
        let count = words.words.count
        notices.post("Copied the text of \(page.id) (\(count) word\(count == 1 ? "" : "s"))", at: time)
        return [.copy(words.text)]
    }
}
