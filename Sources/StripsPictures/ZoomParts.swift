import Foundation
import StripsCore

/// Which part of a zoomed page to decode, and when: the part in view, with a margin for small
/// pans, at the size the whole page is drawn (up to the file's own pixels), drawn over the page's
/// window-sized texture. Only that part is ever decoded: a 300 MP scan zoomed to its own pixels
/// costs a few screens of memory, not 1.2 GB, and a PDF page renders sharp at any zoom. Pure but
/// for the sizes it remembers from frame to frame; the renderer holds the parts and uploads them.
public struct ZoomParts: Sendable {
    /// Decoded beyond the part in view on every side, as a share of it: a pan of up to this
    /// much needs no new decode.
    public static let margin = 0.25

    /// A part of a picture held or on its way: the part (0...1 of the picture upright) and the
    /// whole picture's drawn size it was decoded for.
    public struct Part: Sendable {
        public var region: Rect?
        public var limit: PixelLimit

        public init(region: Rect?, limit: PixelLimit) {
            self.region = region
            self.limit = limit
        }
    }

    /// Pictures drawn zoomed this frame, and the size each was drawn at the frame before.
    public private(set) var drawn: Set<ImageRef> = []
    private var lastWant: [ImageRef: PixelLimit] = [:]

    public init() {}

    public mutating func beginFrame() { drawn.removeAll(keepingCapacity: true) }

    /// Forgets the sizes of pictures neither drawn zoomed this frame nor `held`.
    public mutating func endFrame(held: (ImageRef) -> Bool) {
        lastWant = lastWant.filter { drawn.contains($0.key) || held($0.key) }
    }

    /// The part to decode for a full picture drawn at `want` pixels (its whole drawn size) whose
    /// window-sized texture is `base`; nil when that texture is enough (not zoomed past it, or the
    /// file has no more pixels), when the drawn size is still changing, or when the part `held`
    /// or `uploading` already covers what is in view at this size. `waitForSettle`: decodes on
    /// workers wait for the size to hold a frame (not one per frame of a pinch); decoding on the
    /// spot (screenshots, frames drawn only when asked) does not.
    public mutating func job(for request: PictureRequest, want: PixelLimit, base: (width: Int32, height: Int32, limited: Bool), view: Size,
                             waitForSettle: Bool, held: Part?, uploading: Part?) -> DecodeQueue.Job? {
        let ref = request.image
        guard ref.variant == .full, let frame = request.drawnAt, !frame.isEmpty else { return nil }
        let settled = lastWant[ref] == want
        lastWant[ref] = want
        guard base.limited, want.width > base.width + 2 || want.height > base.height + 2,
              let inView = Self.inView(request, frame: frame, view: view) else { return nil }
        drawn.insert(ref)
        if let held, Self.close(held.limit, want), held.region?.contains(inView) == true { return nil }
        if let uploading, Self.close(uploading.limit, want), uploading.region?.contains(inView) == true { return nil }
        guard settled || !waitForSettle else { return nil }
        let dx = inView.width * Self.margin, dy = inView.height * Self.margin
        let unit = Rect(x: 0, y: 0, width: 1, height: 1)
        let region = Rect(x: inView.minX - dx, y: inView.minY - dy, width: inView.width + 2 * dx, height: inView.height + 2 * dy).intersection(unit)
        return DecodeQueue.Job(ref: ref, limit: want, region: region)
    }

    /// The part of the picture in view (0...1 of it upright), or nil when none is or the picture
    /// is drawn at an angle that is not a quarter turn (a turn being animated).
    public static func inView(_ request: PictureRequest, frame: Rect, view: Size) -> Rect? {
        let turns = request.rotation / 90
        guard abs(turns - turns.rounded()) < 1e-9 else { return nil }
        let shown = (request.shown ?? frame.turned(degrees: request.rotation)).intersection(Rect(origin: .zero, size: view))
        guard !shown.isEmpty else { return nil }
        // Window points back onto the unturned picture: turned the other way about its centre.
        let unturned = shown.turned(degrees: -request.rotation, about: frame.center)
        let part = Rect(x: (unturned.minX - frame.minX) / frame.width, y: (unturned.minY - frame.minY) / frame.height,
                        width: unturned.width / frame.width, height: unturned.height / frame.height)
        let visible = part.intersection(Rect(x: 0, y: 0, width: 1, height: 1))
        return visible.isEmpty ? nil : visible
    }

    private static func close(_ a: PixelLimit, _ b: PixelLimit) -> Bool { abs(a.width - b.width) <= 2 && abs(a.height - b.height) <= 2 }
}

extension Rect {
    /// True when `other` lies inside (to within a hair).
    public func contains(_ other: Rect) -> Bool {
        other.minX >= minX - 1e-9 && other.minY >= minY - 1e-9 && other.maxX <= maxX + 1e-9 && other.maxY <= maxY + 1e-9
    }

    /// The bounding box of the rectangle turned `degrees` clockwise about `center`.
    public func turned(degrees: Double, about center: Point) -> Rect {
        let a = degrees * .pi / 180, c = cos(a), s = sin(a)
        let corners = [Point(x: minX, y: minY), Point(x: maxX, y: minY), Point(x: maxX, y: maxY), Point(x: minX, y: maxY)].map { p in
            let x = p.x - center.x, y = p.y - center.y
            return Point(x: center.x + x * c - y * s, y: center.y + x * s + y * c)
        }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let x0 = xs.min() ?? minX, y0 = ys.min() ?? minY
        return Rect(x: x0, y: y0, width: (xs.max() ?? maxX) - x0, height: (ys.max() ?? maxY) - y0)
    }
}
