import StripsCore
/// The x-ray of the pizza selector (X): each half's frame, index, normalised distance from the
/// centre and scale, and both strips' offsets, visible rects, velocities and resting targets,
/// all read from this frame.
extension PizzaFrame {
    public func xray(measurer: any TextMeasurer) -> [DrawItem] {
        var pen = XRayPen(measurer: measurer)
        for s in strips {
            for (i, cell) in s.cells.enumerated() {
                pen.outline(cell.frame, XRayPen.cellColor, width: 1.5)
                let norm = i < s.norms.count ? s.norms[i] : 0
                // Inside the half, against its outer edge: the two halves' labels never cross the line.
                let text = "#\(cell.index) n \(norm.fixed(2)) s \(cell.scale.fixed(2))"
                let x = s.half == .left ? cell.frame.maxX - pen.labelWidth(text) - 4 : cell.frame.minX + 4
                pen.label(text, at: Point(x: x, y: cell.frame.midY - 8), color: XRayPen.cellColor)
            }
        }
        for (i, s) in strips.enumerated() {
            guard let d = s.diagnostics else { continue }
            pen.strip(d, infoAt: Point(x: 8, y: 8 + Double(i) * 20), unit: "pizza")
        }
        return pen.items
    }
}
