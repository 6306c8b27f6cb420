import Foundation
import StripsCore
import StripsFiles
import StripsLooks
import StripsPDF
import StripsPictures

/// Saves pages as one PDF. Pictures, and PDF pages that must be saved as pixels, are drawn by
/// cairo (`PDFWriter`); PDF pages qpdf can copy keep their own content (`PDFAssembler`), which
/// then copies every page, in order, from the source PDFs and cairo's into the result. Every byte
/// reaches the disk through one `WholeFile`, checked; the finished file is read back by qpdf (its
/// page count must be the pages saved) before it gets its name.
struct PDFSave {
    let pages: [ExportPage]
    let destination: String
    let placing: WholeFile.Placing
    let calls: FileCalls

    /// PDF pages qpdf cannot copy (or cannot be sure are the page shown) are saved as their
    /// rendering at the resolution of their sharpest picture, at least this.
    static let minimumRenderingDPI = 300.0
    static let maximumRenderingDPI = 600.0

    /// How one page gets into the file.
    private enum Plan {
        case copy(PDFPageRef)
        case draw(LoadedSource?)
    }

    func save(progress: (Int) -> Void) throws(SaveError) -> SaveResult {
        let sources = SavedSources(destination: destination)
        let renderer = PDFRenderer(idleDocuments: 2)
        var plans: [Plan] = []
        for page in pages {
            if case .pdfPage = page.source, case .pdfPage(let path, let index, let size, let copyable) = try sources.load(page) {
                if let copyable, page.corrections.onlyTurns {
                    plans.append(.copy(PDFPageRef(sourcePDF: path, pageIndex: copyable, extraQuarterTurns: page.turns)))
                } else {
                    plans.append(.draw(.pdfPage(path: path, index: index, size: size, copyable: copyable)))
                }
            } else {
                // Pictures are read when drawn, one at a time.
                plans.append(.draw(nil))
            }
        }
        // A page whose content qpdf cannot decode is saved as drawn, as it was shown.
        let copies = plans.compactMap { plan -> PDFPageRef? in if case .copy(let ref) = plan { return ref } else { return nil } }
        for (path, refs) in Dictionary(grouping: copies, by: \.sourcePDF) {
            let damaged = PDFSource.pagesWithDamagedContent(path, among: refs.map(\.pageIndex))
            guard !damaged.isEmpty else { continue }
            for (i, plan) in plans.enumerated() {
                guard case .copy(let ref) = plan, ref.sourcePDF == path, damaged.contains(ref.pageIndex),
                      case .pdfPage(_, let index, let size, let copyable) = try sources.load(pages[i]) else { continue }
                plans[i] = .draw(.pdfPage(path: path, index: index, size: size, copyable: copyable))
            }
        }
        let drawn = pages.indices.filter { if case .draw = plans[$0] { return true } else { return false } }
        var rendered: [(page: Int, dpi: Double)] = []
        func cairoPage(_ k: Int) throws(SaveError) -> CairoPage {
            let page = pages[drawn[k]]
            guard case .draw(let loaded) = plans[drawn[k]] else { throw SaveError(destination, "internal: not a drawn page") }
            let source: LoadedSource
            if let loaded { source = loaded } else { source = try sources.load(page) }
            switch source {
            case .picture(let picture):
                let orientation = picture.orientation.turned(clockwise: page.turns)
                let stored = PageSize.points(width: picture.width, height: picture.height, dpi: picture.dpi)
                let size = orientation.swapsAxes ? (width: stored.height, height: stored.width) : stored
                if let jpeg = picture.jpeg, jpeg.isEmbeddable, page.corrections.onlyTurns {
                    return .jpeg(picture, orientation, size: size)
                }
                if case .scan = page.source, page.corrections.onlyTurns {
                    return try scanned(picture, page, size: size, renderer: renderer)
                }
                if let jpeg = picture.jpeg, jpeg.isEmbeddable, let view = CroppedJPEG.view(picture, page) {
                    let own = PageSize.points(width: Int(view.page.width), height: Int(view.page.height), dpi: picture.dpi)
                    return .croppedJPEG(picture, exif: picture.orientation, view: view, turns: page.turns,
                                        size: page.turns % 2 == 0 ? own : (width: own.height, height: own.width))
                }
                // Turned by the page transform, as a JPEG is: the pixels stay as decoded.
                let pixels = try PagePixels.make(.picture(picture), corrections: page.corrections.withoutTurns, sourceSize: page.pixelSize,
                                                 pdfDPI: 0, renderer: renderer, destination: destination)
                // A corrected page is as large as its pixels at the picture's resolution.
                let own = PageSize.points(width: pixels.width, height: pixels.height, dpi: picture.dpi)
                let corrected = page.corrections.onlyTurns ? size : page.turns % 2 == 0 ? own : (width: own.height, height: own.width)
                // A photo flattened from a JPEG is stored as a JPEG again, once, at a high quality;
                // lossless sources stay lossless.
                if picture.format == .jpeg, !page.corrections.onlyTurns, page.corrections.look == .original,
                   let encoded = PageImageEncoder.jpeg(pixels, quality: CroppedJPEG.flattenedQuality) {
                    return .encodedJPEG(encoded.bytes, turns: page.turns, size: corrected)
                }
                return .pixels(pixels, turns: page.turns, size: corrected)
            case .pdfPage(let path, let index, let size, let copyable):
                let own = PDFSource.pictureResolution(path, pageIndex: index) ?? 0
                let dpi = min(Self.maximumRenderingDPI, max(Self.minimumRenderingDPI, own.rounded()))
                let pixels = try PagePixels.make(.pdfPage(path: path, index: index, size: size, copyable: copyable),
                                                 corrections: page.corrections.withoutTurns, sourceSize: page.pixelSize, pdfDPI: dpi,
                                                 renderer: renderer, destination: destination)
                rendered.append((drawn[k], dpi))
                // A corrected page is as large as its pixels at the rendering's resolution.
                let upright = page.corrections.onlyTurns ? (width: size.width, height: size.height)
                    : (width: Double(pixels.width) * 72 / dpi, height: Double(pixels.height) * 72 / dpi)
                let turned = page.turns % 2 == 0 ? upright : (width: upright.height, height: upright.width)
                return .pixels(pixels, turns: page.turns, size: turned)
            }
        }

        let output = try makeFile(placing: placing)
        defer { output.discard() }
        if drawn.count == pages.count {
            try PDFWriter.write(count: drawn.count, into: output, destination: destination, page: cairoPage, drawn: progress)
        } else {
            // cairo's pages first, into a hidden file beside the destination that is never published.
            var drawnPDF: WholeFile?
            defer { drawnPDF?.discard() }
            if !drawn.isEmpty {
                // Never published, so never flushed to the disk: qpdf reads it back at once.
                let file = try makeFile(placing: .replacing, durable: false)
                drawnPDF = file
                try PDFWriter.write(count: drawn.count, into: file, destination: destination, page: cairoPage, drawn: progress)
                try finish(file)
            }
            var next = 0
            let refs = plans.map { plan -> PDFPageRef in
                if case .copy(let ref) = plan { return ref }
                next += 1
                return PDFPageRef(sourcePDF: drawnPDF?.temporaryPath ?? "", pageIndex: next - 1)
            }
            if case .failure(let failure) = PDFAssembler.write(refs, into: { _ = output.write($0) }) {
                throw SaveError(destination, failure.reason)
            }
            if let failure = output.failure { throw SaveError.writing(destination, failure, folder: folder) }
        }
        try finish(output)
        if let problem = PDFSource.verifySaved(output.temporaryPath, pages: pages.count) { throw SaveError(destination, problem.reason) }
        do {
            try output.publish()
        } catch {
            throw SaveError.writing(destination, error, folder: folder)
        }
        progress(pages.count)
        return SaveResult(kind: .pdf, destination: destination, pageCount: pages.count, files: [], bytesWritten: output.bytesWritten,
                          notes: renderingNotes(rendered))
    }

    /// A scanned page: JPEG at quality 90 (colour, grey) or a 1-bit stencil (line art), turned
    /// by the page transform as a picture's pixels are.
    private func scanned(_ picture: Picture, _ page: ExportPage, size: (width: Double, height: Double), renderer: PDFRenderer) throws(SaveError) -> CairoPage {
        let pixels = try PagePixels.make(.picture(picture), corrections: page.corrections.withoutTurns, pdfDPI: 0, renderer: renderer, destination: destination)
        guard let scan = ScanPageImage.classify(pixels) else { return .pixels(pixels, turns: page.turns, size: size) }
        if scan.kind == .lineArt { return .lineArt(scan.pixels, turns: page.turns, size: size) }
        guard let jpeg = ScanPageImage.jpeg(scan) else { throw SaveError.page(destination, page.name, "cannot encode the scan as JPEG") }
        return .encodedJPEG(jpeg, turns: page.turns, size: size)
    }

    private var folder: String { Destination.parentFolder(of: destination) }

    private func makeFile(placing: WholeFile.Placing, durable: Bool = true) throws(SaveError) -> WholeFile {
        do {
            return try WholeFile(destination: destination, placing: placing, durable: durable, calls: calls)
        } catch {
            throw SaveError.writing(destination, error, folder: folder)
        }
    }

    private func finish(_ file: WholeFile) throws(SaveError) {
        do {
            try file.finish()
        } catch {
            throw SaveError.writing(destination, error, folder: folder)
        }
    }

    /// One line per source PDF: which of its pages were saved as pictures, and why.
    private func renderingNotes(_ rendered: [(page: Int, dpi: Double)]) -> [String] {
        let byFile = Dictionary(grouping: rendered) { pages[$0.page].source.path }
        return byFile.keys.sorted().compactMap { path in
            guard let entries = byFile[path] else { return nil }
            let dpis = entries.map(\.dpi)
            let low = Int(dpis.min() ?? 0), high = Int(dpis.max() ?? 0)
            let resolution = low == high ? "\(low) dpi" : "\(low) to \(high) dpi"
            let count = entries.count == 1 ? "1 page" : "\(entries.count) pages"
            return "\(destination): \(PDFPageName.fileName(path)): \(count) saved as pictures at \(resolution): "
                + "the file is damaged, so \(entries.count == 1 ? "it" : "they") cannot be copied as \(entries.count == 1 ? "it is" : "they are")"
        }
    }
}
