import Foundation
import StripsCore
import StripsDocumentPhotos
import StripsPictures

/// Test footage for the camera (issue 27), made from seeds: a camera held still over a desk while
/// pages are laid down and rest, a hand passes over one, a book's pages are turned, a page keeps
/// moving. Each film knows its truth: where every sheet is at every moment and which rests a
/// camera that takes pages by itself must take, each exactly once.
public struct CameraFilm: Sendable {
    public enum Kind: String, CaseIterable, Sendable {
        /// Two sheets laid down one after the other (each slid in by a hand), a hand passing over
        /// the first while it rests, the first taken away before the second comes.
        case desk
        /// A book's page turned twice, a hand lifting each leaf: three pages at one place.
        case book
        /// A sheet that never stops moving (slowly round in a circle).
        case moving
        /// An open book lying whole under the camera (two pages, the gutter in shadow), its right
        /// leaf turned once: two spreads, each to be taken as its two pages.
        case spread
    }

    /// A stretch in which a page lies still: one take is due. It begins when the page stops
    /// moving (a hand may still be letting go of it: the time to its taking counts from here).
    public struct Rest: Hashable, Sendable {
        public var from: Double
        public var to: Double
        public var page: String
        public var quad: Quad
    }

    public let kind: Kind
    public let width: Int
    public let height: Int
    public let rate: Double
    public let duration: Double
    public let rests: [Rest]
    private let scene: DeskScene
    private let choreography: @Sendable (Double) -> (sheets: [(art: PixelBuffer, quad: Quad)], hands: [DeskScene.Hand])

    public var frameCount: Int { Int((duration * rate).rounded()) }
    public var diagonal: Double { Double(width * width + height * height).squareRoot() }

    /// Frame `index`'s picture.
    public func frame(_ index: Int) -> PixelBuffer {
        let moment = choreography(Double(index) / rate)
        return scene.frame(index, sheets: moment.sheets, hands: moment.hands)
    }

    /// The sheets' corners at `time`, top one last.
    public func quads(at time: Double) -> [Quad] { choreography(time).sheets.map(\.quad) }

    /// `moving`: how long the moving page goes round (4 s unless said).
    public init(_ kind: Kind, width: Int, height: Int, rate: Double, seed: UInt64 = 27, moving: Double? = nil) {
        self.kind = kind
        self.width = width
        self.height = height
        self.rate = rate
        let (w, h) = (Double(width), Double(height))
        // Poses are in shares of the frame, so a film is the same scene at any size.
        func page(centre: Point, height share: Double, aspect: Double, degrees: Double, keystone: Double = 0.03) -> Quad {
            let ph = share * h, pw = ph * aspect
            let a = degrees * .pi / 180
            // A little perspective: the far (top) edge a touch narrower.
            let corners = [(-pw / 2 * (1 - keystone), -ph / 2), (pw / 2 * (1 - keystone), -ph / 2), (pw / 2, ph / 2), (-pw / 2, ph / 2)]
            return Quad(corners: corners.map { c in
                Point(x: centre.x * w + c.0 * cos(a) - c.1 * sin(a), y: centre.y * h + c.0 * sin(a) + c.1 * cos(a))
            })!
        }
        @Sendable func moved(_ q: Quad, dx: Double, dy: Double) -> Quad { q.map { Point(x: $0.x + dx * w, y: $0.y + dy * h) } }
        @Sendable func ease(_ t: Double, _ a: Double, _ b: Double) -> Double { Easing.easeInOut(((t - a) / (b - a)).clamped(to: 0...1)) }
        let artA = PageArt.bookPage(1, seed: seed), artB = PageArt.bookPage(2, seed: seed &+ 101), artC = PageArt.bookPage(3, seed: seed &+ 202)
        let aspect = Double(artA.picture.width) / Double(artA.picture.height)
        switch kind {
        case .desk:
            duration = 6.5
            let restA = page(centre: Point(x: 0.47, y: 0.5), height: 0.8, aspect: aspect, degrees: 4)
            let restB = page(centre: Point(x: 0.55, y: 0.52), height: 0.76, aspect: aspect, degrees: -7)
            rests = [Rest(from: 1.0, to: 2.3, page: artA.name, quad: restA), Rest(from: 4.6, to: 6.5, page: artB.name, quad: restB)]
            choreography = { t in
                var sheets: [(PixelBuffer, Quad)] = []
                var hands: [DeskScene.Hand] = []
                // A slides in from the right, held at its right edge, and is let go.
                if t < 3.9 {
                    let inward = 1 - ease(t, 0.2, 1.0), outward = ease(t, 3.3, 3.9)
                    let quad = moved(restA, dx: 0.75 * inward - 0.9 * outward, dy: 0.05 * inward)
                    sheets.append((artA.picture, quad))
                    if t < 1.3 { hands.append(Self.hand(holding: quad.topRight.lerp(quad.bottomRight, 0.5), from: .right, reach: 1 - ease(t, 1.0, 1.3), w: w, h: h)) }
                    if t > 3.1 { hands.append(Self.hand(holding: quad.topLeft.lerp(quad.bottomLeft, 0.5), from: .left, reach: ease(t, 3.1, 3.3), w: w, h: h)) }
                }
                // A hand passes over A while it rests, from the bottom to the top.
                if t > 2.3, t < 3.0 {
                    let p = ease(t, 2.3, 3.0)
                    hands.append(Self.hand(at: Point(x: (0.35 + 0.3 * p) * w, y: (1.15 - 1.4 * p) * h), from: .bottom, w: w, h: h))
                }
                // B comes down from the top and is let go.
                if t > 4.0 {
                    let inward = 1 - ease(t, 4.0, 4.6)
                    let quad = moved(restB, dx: 0.05 * inward, dy: -0.9 * inward)
                    sheets.append((artB.picture, quad))
                    if t < 5.0 { hands.append(Self.hand(holding: quad.topLeft.lerp(quad.topRight, 0.5), from: .top, reach: 1 - ease(t, 4.6, 5.0), w: w, h: h)) }
                }
                return (sheets, hands)
            }
        case .book:
            duration = 6.2
            let pad = page(centre: Point(x: 0.52, y: 0.5), height: 0.82, aspect: aspect, degrees: -3)
            rests = [Rest(from: 0, to: 1.4, page: artA.name, quad: pad), Rest(from: 2.3, to: 3.7, page: artB.name, quad: pad),
                     Rest(from: 4.6, to: 6.2, page: artC.name, quad: pad)]
            let arts = [artA.picture, artB.picture, artC.picture]
            choreography = { t in
                // Turns: the top leaf swings up about the spine (its left edge) and away, with a
                // hand at its free edge; the next page lies under it.
                let turns = [(1.4, 2.3), (3.7, 4.6)]
                var under = 0
                var leaf: (PixelBuffer, Quad)?
                var hands: [DeskScene.Hand] = []
                for (k, (a, b)) in turns.enumerated() {
                    if t >= b { under = k + 1; continue }
                    if t >= a {
                        under = k + 1
                        let angle = ease(t, a, b) * .pi
                        let swing = Self.turned(pad, angle: angle)
                        if angle < .pi / 2 { leaf = (arts[k], swing) }
                        let edge = angle < .pi / 2 ? swing.topRight.lerp(swing.bottomRight, 0.55) : swing.topLeft.lerp(swing.bottomLeft, 0.55)
                        hands.append(Self.hand(holding: edge, from: .right, reach: 1, w: w, h: h))
                    }
                    break
                }
                var sheets: [(PixelBuffer, Quad)] = [(arts[min(under, 2)], pad)]
                if let leaf { sheets.append(leaf) }
                return (sheets, hands)
            }
        case .spread:
            duration = 5.5
            let artD = PageArt.bookPage(4, seed: seed &+ 303)
            let pad = page(centre: Point(x: 0.5, y: 0.5), height: 0.72, aspect: 2 * aspect, degrees: -2)
            // The right half: the leaf that turns about the spine.
            let leafPad = Quad(topLeft: pad.topLeft.lerp(pad.topRight, 0.5), topRight: pad.topRight,
                               bottomRight: pad.bottomRight, bottomLeft: pad.bottomLeft.lerp(pad.bottomRight, 0.5))
            let first = Self.spread(artA.picture, artB.picture), turning = Self.spread(artA.picture, artD.picture)
            let second = Self.spread(artC.picture, artD.picture)
            rests = [Rest(from: 0, to: 1.4, page: "\(artA.name) | \(artB.name)", quad: pad),
                     Rest(from: 2.3, to: 5.5, page: "\(artC.name) | \(artD.name)", quad: pad)]
            choreography = { t in
                guard t >= 1.4 else { return ([(first, pad)], []) }
                guard t < 2.3 else { return ([(second, pad)], []) }
                // The right leaf swings over the spine with a hand at its free edge: page 2 up,
                // then its back, page 3, coming down on the left.
                let angle = ease(t, 1.4, 2.3) * .pi
                let swing = Self.turned(leafPad, angle: angle)
                let edge = angle < .pi / 2 ? swing.topRight.lerp(swing.bottomRight, 0.55) : swing.topLeft.lerp(swing.bottomLeft, 0.55)
                return ([(turning, pad), (angle < .pi / 2 ? artB.picture : artC.picture, swing)],
                        [Self.hand(holding: edge, from: .right, reach: 1, w: w, h: h)])
            }
        case .moving:
            duration = moving ?? 4.0
            let rest = page(centre: Point(x: 0.5, y: 0.5), height: 0.62, aspect: aspect, degrees: 5)
            rests = []
            choreography = { t in
                // Round in a circle of a sixth of the frame every 2.5 s, turning a little as it goes.
                let a = 2 * .pi * t / 2.5
                let centre = Point(x: 0.5 * w + 0.12 * w * cos(a), y: 0.5 * h + 0.1 * h * sin(a))
                let turn = 0.06 * sin(a)
                let q = rest.map { p in
                    let dx = p.x - 0.5 * w, dy = p.y - 0.5 * h
                    return Point(x: centre.x + dx * cos(turn) - dy * sin(turn), y: centre.y + dx * sin(turn) + dy * cos(turn))
                }
                return ([(artC.picture, q)], [])
            }
        }
        scene = DeskScene(desk: kind == .book || kind == .spread ? .wood : .laminate, width: width, height: height, seed: seed)
    }

    /// Two pages side by side as an open book shows them: the paper darkening into the gutter
    /// between them (a third darker at the spine, over a twelfth of the spread's width).
    static func spread(_ left: PixelBuffer, _ right: PixelBuffer) -> PixelBuffer {
        let (w, h) = (left.width + right.width, max(left.height, right.height))
        var both = PixelBuffer(width: w, height: h, format: .rgb, filledWith: 255)
        let middle = Double(left.width), reach = Double(w) / 24
        for y in 0..<h {
            for x in 0..<w {
                let (source, sx) = x < left.width ? (left, x) : (right, x - left.width)
                guard y < source.height else { continue }
                let d = (Double(x) + 0.5 - middle) / reach
                let shade = 1 - 0.33 * exp(-d * d)
                for c in 0..<3 {
                    both.bytes[y * both.bytesPerRow + x * 3 + c] = UInt8((Double(source.bytes[y * source.bytesPerRow + sx * 3 + c]) * shade).rounded())
                }
            }
        }
        return both
    }

    /// The pad's top leaf swung up by `angle` about its left edge, seen from above: its free edge
    /// comes in towards the spine and, being nearer the camera, grows a little.
    static func turned(_ pad: Quad, angle: Double) -> Quad {
        let c = cos(angle), lift = 1 + 0.18 * sin(angle)
        func swing(_ spine: Point, _ free: Point) -> Point {
            let out = Point(x: spine.x + (free.x - spine.x) * c, y: spine.y + (free.y - spine.y) * c)
            // Nearer the camera: away from the spine's middle, a little.
            return Point(x: out.x, y: spine.y + (out.y - spine.y) * lift + (free.y - spine.y) * 0)
        }
        let top = swing(pad.topLeft, pad.topRight), bottom = swing(pad.bottomLeft, pad.bottomRight)
        let spread = (lift - 1) * pad.topLeft.distance(to: pad.bottomLeft) / 2
        let topOut = Point(x: top.x, y: top.y - spread), bottomOut = Point(x: bottom.x, y: bottom.y + spread)
        // Past upright the leaf lies the other way: its corners' order flips.
        return c >= 0 ? Quad(topLeft: pad.topLeft, topRight: topOut, bottomRight: bottomOut, bottomLeft: pad.bottomLeft)
            : Quad(topLeft: topOut, topRight: pad.topLeft, bottomRight: pad.bottomLeft, bottomLeft: bottomOut)
    }

    enum Side { case left, right, top, bottom }

    /// A hand reaching in from `side` with its fingertips at `tip`; `reach` 0...1 draws it back
    /// out of the frame.
    static func hand(holding tip: Point, from side: Side, reach: Double, w: Double, h: Double) -> DeskScene.Hand {
        let back = (1 - reach) * 0.5 * max(w, h)
        let (dx, dy): (Double, Double) = switch side {
        case .left: (-1, 0)
        case .right: (1, 0)
        case .top: (0, -1)
        case .bottom: (0, 1)
        }
        return hand(at: Point(x: tip.x + dx * back, y: tip.y + dy * back), from: side, w: w, h: h)
    }

    /// A palm with its fingertips at `tip`, the arm running off the frame towards `side`.
    static func hand(at tip: Point, from side: Side, w: Double, h: Double) -> DeskScene.Hand {
        let size = 0.16 * min(w, h)
        let (dx, dy): (Double, Double) = switch side {
        case .left: (-1, 0)
        case .right: (1, 0)
        case .top: (0, -1)
        case .bottom: (0, 1)
        }
        let centre = Point(x: tip.x + dx * size * 0.9, y: tip.y + dy * size * 0.9)
        // An oval palm, longer along the arm, points clockwise on screen.
        let palm = (0..<16).map { i -> Point in
            let a = Double(i) / 16 * 2 * .pi
            let along = cos(a) * size, across = sin(a) * size * 0.75
            return Point(x: centre.x + along * dx - across * dy, y: centre.y + along * dy + across * dx)
        }
        let clockwisePalm = Self.clockwise(palm)
        let far = 2 * max(w, h)
        let wrist = Point(x: centre.x + dx * size * 0.8, y: centre.y + dy * size * 0.8)
        let side1 = Point(x: -dy * size * 0.55, y: dx * size * 0.55)
        let arm = [Point(x: wrist.x + side1.x, y: wrist.y + side1.y), Point(x: wrist.x - side1.x, y: wrist.y - side1.y),
                   Point(x: wrist.x - side1.x + dx * far, y: wrist.y - side1.y + dy * far),
                   Point(x: wrist.x + side1.x + dx * far, y: wrist.y + side1.y + dy * far)]
        return DeskScene.Hand(outlines: [clockwisePalm, Self.clockwise(arm)])
    }

    /// The points in clockwise order on screen (y down).
    static func clockwise(_ points: [Point]) -> [Point] {
        var area = 0.0
        for i in points.indices {
            let a = points[i], b = points[(i + 1) % points.count]
            area += a.x * b.y - b.x * a.y
        }
        return area >= 0 ? points : points.reversed()
    }
}

extension Point {
    func lerp(_ other: Point, _ t: Double) -> Point { Point(x: x + (other.x - x) * t, y: y + (other.y - y) * t) }
}
