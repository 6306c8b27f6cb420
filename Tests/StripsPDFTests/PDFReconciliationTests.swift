import StripsCore
import Testing
@testable import StripsPDF

/// Which page qpdf copies for each page poppler shows: the i-th page dictionary for the i-th page
/// shown, only when both find as many and each pair is the same size; else none.
@Suite struct PDFReconciliationTests {
    let a4 = Size(width: 595, height: 842)

    @Test func anIntactFileCopiesEveryPageInPlace() {
        #expect(PDFReconciliation.copyablePages(shown: [.letter, a4, .letter], qpdf: [.page(.letter), .page(a4), .page(.letter)]) == [0, 1, 2])
    }

    @Test func entriesPopplerLeavesOutShiftQpdfsNumbers() {
        // Pages 1 and 3 of the tree are lost: poppler shows three pages, qpdf keeps five places.
        let looks: [QPDFFile.PageLook] = [.missing, .page(.letter), .missing, .page(a4), .page(.letter)]
        #expect(PDFReconciliation.copyablePages(shown: [.letter, a4, .letter], qpdf: looks) == [1, 3, 4])
    }

    @Test func differentCountsOrSizesCopyNothingUnsure() {
        // poppler shows fewer pages than qpdf finds: no telling which are which.
        #expect(PDFReconciliation.copyablePages(shown: [.letter, .letter], qpdf: [.page(.letter), .page(.letter), .page(.letter)]) == [nil, nil])
        // Same count, one size differs (another page in that place), one box nobody agrees on.
        #expect(PDFReconciliation.copyablePages(shown: [.letter, .letter, .letter], qpdf: [.page(.letter), .page(a4), .badBox]) == [0, nil, nil])
        // Within half a point is the same size.
        #expect(PDFReconciliation.copyablePages(shown: [Size(width: 612.4, height: 791.6)], qpdf: [.page(.letter)]) == [0])
    }

    @Test func messagesLoseTheirEscapesAndLineBreaks() {
        #expect(PDFSniffer.oneLine("Invalid XRef entry, trying to reconstruct<0a>the table\nnow") == "Invalid XRef entry, trying to reconstruct the table now")
        #expect(!PDFSniffer.oneLine("a<0A>b<1f>c").contains("<"))
    }
}
