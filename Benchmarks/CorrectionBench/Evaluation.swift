import Foundation
import StripsCore
import StripsCorrection
import StripsDocumentPhotos
import StripsPictures

/// The detector against the photos' known corners: a hit has every corner within 1.5 % of the
/// photo's diagonal; the flattened page's aspect (flattenedSize of the detected quad) is right
/// within 3 % of the true page's.
enum Evaluation {
    static let cornerTolerance = 0.015
    static let aspectTolerance = 0.03

    struct Result {
        var photo: DocumentPhoto
        var detected: Quad?
        var cornerError: Double      // share of the diagonal, worst corner; infinity when nothing found
        var aspectError: Double      // relative, from the detected quad
        var truthAspectError: Double // relative, from the true quad: the estimate's own error
        var ms: Double
        var hit: Bool { cornerError <= cornerTolerance }
        var aspectRight: Bool { aspectError <= aspectTolerance }
    }

    static func evaluate(_ photo: DocumentPhoto) -> Result {
        var detected: Quad?
        let ms = milliseconds { detected = BorderDetector.detect(in: photo.picture) }
        let size = Size(width: Double(photo.picture.width), height: Double(photo.picture.height))
        let diagonal = (size.width * size.width + size.height * size.height).squareRoot()
        func aspectError(_ quad: Quad) -> Double {
            let s = flattenedSize(quad: quad, pictureSize: size)
            return abs((s.width / s.height) / photo.pageAspect - 1)
        }
        return Result(photo: photo, detected: detected,
                      cornerError: detected.map { $0.maxCornerDistance(to: photo.corners) / diagonal } ?? .infinity,
                      aspectError: detected.map(aspectError) ?? .infinity,
                      truthAspectError: aspectError(photo.corners), ms: ms)
    }

    static func run(count: Int, seed: UInt64, pages: [PageArt], maximumPixels: Int, misses: String?, verbose: Bool) {
        var results = [Result]()
        for i in 0..<count {
            let result = evaluate(DocumentPhotoSet.photo(i, seed: seed, pages: pages, maximumPixels: maximumPixels))
            results.append(result)
            if verbose || !result.hit {
                let p = result.photo
                say("\(String(format: "%03d", i)) \(p.className.padding(toLength: 20, withPad: " ", startingAt: 0)) \(p.pageName.padding(toLength: 22, withPad: " ", startingAt: 0)) \(p.picture.width)x\(p.picture.height) cover \(fmt(p.coverage * 100, 0))% roll \(fmt(p.roll, 0)) blur \(fmt(p.blur)) q\(p.quality): corner \(result.detected == nil ? "none" : fmt(result.cornerError * 100, 2) + "%") aspect \(fmt(result.aspectError * 100, 2))% (true quad \(fmt(result.truthAspectError * 100, 2))%) f \(fmt(p.focal, 2)) found \(PageAspect.measuredFocalLength(quad: p.corners, pictureSize: Size(width: Double(p.picture.width), height: Double(p.picture.height))).map { fmt($0, 2) } ?? "-")/\(result.detected.flatMap { PageAspect.measuredFocalLength(quad: $0, pictureSize: Size(width: Double(p.picture.width), height: Double(p.picture.height))) }.map { fmt($0, 2) } ?? "-") \(fmt(result.ms, 0)) ms\(result.hit ? "" : "  MISS")")
            }
        }
        say("")
        say("class                 photos  corners within 1.5%  aspect within 3%  median corner error  median ms")
        let classes = Dictionary(grouping: results, by: \.photo.className).sorted { $0.key < $1.key }
        for (name, group) in classes + [("all", results)] {
            say(row(name, group))
        }
        say("")
        say("by coverage and turn:")
        let bins: [(String, (Result) -> Bool)] = [
            ("coverage < 40%", { $0.photo.coverage < 0.4 }), ("coverage 40-65%", { $0.photo.coverage >= 0.4 && $0.photo.coverage < 0.65 }),
            ("coverage >= 65%", { $0.photo.coverage >= 0.65 }), ("|roll| < 15", { abs($0.photo.roll) < 15 }), ("|roll| >= 15", { abs($0.photo.roll) >= 15 }),
            ("12 MP photos", { $0.photo.picture.width * $0.photo.picture.height > 6_000_000 }),
        ]
        for (name, test) in bins { say(row(name, results.filter(test))) }
        if let misses {
            try? FileManager.default.createDirectory(atPath: misses, withIntermediateDirectories: true)
            for r in results where !r.hit || !r.aspectRight {
                let path = String(format: "%@/miss-%03d-%@.png", misses, r.photo.index, r.photo.className)
                _ = PNGWriter().write(Overlay.draw(r.photo.picture, truth: r.photo.corners, found: r.detected), to: path, replacing: true)
            }
            say("")
            say("misses drawn (green: true corners, red: found) in \(misses)")
        }
    }

    static func row(_ name: String, _ group: [Result]) -> String {
        guard !group.isEmpty else { return name }
        let hits = group.filter(\.hit).count, aspects = group.filter(\.aspectRight).count
        let errors = group.map(\.cornerError).sorted(), ms = group.map(\.ms).sorted()
        let median = errors[errors.count / 2]
        return "\(name.padding(toLength: 20, withPad: " ", startingAt: 0))  \(String(format: "%6d", group.count))  \(String(format: "%8d (%5.1f%%)", hits, 100 * Double(hits) / Double(group.count)))    \(String(format: "%5d (%5.1f%%)", aspects, 100 * Double(aspects) / Double(group.count)))   \(median.isFinite ? String(format: "%17.2f%%", median * 100) : "             none")  \(String(format: "%9.1f", ms[ms.count / 2]))"
    }
}

/// A photo with quads drawn over it, shrunk to at most 1200 pixels wide, to look at a miss.
enum Overlay {
    static func draw(_ photo: PixelBuffer, truth: Quad, found: Quad?) -> PixelBuffer {
        var picture = photo
        func line(_ a: Point, _ b: Point, _ colour: [UInt8]) {
            let steps = Int(max(abs(b.x - a.x), abs(b.y - a.y))) + 1
            for s in 0...steps {
                let t = Double(s) / Double(steps)
                let (x, y) = (Int(a.x + (b.x - a.x) * t), Int(a.y + (b.y - a.y) * t))
                for dy in -2...2 { for dx in -2...2 {
                    let (px, py) = (x + dx, y + dy)
                    guard px >= 0, py >= 0, px < picture.width, py < picture.height else { continue }
                    let o = (py * picture.width + px) * 3
                    picture.bytes[o] = colour[0]; picture.bytes[o + 1] = colour[1]; picture.bytes[o + 2] = colour[2]
                } }
            }
        }
        for (quad, colour) in [(truth, [UInt8]([0, 220, 0]))] + (found.map { [($0, [UInt8]([230, 0, 0]))] } ?? []) {
            let c = quad.corners
            for k in 0..<4 { line(c[k], c[(k + 1) % 4], colour) }
        }
        return picture
    }
}
