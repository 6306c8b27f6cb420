import StripsCore
import StripsPhotosFeatures
import StripsLooks
import StripsPictures

/// Judges one sheet: blank (`BlankJudge`), or a separator sheet, a code and at most a few short
/// lines anywhere (a title, an instruction). The separator test is cheap where it fails, which is
/// on nearly every page: a page of text has far more writing than a code's sheet, and a page with
/// a little has no blot shaped like a code; only a sheet whose writing is a code-like block and a
/// few lines besides is handed to the readers, Kodak's patch codes (read here) and ZBar, at a
/// sharper resolution when needed, and its lines are counted again outside the code ZBar found.
public enum SheetJudge {
    /// `picture`: the page at about 100 pixels an inch (any size works); `pixelsPerInch` when
    /// known, else its long side is taken as 11 inches. `sharper`: the part of the page in a
    /// rectangle (shares 0...1 of the picture) at 200 to 300 pixels an inch, for small barcodes;
    /// nil when it cannot be had. `firstLook`: a plain page of text is answered from its rows
    /// (`FirstLook`) without the full look; false only to measure the full look against it.
    public static func judge(_ picture: PixelBuffer, pixelsPerInch: Double? = nil, firstLook: Bool = true,
                             sharper: (Rect) -> PixelBuffer? = { _ in nil }) -> PageJudgement {
        let ppi = pixelsPerInch ?? Double(max(picture.width, picture.height)) / 11
        if firstLook, FirstLook(picture: picture, pixelsPerInch: ppi).isText { return .ordinary }
        let analysis = SheetAnalysis(picture: picture, pixelsPerInch: ppi)
        if BlankJudge.isBlank(analysis) { return PageJudgement(blank: true) }
        return PageJudgement(blank: false, separator: separator(analysis, sharper: sharper))
    }

    /// Why a page is judged as it is, in words (for `strips-bench-batch explain` and bug reports):
    /// each blot of writing, the blocks, and what the separator test made of the largest.
    public static func explain(_ picture: PixelBuffer, pixelsPerInch: Double? = nil) -> String {
        let ppi = pixelsPerInch ?? Double(max(picture.width, picture.height)) / 11
        let glance = FirstLook(picture: picture, pixelsPerInch: ppi)
        let analysis = SheetAnalysis(picture: picture, pixelsPerInch: ppi)
        let mm = analysis.mm
        func box(_ b: InkComponent) -> String {
            String(format: "%.0f,%.0f mm, %.1f x %.1f mm, %.1f mm² ink", b.centreX / mm, b.centreY / mm, Double(b.width) / mm, Double(b.height) / mm,
                   Double(b.area) / (mm * mm))
        }
        var lines = ["first look: \(glance.lines.count) lines of text; " + (glance.doubt.map { "left to the full look (\($0))" } ?? "a page of text, ordinary")]
        lines.append(String(format: "%.0f pixels an inch; writing %.1f mm² (blank under %.1f)", analysis.pixelsPerInch, analysis.writingArea, BlankJudge.writingLimit))
        var counts: [SheetAnalysis.Cause: Int] = [:]
        for cause in analysis.causes { counts[cause, default: 0] += 1 }
        lines.append("blots: " + counts.map { "\($0.key) \($0.value)" }.sorted().joined(separator: ", "))
        let writing = analysis.writing
        guard writing.count <= mostBlots else { return (lines + ["\(writing.count) blots of writing: a page of text"]).joined(separator: "\n") }
        let groups = InkComponents.clusters(writing, gap: Int((3 * mm).rounded())).sorted { $0.area > $1.area }
        for group in groups.prefix(8) { lines.append("block: " + box(group) + String(format: ", fill %.2f", group.fill)) }
        return lines.joined(separator: "\n")
    }

    /// More blots than any code's sheet has (a QR code is a few hundred at most, its caption a
    /// dozen): a page of text, not looked at further.
    static let mostBlots = 1200

    /// A separator sheet as printed: a code (the largest dense block of writing) and at most
    /// `mostLines` lines of text besides it, anywhere on the sheet (a title at the top, an
    /// instruction at the foot), none longer than `longestLine` mm. A page with a code and a body
    /// of text (a receipt, an invoice, a letter with a QR code) is an ordinary page.
    static func separator(_ analysis: SheetAnalysis, sharper: (Rect) -> PixelBuffer?) -> SeparatorCode? {
        let writing = analysis.writing
        guard !writing.isEmpty, writing.count <= mostBlots else { return nil }
        let mm = analysis.mm
        let groups = InkComponents.clusters(writing, gap: Int((3 * mm).rounded()))
        guard let block = groups.max(by: { $0.area < $1.area }) else { return nil }
        // A code is a dense block: at least 8 mm a side, a fifth of its box ink, 40 mm² of it.
        guard Double(min(block.width, block.height)) >= 8 * mm, block.fill >= 0.2, Double(block.area) >= 40 * mm * mm else { return nil }
        // The code lies within the block: more lines outside the block than a separator has
        // answers without reading it (most pages of text end here).
        guard fewLines(outside: block, in: writing, mm: mm) else { return nil }
        if let patch = PatchCodeReader.read(analysis.picture, box: block, mm: mm) { return SeparatorCode(symbology: patch, text: nil) }
        // A barcode read: the lines are counted again outside the code itself (the block can be a
        // receipt's whole body with its barcode in it).
        guard let (code, box) = barcode(in: block, analysis: analysis, sharper: sharper) else { return nil }
        return fewLines(outside: box, in: writing, mm: mm) ? code : nil
    }

    /// At most this many lines of text beside a separator sheet's code.
    static let mostLines = 5
    /// A separator's lines are short: a title, an instruction; a body's lines run the width of
    /// the page.
    static let longestLine = 150.0

    /// Whether the writing outside `box` (and the code's quiet zone, 4 mm, and the digits printed
    /// under a barcode) is at most a few short lines.
    static func fewLines(outside box: InkComponent, in writing: [InkComponent], mm: Double) -> Bool {
        let quiet = Int((4 * mm).rounded()), under = Int((7 * mm).rounded())
        let outside = writing.filter { blot in
            !(blot.minX >= box.minX - quiet && blot.maxX <= box.maxX + quiet && blot.minY >= box.minY - quiet && blot.maxY <= box.maxY + under)
        }
        guard outside.count <= mostBlots / 2 else { return false }
        let text = TextLines(outside, mm: mm)
        return text.lines.count <= mostLines && Double(text.longest) <= longestLine * mm
    }

    /// ZBar on the block (with its quiet zone): on the small picture first (a QR code's modules
    /// are a millimetre or more), then on the sharper one a barcode's thin bars need. The code
    /// found, and its box in the small picture's pixels.
    private static func barcode(in code: InkComponent, analysis: SheetAnalysis, sharper: (Rect) -> PixelBuffer?) -> (SeparatorCode, InkComponent)? {
        let picture = analysis.picture
        let quiet = Int(6 * analysis.mm)
        let minX = max(0, code.minX - quiet), minY = max(0, code.minY - quiet)
        let maxX = min(picture.width - 1, code.maxX + quiet), maxY = min(picture.height - 1, code.maxY + quiet)
        func located(_ found: FoundCode, scale: Double) -> (SeparatorCode, InkComponent) {
            let box = InkComponent(minX: minX + Int(Double(found.minX) * scale), minY: minY + Int(Double(found.minY) * scale),
                                   maxX: minX + Int((Double(found.maxX) * scale).rounded(.up)), maxY: minY + Int((Double(found.maxY) * scale).rounded(.up)),
                                   area: 0, darkest: 0)
            return (SeparatorCode(symbology: found.symbology, text: found.text), box)
        }
        if let found = BarcodeReader.read(crop(picture, minX: minX, minY: minY, maxX: maxX, maxY: maxY)).first {
            return located(found, scale: 1)
        }
        let share = Rect(x: Double(minX) / Double(picture.width), y: Double(minY) / Double(picture.height),
                         width: Double(maxX - minX + 1) / Double(picture.width), height: Double(maxY - minY + 1) / Double(picture.height))
        guard let sharp = sharper(share), sharp.width > 0 else { return nil }
        let grey = sharp.format == .grey ? sharp : Looks.luma(of: sharp)
        // As scanned, then with its paper evened (a back's text showing through between the bars
        // goes, which ZBar would read as bars).
        let ppi = analysis.pixelsPerInch * Double(sharp.width) / Double(maxX - minX + 1)
        let found = BarcodeReader.read(grey).first ?? BarcodeReader.read(SheetAnalysis.ink(sharp, pixelsPerInch: ppi)).first
        return found.map { located($0, scale: Double(maxX - minX + 1) / Double(sharp.width)) }
    }

    static func crop(_ grey: PixelBuffer, minX: Int, minY: Int, maxX: Int, maxY: Int) -> PixelBuffer {
        let w = maxX - minX + 1, h = maxY - minY + 1
        var bytes = [UInt8](repeating: 255, count: w * h)
        for y in 0..<h {
            let from = (minY + y) * grey.width + minX
            bytes.replaceSubrange(y * w..<(y + 1) * w, with: grey.bytes[from..<from + w])
        }
        return PixelBuffer(width: w, height: h, format: .grey, bytes: bytes) ?? grey
    }
}
