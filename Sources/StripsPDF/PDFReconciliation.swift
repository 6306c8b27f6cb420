import StripsCore

/// Which page of the file qpdf copies for each page poppler shows, so that what is saved is what
/// is shown.
///
/// Both readers walk the same page tree in the same order, but poppler leaves out entries that
/// are not page dictionaries (a damaged object stream, a dangling reference), numbering only the
/// pages it can use, while qpdf keeps every entry in its place. So the i-th page poppler shows is
/// the i-th page dictionary qpdf finds, when both find the same number of them and each pair has
/// the same size. Anything else (counts that differ, a size that does not match, a box no viewer
/// would agree on) means there is no telling which page is which: those pages are not copied but
/// saved as their rendering, and never replaced by another page.
enum PDFReconciliation {
    /// Sizes within this many points are the same (poppler and qpdf round boxes alike, but a
    /// viewer's crop box may carry fractions).
    static let sizeTolerance = 0.5

    static func copyablePages(shown: [Size], qpdf looks: [QPDFFile.PageLook]) -> [Int?] {
        let pages = looks.indices.filter { looks[$0] != .missing }
        guard pages.count == shown.count else { return shown.map { _ in nil } }
        return zip(shown, pages).map { size, index in
            guard case .page(let own) = looks[index],
                  abs(own.width - size.width) <= sizeTolerance, abs(own.height - size.height) <= sizeTolerance else { return nil }
            return index
        }
    }
}
