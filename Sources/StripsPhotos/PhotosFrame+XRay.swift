import StripsCore
import StripsPhotosFeatures

/// The x-ray of the editor (X): every cell's frame and index, each page's parallax and picture
/// rectangle, each thumbnail's expanding value, and both strips' offsets, visible rects,
/// velocities and resting targets, all read from this frame.
extension PhotosFrame {
    public func xray(measurer: any TextMeasurer) -> [DrawItem] {
        var pen = XRayPen(measurer: measurer)
        for p in preview {
            pen.outline(p.cell.frame, XRayPen.cellColor, width: 2)
            pen.outline(p.picture, XRayPen.pictureColor, alpha: 0.6)
            let parallax = (p.cell.parallax ?? 0).fixed(3)
            // On the part of the cell in the window, so a page half scrolled off still says which it is.
            let x = min(max(p.cell.frame.minX, 0) + 6, max(6, window.width - 230))
            pen.label("page \(p.index)  parallax \(parallax)  x \(p.cell.frame.minX.fixed(1))",
                      at: Point(x: x, y: p.cell.frame.minY + 30), color: XRayPen.cellColor)
        }
        for (i, cell) in thumbnails.enumerated() {
            pen.outline(cell.frame, XRayPen.cellColor)
            pen.label("\(cell.index)", at: Point(x: cell.frame.minX + 1, y: cell.frame.minY + 1), size: 10)
            let e = i < thumbnailExpanding.count ? thumbnailExpanding[i] : 0
            if e > 0.005 {
                pen.label("e \(e.fixed(2))", at: Point(x: cell.frame.minX, y: thumbnailStrip.minY - 16), color: XRayPen.pictureColor, size: 10)
            }
        }
        // Under the toolbar: the preview's top.
        let top = preview.map(\.cell.frame.minY).min() ?? 0
        for d in strips {
            let y = d.name == "preview" ? top + 8 : thumbnailStrip.minY - 36
            pen.strip(d, infoAt: Point(x: 8, y: y), unit: "page")
        }
        pen.label("expanding rate \(expanding.fixed(2))", at: Point(x: 8, y: thumbnailStrip.minY - 54), size: 12)
        return pen.items
    }
}
