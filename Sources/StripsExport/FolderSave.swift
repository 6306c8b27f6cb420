import Foundation
import StripsCore
import StripsFiles
import StripsLooks
import StripsPDF
import StripsPictures

/// Saves pages as numbered picture files (`001.jpg`, `002.png`, ...; more digits past 999) in a
/// new folder, or in an empty one, which is filled where it is (its owner, mode and permissions
/// stay; it is never replaced). A page the user did not turn is its file copied byte for byte; a
/// turned JPEG is turned losslessly (`LosslessJPEGTurn`); anything else is saved from its pixels
/// (`PagePixels`) as PNG, a PDF page at 150 dpi; a JPEG cropped, flattened or straightened is
/// its corrected pixels as a JPEG of quality 92 (`CroppedJPEG.flattenedQuality`). A page in a look
/// is stored as compactly as the look allows: black and white as a 1-bit PNG (read by every
/// viewer; a CCITT G4 TIFF would be a third smaller, but many viewers and browsers show no TIFF),
/// grey as a one-channel JPEG, colour as a JPEG of `PageImageEncoder.jpegQuality`. With
/// `textFiles`, each page whose text is known gets `NNN.txt` beside its picture.
///
/// A new folder is filled out of sight (`StagingFolder`, beside it): each file written as a hidden
/// `WholeFile`, and when all are written, flushed, counted and measured, named inside it; the
/// folder then gets its name at once, so no half of it is ever seen under that name, even when the
/// save is killed. An empty folder that is there is filled where it is, its files named last, one by
/// one (links that never replace anything). A failure removes every file this save made, and the
/// hidden folder.
struct FolderSave {
    let pages: [ExportPage]
    let destination: String
    var textFiles = false
    let calls: FileCalls

    /// PDF pages saved to a folder are rendered at this resolution.
    static let pdfDPI = 150.0

    func save(progress: (Int) -> Void) throws(SaveError) -> SaveResult {
        let staged = try write(progress: progress)
        try staged.publish()
        return staged.result
    }

    /// Every page's file written, flushed and checked under its hidden name in the folder, to be
    /// named by the `StagedSave` (a batch names its documents' files together).
    func write(progress: (Int) -> Void) throws(SaveError) -> StagedSave {
        let stage = try claimFolder()
        let workFolder = stage?.path ?? destination
        var files: [WholeFile] = []
        var notes: [String] = []
        do throws(SaveError) {
            let sources = SavedSources(destination: destination)
            let renderer = PDFRenderer(idleDocuments: 2)
            for (index, page) in pages.enumerated() {
                let (bytes, fileExtension, note) = try contents(of: page, sources: sources, renderer: renderer)
                let name = Self.fileName(number: index + 1, of: pages.count, extension: fileExtension)
                let file = try writing { () throws(WholeFile.Failure) in try WholeFile(destination: "\(workFolder)/\(name)", calls: calls) }
                files.append(file)
                switch bytes {
                case .source(let source): file.write(source.readOnly)
                case .new(let new): file.write(new)
                }
                try writing { () throws(WholeFile.Failure) in try file.finish() }
                if let note { notes.append("\(name) (\(page.name)): \(note)") }
                if textFiles, let text = page.text {
                    let textName = Self.fileName(number: index + 1, of: pages.count, extension: "txt")
                    let textFile = try writing { () throws(WholeFile.Failure) in try WholeFile(destination: "\(workFolder)/\(textName)", calls: calls) }
                    files.append(textFile)
                    textFile.write(Array(text.text.utf8))
                    try writing { () throws(WholeFile.Failure) in try textFile.finish() }
                }
                progress(index + 1)
            }
            try verify(files)
            if let stage {
                // Named inside the hidden folder now: what a record of the document digests is
                // the folder as it will appear.
                for file in files {
                    stage.willName((file.destination as NSString).lastPathComponent)
                    try writing { () throws(WholeFile.Failure) in try file.publish() }
                }
            }
        } catch {
            for file in files { file.discard() }
            stage?.discard()
            throw error
        }
        let result = SaveResult(kind: .folder, destination: destination, pageCount: pages.count, files: files.map { ($0.destination as NSString).lastPathComponent },
                                bytesWritten: files.map(\.bytesWritten).reduce(0, +), notes: notes)
        if let stage { return StagedSave(result: result, stage: stage) }
        return StagedSave(result: result, files: files, folder: destination)
    }

    /// The hidden folder a new folder is filled in; nil for an empty one that is there, filled
    /// where it is.
    private func claimFolder() throws(SaveError) -> StagingFolder? {
        var info = stat()
        if stat(destination, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            guard Destination.isEmptyFolder(destination) else { throw SaveError(destination, HostMessage(trLater("the folder is not empty; choose a new or empty folder"))) }
            return nil
        }
        do {
            return try StagingFolder(destination: destination)
        } catch {
            if error.code == EEXIST { throw SaveError(destination, HostMessage(trLater("appeared while saving; choose a new or empty folder"))) }
            throw SaveError.writing(destination, error, folder: Destination.parentFolder(of: destination))
        }
    }

    /// Every page's file is in the folder, under its temporary name, as long as what was written.
    private func verify(_ files: [WholeFile]) throws(SaveError) {
        let expected = pages.count + (textFiles ? pages.filter { $0.text != nil }.count : 0)
        guard files.count == expected else { throw SaveError(destination, HostMessage(trnLater("%2$s files were written for %1$d page", "%2$s files were written for %1$d pages"), count: pages.count, "\(files.count)")) }
        for file in files {
            var info = stat()
            guard stat(file.temporaryPath, &info) == 0 else {
                throw SaveError(destination, HostMessage(trLater("a written file is gone: %s"), String(cString: strerror(errno))))
            }
            guard Int(info.st_size) == file.bytesWritten else {
                throw SaveError(destination, HostMessage(trnLater("the written file is not what was written: the disk holds %2$s of the %1$d byte written", "the written file is not what was written: the disk holds %2$s of the %1$d bytes written"), count: file.bytesWritten, "\(info.st_size)"))
            }
        }
    }

    private func writing<T>(_ step: () throws(WholeFile.Failure) -> T) throws(SaveError) -> T {
        do {
            return try step()
        } catch {
            throw SaveError.writing(destination, error, folder: destination)
        }
    }

    /// `007.jpg`: at least three digits, as many as the largest number needs, so names sort in
    /// page order.
    static func fileName(number: Int, of count: Int, extension fileExtension: String) -> String {
        let digits = max(3, String(count).count)
        let text = String(number)
        return String(repeating: "0", count: max(0, digits - text.count)) + text + "." + fileExtension
    }

    /// What a page's file holds: the source's bytes, or new ones.
    enum Contents {
        case source(SourceFile)
        case new([UInt8])
    }

    /// The file's contents and extension, and a note when something had to give.
    private func contents(of page: ExportPage, sources: SavedSources, renderer: PDFRenderer) throws(SaveError) -> (Contents, String, String?) {
        let loaded = try sources.load(page)
        // A page in a look is stored as the look allows, whatever else its recipe does.
        if page.corrections.look != .original { return try inLook(loaded, page, renderer) }
        switch page.corrections.pixels.keeping {
        case .bytes:
            break
        case .transformed, .pixels:
            // A picture file has no page transform: the recipe drawn, a JPEG's as a JPEG again.
            guard case .picture(let picture) = loaded, picture.format == .jpeg else { return (.new(try png(loaded, page, renderer)), "png", nil) }
            let pixels = try PagePixels.make(loaded, corrections: page.corrections, sourceSize: page.pixelSize, pdfDPI: Self.pdfDPI,
                                             renderer: renderer, destination: destination)
            guard let jpeg = PageImageEncoder.jpeg(pixels, quality: CroppedJPEG.flattenedQuality) else {
                throw SaveError.page(destination, page.name, HostMessage(trLater("cannot encode the corrected page as JPEG")))
            }
            return (.new(jpeg.bytes), "jpg", nil)
        }
        guard case .picture(let picture) = loaded else { return (.new(try png(loaded, page, renderer)), "png", nil) }
        if case .scan = page.source { return try scanned(picture, page, renderer) }
        let bytes = picture.file.readOnly
        // A page of a multi-page TIFF is never the whole file copied: it is written as a PNG of its own.
        if page.turns == 0 && picture.tiffPage == nil { return (.source(picture.file), Self.copiedExtension(picture), nil) }
        let orientation = picture.orientation.turned(clockwise: page.turns)
        if let jpeg = picture.jpeg {
            if orientation == .up { return (.new(LosslessJPEGTurn.markedUpright(bytes, layout: jpeg)), "jpg", nil) }
            if let turned = LosslessJPEGTurn.turn(bytes, layout: jpeg, to: orientation) {
                let note = turned.trimmed ? "turned losslessly; the partial block at one edge was dropped (now \(turned.width) x \(turned.height))" : nil
                return (.new(turned.bytes), "jpg", note)
            }
        }
        let note = picture.format == .jpeg ? "written as PNG: libjpeg-turbo could not turn this JPEG losslessly" : nil
        return (.new(try png(loaded, page, renderer)), "png", note)
    }

    /// A page in a look: bw as a 1-bit PNG, grey and colour as JPEG.
    private func inLook(_ loaded: LoadedSource, _ page: ExportPage, _ renderer: PDFRenderer) throws(SaveError) -> (Contents, String, String?) {
        let pixels = try PagePixels.make(loaded, corrections: page.corrections, sourceSize: page.pixelSize, pdfDPI: Self.pdfDPI, renderer: renderer, destination: destination)
        if page.corrections.look == .bw {
            // The scans' 1-bit PNG (with the page's resolution), the look's pixels being 0 and 255.
            let dpi: Double?
            switch loaded {
            case .picture(let picture): dpi = picture.dpi?.x
            case .pdfPage: dpi = Self.pdfDPI
            }
            guard let bytes = ScanPageImage.bilevelPNG(pixels, dpi: dpi) else {
                throw SaveError.page(destination, page.name, HostMessage(trLater("cannot encode the page as a 1-bit PNG")))
            }
            return (.new(bytes), "png", nil)
        }
        guard let jpeg = PageImageEncoder.encode(pixels, look: page.corrections.look), jpeg.filter == .dct else {
            throw SaveError.page(destination, page.name, HostMessage(trLater("libjpeg-turbo could not encode the page")))
        }
        return (.new(jpeg.bytes), "jpg", nil)
    }

    /// A scanned page (kept as a lossless PNG): colour and grey as JPEG at quality 90, line art
    /// as a 1-bit PNG, turned as the page is.
    private func scanned(_ picture: Picture, _ page: ExportPage, _ renderer: PDFRenderer) throws(SaveError) -> (Contents, String, String?) {
        let pixels = try PagePixels.make(.picture(picture), corrections: page.corrections, pdfDPI: Self.pdfDPI, renderer: renderer, destination: destination)
        guard let scan = ScanPageImage.classify(pixels) else { return (.new(try png(.picture(picture), page, renderer)), "png", nil) }
        if scan.kind == .lineArt {
            guard let bytes = ScanPageImage.bilevelPNG(scan.pixels, dpi: picture.dpi?.x) else {
                throw SaveError.page(destination, page.name, HostMessage(trLater("cannot encode the scan as a 1-bit PNG")))
            }
            return (.new(bytes), "png", nil)
        }
        guard let jpeg = ScanPageImage.jpeg(scan) else { throw SaveError.page(destination, page.name, HostMessage(trLater("cannot encode the scan as JPEG"))) }
        return (.new(jpeg), "jpg", nil)
    }

    private func png(_ loaded: LoadedSource, _ page: ExportPage, _ renderer: PDFRenderer) throws(SaveError) -> [UInt8] {
        let pixels = try PagePixels.make(loaded, corrections: page.corrections, sourceSize: page.pixelSize, pdfDPI: Self.pdfDPI, renderer: renderer, destination: destination)
        switch PNGWriter().encode(pixels) {
        case .failure(let problem): throw SaveError.page(destination, page.name, .verbatim(problem.reason))
        case .success(let bytes): return bytes
        }
    }

    private static func copiedExtension(_ picture: Picture) -> String {
        switch picture.format {
        case .jpeg: return "jpg"
        case .png, .gif, .bmp, .webp: return picture.format.rawValue
        case .tga, .tiff, .other:  // keep the file's own spelling (tif or tiff, tga)
            let own = (picture.file.path as NSString).pathExtension.lowercased()
            return own.isEmpty ? "img" : own
        }
    }
}
