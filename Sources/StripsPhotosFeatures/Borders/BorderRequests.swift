import StripsCore

/// The border finder's requests the host has not answered: the window keeps drawing until they
/// come. Each request is counted as it is made and uncounted as its answer arrives, whatever the
/// answer finds.
package struct BorderRequests: Hashable, Sendable {
    package init() {}

    package private(set) var awaiting = 0

    /// The effect for `request`, counted until it is answered.
    mutating func ask(_ request: BorderRequest) -> Effect {
        awaiting += 1
        return .findBorders(request)
    }

    mutating func answered() { awaiting = max(0, awaiting - 1) }
}

extension BorderAnswer {
    /// Shift+C's edit: each found page's corners and levelling applied to the page with its id in
    /// `pages`, those that change it.
    func applied(to pages: [Page]) -> [CorrectionChange] {
        var changes: [CorrectionChange] = []
        for found in self.pages {
            guard let index = pages.firstIndex(where: { $0.id == found.pageID }), let after = found.applied(to: pages[index].corrections) else { continue }
            if after != pages[index].corrections { changes.append(CorrectionChange(index: index, before: pages[index].corrections, after: after)) }
        }
        return changes
    }

    /// Shift+C's edit when some pictures are open books photographed whole: each such page in
    /// its place replaced by its two pages, every other page found replaced by itself corrected,
    /// one edit (one undo step); empty when no page is a spread.
    func replacements(in pages: [Page]) -> [PageReplacement] {
        guard self.pages.contains(where: { $0.spread != nil }) else { return [] }
        var replacements: [PageReplacement] = []
        for found in self.pages {
            guard let index = pages.firstIndex(where: { $0.id == found.pageID }) else { continue }
            let page = pages[index]
            if let halves = found.pages(of: page) {
                replacements.append(PageReplacement(index: index, before: [page], after: halves))
            } else if let after = found.applied(to: page.corrections), after != page.corrections {
                var corrected = page
                corrected.corrections = after
                replacements.append(PageReplacement(index: index, before: [page], after: [corrected]))
            }
        }
        return replacements.sorted { $0.index < $1.index }
    }

    /// A `layFlat` answer's pages whose curve was found, as changes of their own (its pages come
    /// with no levelling, so `levelled` gives exactly the curved ones).
    func laidFlat(_ pages: [Page]) -> [CorrectionChange] {
        levelled(pages).sorted { $0.key < $1.key }.map { CorrectionChange(index: $0.key, before: pages[$0.key].corrections, after: $0.value) }
    }

    /// The applied pages' levelling: by index into `pages`, their corrections with the curve that
    /// lays them flat, or else the angle that levels their text (to a tenth of a degree), for
    /// those that are curved or lean.
    func levelled(_ pages: [Page]) -> [Int: Corrections] {
        var after: [Int: Corrections] = [:]
        for found in self.pages {
            guard let index = pages.firstIndex(where: { $0.id == found.pageID }) else { continue }
            var corrections = pages[index].corrections
            if let curve = found.curve {
                // A curve found on the corners applied: laid flat, its lines are level.
                corrections.dewarp = curve
                corrections.straighten = 0
                corrections.fingers = found.fingers
            } else {
                guard let angle = found.levelling, angle != 0 else { continue }
                corrections.straighten = BordersFeature.tenths(angle)
            }
            after[index] = corrections
        }
        return after
    }
}
