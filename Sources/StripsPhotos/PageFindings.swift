import StripsCore
import StripsPhotosFeatures

/// What the host has found in the pages' pictures, each finding by the key its picture was read
/// under (`TextKey`, the source and the recipe that shape it), and what is asked and not answered
/// yet: their text (the text feature's room), the judges' verdicts (blank, separator sheet, which
/// way up) with the split into documents they make, the turns upright the verdicts call for, and
/// the border finder's requests. A finding is made of a picture, so an edit that changes a page's
/// picture asks anew, whichever finder it is; the rooms inside are changed only by their own
/// reducers (`TextFeature`, `BatchesFeature`, `Uprighting`), each given its own state.
public struct PageFindings: Sendable {
    /// Text: what the host read of the pages, what was asked near the focus, what Ctrl+C copied.
    var text = TextFeature.State()
    /// Blank pages and separator sheets as the judges found them, what waits for them, and the
    /// split of the pages shown into documents.
    public internal(set) var batches = BatchesState()
    /// Pages turned upright by themselves: the turns the judges' verdicts call for, waiting, and
    /// the pages decided.
    public internal(set) var upright = Uprighting()
    /// Border requests the host has not answered: the window keeps drawing until they come.
    var borders = BorderRequests()
}
