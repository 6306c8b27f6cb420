/// A rectangle of whole pixels: the part of a frame that changed and is stored in the GIF.
struct PixelRect: Hashable, Sendable {
    var x: Int, y: Int, width: Int, height: Int

    /// The bounding box of the pixels that differ between two RGBA images of one size; nil when
    /// they are identical.
    static func difference(_ a: [UInt8], _ b: [UInt8], width: Int, height: Int) -> PixelRect? {
        var minX = width, minY = height, maxX = -1, maxY = -1
        a.withUnsafeBytes { pa in
            b.withUnsafeBytes { pb in
                let wa = pa.bindMemory(to: UInt32.self), wb = pb.bindMemory(to: UInt32.self)
                for y in 0..<height {
                    let row = y * width
                    var first = -1
                    for x in 0..<width where wa[row + x] != wb[row + x] { first = x; break }
                    guard first >= 0 else { continue }
                    var last = first
                    for x in stride(from: width - 1, to: first, by: -1) where wa[row + x] != wb[row + x] { last = x; break }
                    minX = min(minX, first); maxX = max(maxX, last)
                    minY = min(minY, y); maxY = y
                }
            }
        }
        guard maxX >= 0 else { return nil }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// This rectangle's RGBA bytes out of an image `width` pixels wide.
    func crop(_ rgba: [UInt8], width imageWidth: Int) -> [UInt8] {
        if x == 0 && width == imageWidth && y == 0 && rgba.count == width * height * 4 { return rgba }
        var out = [UInt8]()
        out.reserveCapacity(width * height * 4)
        for row in y..<(y + height) {
            let start = (row * imageWidth + x) * 4
            out.append(contentsOf: rgba[start ..< start + width * 4])
        }
        return out
    }
}
