import Foundation
import StripsCore
import StripsFiles
import StripsLooks
import StripsPDF
import StripsPictures
import StripsText

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
    /// What the document says about itself; what is missing is filled in (`resolvedMetadata`).
    var metadata: PDFMetadata? = nil
    /// The save's time: the file's modification date (and its creation date, when new).
    var now = PDFMetadata.saveTime()

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
        let staged = try write(progress: progress)
        try staged.publish()
        return staged.result
    }

    /// Everything but the name: the file written whole and checked, hidden beside the destination
    /// until the `StagedSave` publishes it (a batch publishes its documents together).
    func write(progress: (Int) -> Void) throws(SaveError) -> StagedSave {
        let sources = SavedSources(destination: destination)
        let renderer = PDFRenderer(idleDocuments: 2)
        var plans: [Plan] = []
        for page in pages {
            if case .pdfPage = page.source, case .pdfPage(let path, let index, let size, let copyable) = try sources.load(page) {
                if let copyable, page.corrections.pixels.keeping == .bytes {
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
        // Drawn pages with known text get it laid on, invisibly, once the drawing is written. Such
        // a page is drawn as it lies before the user's turns and turned by its /Rotate (added with
        // the layer), as a PDF page is: readers take text on a page turned by its content for
        // vertical writing and split it into letters.
        var layers: [Int: (text: PageText, placement: TextPlacement)] = [:]
        var rotations: [Int: Int] = [:]
        func cairoPage(_ k: Int) throws(SaveError) -> CairoPage {
            let page = pages[drawn[k]]
            guard let text = page.text, !text.isEmpty else { return try cairoPage(k, turns: page.turns) }
            let made = try cairoPage(k, turns: 0)
            // The text page carries the same /Rotate: qpdf turns an overlay to the page's rotation
            // when the two differ, which would lay the words across the picture's.
            layers[drawn[k]] = (text, Self.placement(text, onPage: made.size, pictureTurns: 0, rotate: page.turns * 90))
            if page.turns != 0 { rotations[drawn[k]] = page.turns }
            return made
        }
        func cairoPage(_ k: Int, turns: Int) throws(SaveError) -> CairoPage {
            let page = pages[drawn[k]]
            guard case .draw(let loaded) = plans[drawn[k]] else { throw SaveError(destination, HostMessage(trLater("internal: not a drawn page"))) }
            let source: LoadedSource
            if let loaded { source = loaded } else { source = try sources.load(page) }
            switch source {
            case .picture(let picture):
                let orientation = picture.orientation.turned(clockwise: turns)
                let stored = PageSize.points(width: picture.width, height: picture.height, dpi: picture.dpi)
                let size = orientation.swapsAxes ? (width: stored.height, height: stored.width) : stored
                // What the recipe lets the page keep of the file; what it cannot keep is drawn.
                let keeping = page.corrections.pixels.keeping
                switch keeping {
                case .bytes:
                    if let jpeg = picture.jpeg, jpeg.isEmbeddable { return .jpeg(picture, orientation, size: size) }
                    if case .scan = page.source { return try scanned(picture, page, turns: turns, size: size, renderer: renderer) }
                case .transformed(let transform):
                    if let jpeg = picture.jpeg, jpeg.isEmbeddable, let view = CroppedJPEG.view(picture, page, transform) {
                        let own = PageSize.points(width: Int(view.page.width), height: Int(view.page.height), dpi: picture.dpi)
                        return .croppedJPEG(picture, exif: picture.orientation, view: view, turns: turns,
                                            size: turns % 2 == 0 ? own : (width: own.height, height: own.width))
                    }
                case .pixels:
                    break
                }
                // Turned by the page transform, as a JPEG is: the pixels stay as decoded.
                let pixels = try PagePixels.make(.picture(picture), corrections: page.corrections.withoutTurns, sourceSize: page.pixelSize,
                                                 pdfDPI: 0, renderer: renderer, destination: destination)
                // A corrected page is as large as its pixels at the picture's resolution.
                let own = PageSize.points(width: pixels.width, height: pixels.height, dpi: picture.dpi)
                let corrected = keeping == .bytes ? size : turns % 2 == 0 ? own : (width: own.height, height: own.width)
                // A photo flattened from a JPEG is stored as a JPEG again, once, at a high quality;
                // lossless sources stay lossless.
                if picture.format == .jpeg, keeping != .bytes, page.corrections.look == .original,
                   let encoded = PageImageEncoder.jpeg(pixels, quality: CroppedJPEG.flattenedQuality) {
                    return .encodedJPEG(encoded.bytes, turns: turns, size: corrected)
                }
                return Self.compact(pixels, look: page.corrections.look, words: Self.words(page.text, on: pixels), turns: turns, size: corrected)
            case .pdfPage(let path, let index, let size, let copyable):
                let own = PDFSource.pictureResolution(path, pageIndex: index) ?? 0
                let dpi = min(Self.maximumRenderingDPI, max(Self.minimumRenderingDPI, own.rounded()))
                let pixels = try PagePixels.make(.pdfPage(path: path, index: index, size: size, copyable: copyable),
                                                 corrections: page.corrections.withoutTurns, sourceSize: page.pixelSize, pdfDPI: dpi,
                                                 renderer: renderer, destination: destination)
                // Saved as a picture although its recipe keeps it as it is: damage is why.
                if page.corrections.pixels.keeping == .bytes { rendered.append((drawn[k], dpi)) }
                // A corrected page is as large as its pixels at the rendering's resolution.
                let upright = page.corrections.pixels.keeping == .bytes ? (width: size.width, height: size.height)
                    : (width: Double(pixels.width) * 72 / dpi, height: Double(pixels.height) * 72 / dpi)
                let turned = turns % 2 == 0 ? upright : (width: upright.height, height: upright.width)
                return Self.compact(pixels, look: page.corrections.look, words: Self.words(page.text, on: pixels), turns: turns, size: turned)
            }
        }

        // A copied page keeps its own content; text recognised on it (a scanned PDF page) is laid
        // on it as on a drawn one. A page's own PDF text is there already.
        for (i, plan) in plans.enumerated() {
            guard case .copy(let ref) = plan, let text = pages[i].text, !text.isEmpty, text.origin != .pdf,
                  let frame = PDFPageFrame.of(ref.sourcePDF, pageIndex: ref.pageIndex) else { continue }
            layers[i] = (text, Self.placement(text, onPage: (frame.width, frame.height), pictureTurns: frame.rotate / 90,
                                              rotate: (frame.rotate + 90 * ref.extraQuarterTurns) % 360))
        }
        // With text to lay on, cairo's and qpdf's pages go into a hidden file first, which the
        // overlay reads; only the overlaid file is published.
        let layered = !layers.isEmpty || drawn.contains { pages[$0].text.map { !$0.isEmpty } ?? false }
        // Hidden: the file published is the one qpdf writes with the document's metadata, last.
        let output = try makeFile(placing: .replacing, durable: false)
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
                throw SaveError(destination, .verbatim(failure.reason))
            }
            if let failure = output.failure { throw SaveError.writing(destination, failure, folder: folder) }
        }
        try finish(output)
        var published = output
        defer { published.discard() }
        if layered {
            // The text pages, hidden beside the destination while qpdf reads them.
            let indices = layers.keys.sorted()
            let textPDF = try makeFile(placing: .replacing, durable: false)
            defer { textPDF.discard() }
            textPDF.write(TextLayer.document(indices.compactMap { layers[$0] }))
            try finish(textPDF)
            let overlaid = try makeFile(placing: .replacing, durable: false)
            published = overlaid
            if let problem = TextOverlay.overlay(textPDF: textPDF.temporaryPath, onto: indices, of: output.temporaryPath,
                                                       turning: rotations, into: overlaid) {
                overlaid.discard()
                throw SaveError(destination, HostMessage(trLater("the text could not be laid on the pages: %s"), problem.description))
            }
            do {
                try overlaid.finishWrittenElsewhere()
            } catch {
                overlaid.discard()
                throw SaveError.writing(destination, error, folder: folder)
            }
        }
        // The document's title, author, dates, producer and language (information dictionary,
        // XMP, /Lang), written by qpdf into the file that is published, which the staged save
        // names or discards.
        let stamped = try makeFile(placing: placing)
        var staged = false
        defer { if !staged { stamped.discard() } }
        if case .failure(let failure) = PDFMetadataFile.write(resolvedMetadata, now: now, from: published.temporaryPath, into: { _ = stamped.write($0) }) {
            throw SaveError(destination, .verbatim(failure.reason))
        }
        if let failure = stamped.failure { throw SaveError.writing(destination, failure, folder: folder) }
        try finish(stamped)
        if let problem = PDFSource.verifySaved(stamped.temporaryPath, pages: pages.count) { throw SaveError(destination, .verbatim(problem.reason)) }
        progress(pages.count)
        let result = SaveResult(kind: .pdf, destination: destination, pageCount: pages.count, files: [], bytesWritten: Self.size(of: stamped),
                                notes: renderingNotes(rendered))
        staged = true
        return StagedSave(result: result, files: [stamped], folder: folder)
    }

    /// The metadata the file gets: what was given (an opened PDF's, `--title`), the rest filled
    /// in: the title from the file's name, the author from the user's full name, Strips as the
    /// program that made it, made now unless known, modified now, the languages the pages' text
    /// was recognised in (the language most pages are written in first).
    var resolvedMetadata: PDFMetadata {
        var resolved = metadata ?? PDFMetadata()
        if resolved.title == nil {
            let name = ((destination as NSString).lastPathComponent as NSString).deletingPathExtension
            resolved.title = name.isEmpty ? nil : name
        }
        if resolved.author == nil { resolved.author = PDFMetadata.currentUser() }
        if resolved.creator == nil { resolved.creator = AppVersion.software }
        resolved.producer = AppVersion.software
        if resolved.created == nil { resolved.created = now }
        resolved.modified = now
        if resolved.languages.isEmpty {
            // A page's first language is what it is written in; the others are what its odd words
            // may be in (`--ocr auto` reads a Russian page as rus+eng): a language ranks by the
            // pages written in it, then by the pages it was read on at all.
            var pagesIn: [String: Int] = [:], firstIn: [String: Int] = [:], order: [String] = []
            for page in pages {
                guard let text = page.text, !text.isEmpty, case .recognised(let languages) = text.origin else { continue }
                for (i, tag) in LanguageTags.tags(forTesseract: languages).enumerated() {
                    if pagesIn[tag] == nil { order.append(tag) }
                    pagesIn[tag, default: 0] += 1
                    if i == 0 { firstIn[tag, default: 0] += 1 }
                }
            }
            func rank(_ e: (offset: Int, element: String)) -> (Int, Int, Int) { (firstIn[e.element] ?? 0, pagesIn[e.element] ?? 0, -e.offset) }
            resolved.languages = order.enumerated().sorted { rank($0) > rank($1) }.map(\.element)
        }
        return resolved
    }

    /// A scanned page: JPEG at quality 90 (colour, grey) or a 1-bit stencil (line art), turned
    /// by the page transform as a picture's pixels are.
    private func scanned(_ picture: Picture, _ page: ExportPage, turns: Int, size: (width: Double, height: Double),
                         renderer: PDFRenderer) throws(SaveError) -> CairoPage {
        let pixels = try PagePixels.make(.picture(picture), corrections: page.corrections.withoutTurns, pdfDPI: 0, renderer: renderer, destination: destination)
        guard let scan = ScanPageImage.classify(pixels) else { return .pixels(pixels, turns: turns, size: size) }
        if scan.kind == .lineArt { return .lineArt(scan.pixels, turns: turns, size: size) }
        guard let jpeg = ScanPageImage.jpeg(scan) else { throw SaveError.page(destination, page.name, HostMessage(trLater("cannot encode the scan as JPEG"))) }
        return .encodedJPEG(jpeg, turns: turns, size: size)
    }

    private var folder: String { Destination.parentFolder(of: destination) }

    /// Where a page's text lies on its saved page. The page (`size` points, as stored) shows its
    /// picture turned `pictureTurns` clockwise (a copied PDF page's own /Rotate; 0 for a drawn
    /// page), the text is in that picture turned `text.quarterTurns` more: the text is turned back
    /// onto the page as it is placed, its words running along its own lines (readers take letters
    /// set across a line for vertical writing). `rotate` (the page's /Rotate in the saved file) is
    /// repeated on the text page, so qpdf does not turn the overlay to match the page.
    static func placement(_ text: PageText, onPage size: (width: Double, height: Double), pictureTurns: Int, rotate: Int) -> TextPlacement {
        let turns = ((pictureTurns + text.quarterTurns) % 4 + 4) % 4
        let stored = turns % 2 == 0 ? (width: text.width, height: text.height) : (width: text.height, height: text.width)
        return TextPlacement.filling(pageWidth: size.width, pageHeight: size.height, rotate: rotate, textWidth: stored.width, textHeight: stored.height)
            .forText(turnedBy: turns, sourceWidth: stored.width, sourceHeight: stored.height)
    }

    /// What a finished file holds (qpdf wrote the overlaid one, so the file's own count is unknown).
    private static func size(of file: WholeFile) -> Int {
        var info = stat()
        let path = file.destination
        return stat(path, &info) == 0 ? Int(info.st_size) : file.bytesWritten
    }

    /// A drawn page as stored: in a look, compactly (black and white as 1-bit CCITT G4; grey and
    /// colour with ink on them as mixed raster content, the ink in 1-bit masks over a background
    /// of fewer pixels, when that is smaller than the page as one JPEG, else as that JPEG: 8-bit
    /// grey, colour of `PageImageEncoder.jpegQuality`); as it was, losslessly. 1-bit Flate (a bw
    /// page G4 codes worse, halftones) is left to cairo, which stores a picture of only black and
    /// white at 1 bit a pixel itself. `words`: the page's known words in the pixels' space.
    static func compact(_ pixels: PixelBuffer, look: Look, words: [MixedRaster.Word] = [], turns: Int,
                        size: (width: Double, height: Double)) -> CairoPage {
        guard look != .original, let encoded = PageImageEncoder.encode(pixels, look: look), encoded.cairoMimeType != nil else {
            return .pixels(pixels, turns: turns, size: size)
        }
        if look == .colour || look == .grey {
            let inches = (turns % 2 == 0 ? size.width : size.height) / 72
            let resolution = inches > 0 ? Double(pixels.width) / inches : nil
            if let layered = MixedRaster.encode(pixels, look: look, words: words, pixelsPerInch: resolution),
               layered.byteCount < encoded.bytes.count {
                return .mixedRaster(layered, turns: turns, size: size)
            }
        }
        return .encoded(encoded, turns: turns, size: size)
    }

    /// A page's known text as words in its drawn pixels (`pixels`, the corrected page upright
    /// before the user's turns; the text may have been read turned).
    static func words(_ text: PageText?, on pixels: PixelBuffer) -> [MixedRaster.Word] {
        guard let text, !text.isEmpty else { return [] }
        let upright = text.turned(by: (4 - text.quarterTurns % 4) % 4)
        guard upright.width > 0, upright.height > 0 else { return [] }
        let sx = Double(pixels.width) / upright.width, sy = Double(pixels.height) / upright.height
        return upright.words.map { word in
            MixedRaster.Word(x: word.box.x * sx, y: word.box.y * sy, width: word.box.width * sx, height: word.box.height * sy, confidence: word.confidence)
        }
    }

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
