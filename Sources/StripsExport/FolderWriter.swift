import Foundation
import StripsPDF
import StripsPictures

/// Writes pages as numbered picture files (`001.jpg`, `002.png`, ...; more digits past 999) into a
/// folder: a page the user did not turn is its file copied byte for byte; a turned JPEG is turned
/// losslessly (`LosslessJPEGTurn`); any other turned picture is decoded, turned and written as PNG.
enum FolderWriter {
    /// PDF pages saved to a folder are rendered at this resolution.
    static let pdfDPI = 150.0

    struct Written {
        var files: [String] = []
        var notes: [String] = []
    }

    /// Writes into `folder` (a private temporary folder). On error, the files written so far
    /// are left for the caller to remove with the folder.
    static func write(_ pages: [ExportPage], into folder: String, subject: String, budget: WriteBudget,
                      written: inout Written, progress: (Int) -> Void) throws(SaveError) {
        // Its own renderer: the save runs on a worker of its own, and the documents it opens close with it.
        let renderer = PDFRenderer()
        for (index, page) in pages.enumerated() {
            if let pdf = page.source.pdfPage {
                // A PDF page becomes a picture: rendered at 150 dpi, written as PNG.
                let name = fileName(number: index + 1, of: pages.count, extension: "png")
                if case .failure(let failure) = renderer.writePNG(pdf.path, pageIndex: pdf.index, to: "\(folder)/\(name)",
                                                                   dpi: Self.pdfDPI, extraQuarterTurns: page.turns) {
                    throw SaveError(subject, "\(PDFPageName.traceID(path: pdf.path, pageIndex: pdf.index)): \(failure.reason)")
                }
                written.files.append(name)
                progress(index + 1)
                continue
            }
            let picture = try Picture.load(page)
            let (bytes, fileExtension, note) = try contents(of: picture, turns: page.turns)
            let name = fileName(number: index + 1, of: pages.count, extension: fileExtension)
            guard let output = try OutputFile.create(at: "\(folder)/\(name)", subject: subject, budget: budget) else {
                throw SaveError(subject, "\(name) appeared in the temporary folder")
            }
            written.files.append(name)
            switch bytes {
            case .source: output.write(picture.file.readOnly)
            case .new(let new): output.write(new)
            }
            try output.finish()
            if let note { written.notes.append("\(name) (\(picture.name)): \(note)") }
            progress(index + 1)
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
        case source
        case new([UInt8])
    }

    /// The file's contents and extension, and a note when something had to give.
    private static func contents(of picture: Picture, turns: Int) throws(SaveError) -> (Contents, String, String?) {
        let bytes = picture.file.readOnly
        if turns == 0 && picture.tiffPage == nil { return (.source, copiedExtension(picture), nil) }
        let orientation = picture.orientation.turned(clockwise: turns)
        if let jpeg = picture.jpeg {
            if orientation == .up { return (.new(LosslessJPEGTurn.markedUpright(bytes, layout: jpeg)), "jpg", nil) }
            if let turned = LosslessJPEGTurn.turn(bytes, layout: jpeg, to: orientation) {
                let note = turned.trimmed ? "turned losslessly; the partial block at one edge was dropped (now \(turned.width) x \(turned.height))" : nil
                return (.new(turned.bytes), "jpg", note)
            }
        }
        let pixels = try DecodedPixels(picture)
        pixels.orient(orientation)
        return (.new(try PNGEncoder.encode(pixels, name: picture.name)), "png", picture.format == .jpeg ? "written as PNG: libjpeg-turbo could not turn this JPEG losslessly" : nil)
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
