import CLeptonica
import StripsCore
import StripsPictures

/// Finding how a flattened page is still curved (a book's page bulging towards its gutter, a
/// curled sheet) from its text lines: leptonica's disparity model (`dewarpBuildPageModel`: each
/// long text line's centres fitted by a quadratic, the lines' shifts fitted down each column,
/// and, when the lines' ends show it, the sideways shift of their left and right ends), read
/// back as a `PageCurve` in fractions of the page, so the recipe redraws it at any size.
/// Pure; safe on any thread (each call has its own leptonica objects).
public enum PageCurveFinder {
    /// Text lines are found at this many pixels on the page's longer side (leptonica's closings
    /// are sized for a page about this big); larger pages are box-averaged down to it.
    public static let workingSide = 2000
    /// Fewer long text lines than this and the page is left flat (a picture, a title page).
    public static let minimumLines: Int32 = 12
    /// A curve whose bend is under this (a fraction of the page's height, about 4 pixels of a
    /// 12 MP page's) is a flat page's noise: the page is left as the flat correction makes it.
    public static let flatBend = 0.0015
    /// A curve that moves a point further than this (a fraction of the page) is a misreading of
    /// the lines (a table, columns at odds), not a page.
    public static let largestReach = 0.12

    /// The curve that lays `page` (a flattened page, any format) flat: leptonica's model where it
    /// builds a valid one, else the line sheet (`LineSheet`: the pages whose lines bend beyond
    /// leptonica's limits, or are too few and short for it); nil when neither trusts the page's
    /// lines, or the page is already flat.
    public static func curve(of page: PixelBuffer) -> PageCurve? {
        workingBinary(page).flatMap(curve)
    }

    /// As `curve(of:)`, on the page's working binary (`WorkingInk`).
    static func curve(_ binary: LeptonicaPix) -> PageCurve? {
        if let model = model(binary), accepts(model) { return model }
        return sheet(binary).flatMap { accepts($0) ? $0 : nil }
    }

    /// The line sheet's curve of `page`, flat or not (nil: too few lines): what `curve(of:)` falls
    /// back to, on its own for the benchmarks' comparison.
    public static func sheet(of page: PixelBuffer) -> PageCurve? {
        workingBinary(page).flatMap(sheet)
    }

    static func sheet(_ binary: LeptonicaPix) -> PageCurve? {
        LineSheet.fit(LineSheet.lines(of: binary), width: binary.width, height: binary.height).flatMap(LineSheet.curve)
    }

    /// A curve bent enough to be a curve, and moving no point so far that it must be a misreading.
    static func accepts(_ curve: PageCurve) -> Bool {
        let (v, h) = curve.reach
        return curve.bend >= flatBend && v <= largestReach && h <= largestReach
    }

    /// The page as the line finders see it: box-averaged to `workingSide`, thresholded.
    static func workingBinary(_ page: PixelBuffer) -> LeptonicaPix? {
        guard page.width >= 64, page.height >= 64 else { return nil }
        QuietLeptonica.install()
        return WorkingInk(page, side: workingSide)?.binary
    }

    /// Leptonica's model of `page` as a curve, flat or not (nil: no valid model).
    public static func model(of page: PixelBuffer) -> PageCurve? {
        workingBinary(page).flatMap(model)
    }

    static func model(_ binary: LeptonicaPix) -> PageCurve? {
        guard let (record, useHorizontal) = record(binary) else { return nil }
        let (w, h) = (Double(record.width), Double(record.height))
        let sampling = Double(record.sampling)
        let lines = record.lines
        let vertical = record.vertical
        let columns = vertical.width, rows = vertical.height
        guard columns >= 2, rows >= 2 else { return nil }
        // Leptonica's nodes are `sampling` pixels apart from the corner; the curve's span the page
        // edge to edge, so each is read off leptonica's grid where it falls.
        func resampled(_ grid: DewarpRecord.Samples, scale: Double) -> [Float]? {
            let fw = grid.width, fh = grid.height, data = grid.values
            guard fw >= 2, fh >= 2 else { return nil }
            let wpl = fw
            var out = [Float](repeating: 0, count: columns * rows)
            for r in 0..<rows {
                for c in 0..<columns {
                    let gx = min(Double(c) / Double(columns - 1) * (w - 1) / sampling, Double(fw - 1))
                    let gy = min(Double(r) / Double(rows - 1) * (h - 1) / sampling, Double(fh - 1))
                    let ix = min(Int(gx), fw - 2), iy = min(Int(gy), fh - 2)
                    let fx = gx - Double(ix), fy = gy - Double(iy)
                    let o = iy * wpl + ix
                    let top = Double(data[o]) * (1 - fx) + Double(data[o + 1]) * fx
                    let bottom = Double(data[o + wpl]) * (1 - fx) + Double(data[o + wpl + 1]) * fx
                    out[r * columns + c] = Float((top * (1 - fy) + bottom * fy) / scale)
                }
            }
            return out
        }
        guard let v = resampled(vertical, scale: h) else { return nil }
        let horizontal = useHorizontal ? record.horizontal.flatMap { resampled($0, scale: w) } ?? [] : []
        return PageCurve(columns: columns, rows: rows, vertical: v, horizontal: horizontal, lines: lines)
    }

    /// Leptonica's valid model of `page` as leptonica writes it, and whether its horizontal
    /// disparity is valid too; nil when it builds none, or none its own limits accept.
    static func record(of page: PixelBuffer) -> (DewarpRecord, horizontal: Bool)? {
        workingBinary(page).flatMap(record)
    }

    static func record(_ binary: LeptonicaPix) -> (DewarpRecord, horizontal: Bool)? {
        // One page, sampled every 30 pixels, full resolution, no reference pages.
        guard let dewa = dewarpaCreate(1, 30, 1, minimumLines, 0) else { return nil }
        defer { var owned = Optional(dewa); dewarpaDestroy(&owned) }
        dewarpaUseBothArrays(dewa, 1)
        // The model is built from a copy of the binary page, which the dewarp owns.
        guard let dew = dewarpCreate(binary.pointer, 0) else { return nil }
        dewarpaInsertDewarp(dewa, dew)
        guard dewarpBuildPageModel(dew, nil) == 0 else { return nil }
        // Leptonica's own limits on the lines' curvature and the edges' slope and curvature, and
        // its model read through its public calls only (the struct is private from 1.83).
        dewarpaInsertRefModels(dewa, 0, 0)
        var vsuccess: Int32 = 0, vvalid: Int32 = 0, hsuccess: Int32 = 0, hvalid: Int32 = 0
        guard dewarpaModelStats(dewa, nil, &vsuccess, &vvalid, &hsuccess, &hvalid, nil) == 0, vsuccess == 1, vvalid == 1 else { return nil }
        var data: UnsafeMutablePointer<UInt8>?
        var size = 0
        guard dewarpWriteMem(&data, &size, dew) == 0, let data else { return nil }
        let record = DewarpRecord(Array(UnsafeBufferPointer(start: data, count: size)))
        lept_free(data)
        guard let record, record.width == binary.width, record.height == binary.height else { return nil }
        return (record, hsuccess == 1 && hvalid == 1)
    }
}
