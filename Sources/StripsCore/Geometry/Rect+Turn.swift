import Foundation

extension Rect {
    /// The bounding box of this rectangle turned by `degrees` about its centre.
    public func turned(degrees: Double) -> Rect {
        if degrees == 0 { return self }
        let (w, h) = Self.turnedExtent(width: width, height: height, degrees: degrees)
        return Rect(center: center, size: Size(width: w, height: h))
    }

    /// The width and height of the bounding box of a `width` x `height` box turned by `degrees`.
    static func turnedExtent(width: Double, height: Double, degrees: Double) -> (Double, Double) {
        let r = degrees * .pi / 180
        // Whole quarter turns are exact: no cosine rounding into the trace.
        let quarter = degrees / 90
        if quarter == quarter.rounded() {
            return Int(quarter).isMultiple(of: 2) ? (width, height) : (height, width)
        }
        let c = abs(cos(r)), s = abs(sin(r))
        return (width * c + height * s, width * s + height * c)
    }

    /// The largest rectangle of `aspectRatio` that, turned by `degrees` about the centre, fits
    /// inside this one: a picture turning inside its box, its rectangle before the turn.
    public func aspectFit(_ aspectRatio: Double, turnedBy degrees: Double) -> Rect {
        guard aspectRatio > 0, !isEmpty else { return Rect(center: center, size: .zero) }
        let (w, h) = Self.turnedExtent(width: aspectRatio, height: 1, degrees: degrees)
        let scale = min(width / w, height / h)
        return Rect(center: center, size: Size(width: aspectRatio * scale, height: scale))
    }
}
