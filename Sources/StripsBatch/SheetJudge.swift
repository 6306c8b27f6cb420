import StripsCore
import StripsLooks
import StripsPictures

/// Judges one sheet: blank (`BlankJudge`), or a separator sheet, a code and nothing else. The
/// separator test is cheap where it fails, which is on nearly every page: a page of text has far
/// more writing than a code's sheet, and a page with a little has no blot shaped like a code;
/// only a sheet whose writing is one code-like block (and at most a caption line by it) is handed
/// to the readers, Kodak's patch codes (read here) and ZBar, at a sharper resolution when needed.
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

    static func separator(_ analysis: SheetAnalysis, sharper: (Rect) -> PixelBuffer?) -> SeparatorCode? {
        let writing = analysis.writing
        guard !writing.isEmpty, writing.count <= mostBlots else { return nil }
        let mm = analysis.mm
        let groups = InkComponents.clusters(writing, gap: Int((3 * mm).rounded()))
        guard let code = groups.max(by: { $0.area < $1.area }) else { return nil }
        // A code is a dense block: at least 8 mm a side, a fifth of its box ink, 40 mm² of it.
        guard Double(min(code.width, code.height)) >= 8 * mm, code.fill >= 0.2, Double(code.area) >= 40 * mm * mm else { return nil }
        // "Only that": whatever else is written is a caption by the code (a line of text within
        // 15 mm of it) or less than a blank page's writing.
        let reach = Int(15 * mm)
        var around = code
        around.minX -= reach; around.minY -= reach; around.maxX += reach; around.maxY += reach
        let elsewhere = groups.filter { $0 != code }.reduce(0) { sum, group in
            let caption = Double(min(group.width, group.height)) <= 8 * mm && group.near(around, gap: 0)
            return sum + (caption ? 0 : group.area)
        }
        guard Double(elsewhere) / (mm * mm) < BlankJudge.writingLimit else { return nil }
        if let patch = PatchCodeReader.read(analysis.picture, box: code, mm: mm) { return SeparatorCode(symbology: patch, text: nil) }
        return barcode(in: code, analysis: analysis, sharper: sharper)
    }

    /// ZBar on the block (with its quiet zone): on the small picture first (a QR code's modules
    /// are a millimetre or more), then on the sharper one a barcode's thin bars need.
    private static func barcode(in code: InkComponent, analysis: SheetAnalysis, sharper: (Rect) -> PixelBuffer?) -> SeparatorCode? {
        let picture = analysis.picture
        let quiet = Int(6 * analysis.mm)
        let minX = max(0, code.minX - quiet), minY = max(0, code.minY - quiet)
        let maxX = min(picture.width - 1, code.maxX + quiet), maxY = min(picture.height - 1, code.maxY + quiet)
        if let found = BarcodeReader.read(crop(picture, minX: minX, minY: minY, maxX: maxX, maxY: maxY)).first {
            return SeparatorCode(symbology: found.symbology, text: found.text)
        }
        let share = Rect(x: Double(minX) / Double(picture.width), y: Double(minY) / Double(picture.height),
                         width: Double(maxX - minX + 1) / Double(picture.width), height: Double(maxY - minY + 1) / Double(picture.height))
        guard let sharp = sharper(share) else { return nil }
        let grey = sharp.format == .grey ? sharp : Looks.luma(of: sharp)
        // As scanned, then with its paper evened (a back's text showing through between the bars
        // goes, which ZBar would read as bars).
        let ppi = analysis.pixelsPerInch * Double(sharp.width) / Double(maxX - minX + 1)
        let found = BarcodeReader.read(grey).first ?? BarcodeReader.read(SheetAnalysis.ink(sharp, pixelsPerInch: ppi)).first
        return found.map { SeparatorCode(symbology: $0.symbology, text: $0.text) }
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
