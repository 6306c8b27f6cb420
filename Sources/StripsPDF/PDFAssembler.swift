import CQPDF
import Foundation
import StripsFiles

/// One page of a PDF to be saved: which file, which page of it as qpdf reads the file (from 0:
/// `PDFDocumentInfo.copyablePages` gives it for a page shown), and how many quarter turns
/// clockwise to add to its own /Rotate.
public struct PDFPageRef: Hashable, Sendable {
    public var sourcePDF: String
    public var pageIndex: Int
    public var extraQuarterTurns: Int

    public init(sourcePDF: String, pageIndex: Int, extraQuarterTurns: Int = 0) {
        self.sourcePDF = sourcePDF
        self.pageIndex = pageIndex
        self.extraQuarterTurns = extraQuarterTurns
    }
}

/// Saves pages of any number of PDFs, in any order, as a new PDF. Each page is copied whole with
/// qpdf: its content stream, fonts, images and annotations come along untouched, so text stays
/// selectable and vectors stay vectors; nothing is re-rendered.
public enum PDFAssembler {
    /// Writes `pages` as one PDF into `sink` (which sees every byte, in order). On a failure (a
    /// source unreadable, encrypted or short of a page) the sink may have had part of a file: the
    /// caller discards it. Content streams are copied as they are: `PDFSource.pagesWithDamagedContent`
    /// tells the pages whose content qpdf cannot decode, which a caller should not copy. Safe on any thread (every call has its own qpdf objects).
    public static func write(_ pages: [PDFPageRef], into sink: @escaping @Sendable (UnsafeRawBufferPointer) -> Void) -> Result<Void, PDFFailure> {
        guard !pages.isEmpty else { return .failure(PDFFailure("no pages to save")) }
        var sources: [String: QPDFFile] = [:]
        for ref in pages where sources[ref.sourcePDF] == nil {
            switch QPDFFile.read(ref.sourcePDF) {
            case .failure(let failure): return .failure(PDFFailure("\(PDFPageName.fileName(ref.sourcePDF)): \(failure.reason)"))
            case .success(let file): sources[ref.sourcePDF] = file
            }
        }
        guard let output = QPDFFile.empty() else { return .failure(PDFFailure("qpdf could not start")) }
        for (position, ref) in pages.enumerated() {
            guard let source = sources[ref.sourcePDF] else { continue }
            if let problem = output.append(page: ref.pageIndex, of: source, at: position, extraQuarterTurns: ref.extraQuarterTurns) {
                return .failure(PDFFailure("\(PDFPageName.traceID(path: ref.sourcePDF, pageIndex: ref.pageIndex)): \(problem)"))
            }
        }
        // Page contents are copied from the sources while writing, so they stay open until then.
        return withExtendedLifetime(sources) {
            output.write(into: sink).map { _ in () }
        }
    }

    /// Writes `pages` to a new file at `path`, whole or not at all, never over an existing file.
    public static func write(_ pages: [PDFPageRef], to path: String) -> Result<Void, PDFFailure> {
        let file: WholeFile
        switch WholeFile.newFile(path) {
        case .success(let opened): file = opened
        case .failure(let failure): return .failure(failure)
        }
        let result = write(pages, into: { _ = file.write($0) })
        do {
            _ = try result.get()
            try file.finish()
            if let problem = PDFSource.verifySaved(file.temporaryPath, pages: pages.count) { throw problem }
            try file.publish()
        } catch let failure as WholeFile.Failure {
            file.discard()
            return .failure(PDFFailure(writing: path, failure))
        } catch {
            file.discard()
            return .failure(error as? PDFFailure ?? PDFFailure("\(error)"))
        }
        return result
    }
}
