import StripsCore
import StripsPhotosFeatures

/// Batches become documents: pages judged blank or separator sheets as they come near the focus
/// (asked of the host as effects, answered as `judged`), Ctrl+Shift+B selecting the blank pages,
/// B putting or taking away a break before the page in focus (an edit, undoable), and the split
/// the strip shows and a save writes one file a part of.
extension PhotosScene {
    // MARK: Asking

    /// How far the editor asks of its own accord: near the focus (scripts), every page (the window).
    public var judgingReach: Judging.Reach {
        get { findings.batches.judging.reach }
        set { findings.batches.judging.reach = newValue }
    }

    /// The pages that came near the focus since the last frame, to be judged (`effectsDue`): in
    /// the window a ring around it (then every page, in the background); in a script the pages
    /// whose thumbnails are on screen, whose marks the frame shows.
    mutating func judgingDue(at time: Double) -> [Effect] {
        var ring = Judging.ring
        if findings.batches.judging.reach == .nearFocus {
            let cells = strips.thumbnails.cells(in: Rect(origin: .zero, size: setup.windowSize), content: content(at: time).thumbnails)
            ring = cells.map { abs($0.index - strips.focusIndex) }.max() ?? 0
        }
        return batch(.due(pages: document.pages, focus: strips.focusIndex, generation: document.generation, arriving: transfers.scan?.arriving?.placed, ring: ring), at: time)
    }

    /// Judgements the host answered: kept (a separator found changes the split the next frame
    /// shows); an action that waited for them runs.
    mutating func judged(_ pages: [JudgedPage], at time: Double) -> [Effect] {
        let outputs = BatchesFeature.reduce(into: &findings.batches, action: .judged(pages, pages: document.pages), context: ())
        uprightJudged(pages, at: time)
        refreshSplit()
        return apply(outputs, at: time)
    }

    // MARK: Blank pages

    /// Ctrl+Shift+B: the blank pages selected, once every page is judged (those not judged yet
    /// are asked for first, ahead of the others).
    mutating func selectBlank(at time: Double) -> [Effect] {
        batch(.selectBlank(pages: document.pages, arriving: transfers.scan?.arriving?.placed), at: time)
    }

    /// The batches' reducer on their state, its outputs routed.
    mutating func batch(_ action: BatchesFeature.Action, at time: Double) -> [Effect] {
        apply(BatchesFeature.reduce(into: &findings.batches, action: action, context: ()), at: time)
    }

    // MARK: Breaks

    /// B's change at page `index` (nil: none there to make), for the menu's item.
    func breakChange(at index: Int) -> BreakChange? { BatchesFeature.breakChange(at: index, in: pages, findings.batches.judging) }

    /// B: a break before page `index` (nil: the page in focus) put, or the one there taken away.
    mutating func toggleBreak(at index: Int?, at time: Double) {
        _ = batch(.toggleBreak(at: index ?? strips.focusIndex, pages: pages), at: time)
    }

    // MARK: The split

    /// The pages shown split into documents (made when the pages or the separators change).
    public var documentSplit: DocumentSplit {
        findings.batches.split.key == splitKey ? findings.batches.split.split : DocumentSplit(pages: shownPages, separator: findings.batches.judging.separator)
    }

    /// Each part's name, as the strip labels it and a save names its file.
    public var documentNames: [String] {
        findings.batches.split.key == splitKey ? findings.batches.split.names : Self.names(of: documentSplit, base: setup.outputName ?? setup.documentName)
    }

    /// The split worked out again when what it is made from has changed (once per tick at most).
    mutating func refreshSplit() {
        let key = splitKey
        guard findings.batches.split.key != key else { return }
        let split = DocumentSplit(pages: shownPages, separator: findings.batches.judging.separator)
        findings.batches.split = SplitCache(key: key, split: split, names: Self.names(of: split, base: setup.outputName ?? setup.documentName))
    }

    private var splitKey: SplitCache.Key {
        var before: Double?
        if case .animating(let transition) = interaction.activity, transition.showsBefore { before = transition.start }
        return SplitCache.Key(generation: document.generation, separators: findings.batches.judging.separatorsVersion, showingBefore: before)
    }

    /// A saved file's or folder's name without its folder and `.pdf`.
    public static func fileStem(_ path: String) -> String {
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        let file = trimmed.split(separator: "/").last.map(String.init) ?? trimmed
        return file.lowercased().hasSuffix(".pdf") ? String(file.dropLast(4)) : file
    }

    static func names(of split: DocumentSplit, base: String) -> [String] {
        DocumentNames.names(base: base, titles: split.parts.map(\.title))
    }
}

/// The split of the pages shown, and what it was made from.
/// The host's answer to this feature, through this door (`PhotosScene.hostAnswered`).
extension JudgedPages: PhotosAnswer {
    func deliver(to scene: inout PhotosScene, at time: Double) -> [Effect] { scene.judged(pages, at: time) }
}
