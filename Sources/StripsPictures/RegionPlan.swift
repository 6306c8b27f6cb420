import StripsCore

/// What a decode makes: the picture fitted into a pixel limit (never enlarged), or only a part of
/// it at that scale (a zoomed page: the part in view, decoded at the size it is drawn). The part
/// is snapped to whole pixels of the fitted picture, so what is decoded is exactly what it says.
public struct RegionPlan: Hashable, Sendable {
    /// The whole picture's size at the decode's scale, upright.
    public let whole: (width: Int, height: Int)
    /// The pixels decoded, in the whole picture's pixels at that scale, upright.
    public let x: Int, y: Int, width: Int, height: Int

    public init(size: (width: Int, height: Int), limit: PixelLimit, region: Rect? = nil) {
        let w = max(1, size.width), h = max(1, size.height)
        let scale = min(1, Double(max(1, limit.width)) / Double(w), Double(max(1, limit.height)) / Double(h))
        whole = (max(1, Int((Double(w) * scale).rounded())), max(1, Int((Double(h) * scale).rounded())))
        guard let region else {
            (x, y, width, height) = (0, 0, whole.width, whole.height)
            return
        }
        (x, y, width, height) = region.pixelBounds(width: whole.width, height: whole.height)
    }

    public static func == (a: RegionPlan, b: RegionPlan) -> Bool {
        a.whole == b.whole && a.x == b.x && a.y == b.y && a.width == b.width && a.height == b.height
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(whole.width)
        hasher.combine(whole.height)
        hasher.combine(x)
        hasher.combine(y)
        hasher.combine(width)
        hasher.combine(height)
    }

    /// The whole picture: no region.
    public var isWhole: Bool { x == 0 && y == 0 && width == whole.width && height == whole.height }

    /// The part decoded in 0...1 of the upright picture; nil for the whole.
    public var region: Rect? {
        isWhole ? nil : Rect(x: Double(x) / Double(whole.width), y: Double(y) / Double(whole.height),
                             width: Double(width) / Double(whole.width), height: Double(height) / Double(whole.height))
    }

    /// The same part of the picture as stored (before `orientation` turns it upright): in 0...1 of
    /// the stored picture, and the size of the stored pixels to decode for it.
    public func stored(_ orientation: Orientation) -> (region: Rect, width: Int, height: Int) {
        let upright = region ?? Rect(x: 0, y: 0, width: 1, height: 1)
        let (w, h) = orientation.swapsAxes ? (height, width) : (width, height)
        return (orientation.storedRegion(of: upright), w, h)
    }
}

extension Orientation {
    /// The part of the stored picture shown as `region` (0...1) of the upright one.
    public func storedRegion(of region: Rect) -> Rect {
        if self == .up { return region }
        func stored(_ u: Double, _ v: Double) -> (Double, Double) {
            switch self {
            case .up: return (u, v)
            case .upMirrored: return (1 - u, v)
            case .down: return (1 - u, 1 - v)
            case .downMirrored: return (u, 1 - v)
            case .leftMirrored: return (v, u)
            case .right: return (v, 1 - u)
            case .rightMirrored: return (1 - v, 1 - u)
            case .left: return (1 - v, u)
            }
        }
        let a = stored(region.minX, region.minY), b = stored(region.maxX, region.maxY)
        return Rect(x: min(a.0, b.0), y: min(a.1, b.1), width: abs(b.0 - a.0), height: abs(b.1 - a.1))
    }
}

extension Rect {
    /// This part (0...1) of a `width` x `height` picture in whole pixels: outward (a hair's
    /// rounding error is not a pixel more), inside the picture, at least one pixel.
    public func pixelBounds(width: Int, height: Int) -> (x: Int, y: Int, width: Int, height: Int) {
        let w = max(1, width), h = max(1, height), hair = 1e-9
        let x0 = min(w - 1, max(0, Int((minX * Double(w) + hair).rounded(.down))))
        let y0 = min(h - 1, max(0, Int((minY * Double(h) + hair).rounded(.down))))
        let x1 = max(x0 + 1, min(w, Int((maxX * Double(w) - hair).rounded(.up))))
        let y1 = max(y0 + 1, min(h, Int((maxY * Double(h) - hair).rounded(.up))))
        return (x0, y0, x1 - x0, y1 - y0)
    }
}
