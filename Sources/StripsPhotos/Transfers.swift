import StripsCore
import StripsPhotosFeatures

/// The document's pages going out and coming in over many frames while the user goes on: a save
/// writing them to files (the saving feature's room) and a scan adding them (`ScanProgress`).
/// They meet in two places, kept here: the one line over the preview says the scan's progress
/// before the save's, and the document is saved only when no scan is placing pages in it (a page
/// still arriving has no file yet).
public struct Transfers: Hashable, Sendable {
    /// Saving: the save under way, the quit waiting on it, the last one's result, and whether the
    /// editor may close.
    public internal(set) var saving = SavingFeature.State()
    /// A scan under way (the scanner works while the user goes on), nil when none is.
    public internal(set) var scan: ScanProgress?

    /// A save may begin: none under way, and no scan placing pages.
    var canSave: Bool { saving.progress == nil && scan == nil }

    /// The host works on one of them: frames keep coming (the line, the page filling in).
    var isUnderWay: Bool { saving.progress != nil || scan != nil }
}
