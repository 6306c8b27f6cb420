/// The border finder's requests the host has not answered: the window keeps drawing until they
/// come. Each request is counted as it is made and uncounted as its answer arrives, whatever the
/// answer finds.
struct BorderRequests: Hashable, Sendable {
    private(set) var awaiting = 0

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

    /// The applied pages' levelling: by index into `pages`, their corrections with the angle that
    /// levels their text (to a tenth of a degree), for those that lean.
    func levelled(_ pages: [Page]) -> [Int: Corrections] {
        var after: [Int: Corrections] = [:]
        for found in self.pages {
            guard let angle = found.levelling, angle != 0, let index = pages.firstIndex(where: { $0.id == found.pageID }) else { continue }
            var corrections = pages[index].corrections
            corrections.straighten = PhotosScene.tenths(angle)
            after[index] = corrections
        }
        return after
    }
}
