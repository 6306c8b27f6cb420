/// Binary morphology on small masks (row by row, `true` set): square dilation and erosion (each
/// separable, a running count along rows then columns, so the cost does not grow with the radius),
/// opening, closing, and 8-connected components.
enum Morph {
    struct Blob {
        var pixels: [Int] = []
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
    }

    static func dilate(_ mask: [Bool], _ w: Int, _ h: Int, _ r: Int) -> [Bool] { box(mask, w, h, r, any: true) }
    static func erode(_ mask: [Bool], _ w: Int, _ h: Int, _ r: Int) -> [Bool] { box(mask, w, h, r, any: false) }
    static func open(_ mask: [Bool], _ w: Int, _ h: Int, _ r: Int) -> [Bool] { dilate(erode(mask, w, h, r), w, h, r) }
    static func close(_ mask: [Bool], _ w: Int, _ h: Int, _ r: Int) -> [Bool] { erode(dilate(mask, w, h, r), w, h, r) }

    /// Each pixel set when any (dilation) or all (erosion) of the square of radius `r` about it is;
    /// outside the mask counts as unset for dilation and set for erosion (an edge is not eaten).
    private static func box(_ mask: [Bool], _ w: Int, _ h: Int, _ r: Int, any: Bool) -> [Bool] {
        guard r > 0, w > 0, h > 0 else { return mask }
        func pass(_ input: [Bool], count: Int, lines: Int, index: (Int, Int) -> Int) -> [Bool] {
            var out = input
            for line in 0..<lines {
                var set = 0
                // The window [k - r, k + r], counted as it slides.
                for k in 0..<min(r, count) where input[index(line, k)] { set += 1 }
                for k in 0..<count {
                    if k + r < count, input[index(line, k + r)] { set += 1 }
                    if k - r - 1 >= 0, input[index(line, k - r - 1)] { set -= 1 }
                    let inside = min(count - 1, k + r) - max(0, k - r) + 1
                    out[index(line, k)] = any ? set > 0 : set == inside
                }
            }
            return out
        }
        let rows = pass(mask, count: w, lines: h) { $0 * w + $1 }
        return pass(rows, count: h, lines: w) { $1 * w + $0 }
    }

    /// The 8-connected components of the set pixels.
    static func components(_ mask: [Bool], _ w: Int, _ h: Int) -> [Blob] {
        var seen = [Bool](repeating: false, count: mask.count)
        var blobs: [Blob] = []
        var stack: [Int] = []
        for start in mask.indices where mask[start] && !seen[start] {
            var blob = Blob()
            seen[start] = true
            stack.append(start)
            while let i = stack.popLast() {
                let x = i % w, y = i / w
                blob.pixels.append(i)
                blob.minX = min(blob.minX, x); blob.maxX = max(blob.maxX, x)
                blob.minY = min(blob.minY, y); blob.maxY = max(blob.maxY, y)
                for dy in -1...1 {
                    for dx in -1...1 {
                        let nx = x + dx, ny = y + dy
                        guard nx >= 0, ny >= 0, nx < w, ny < h else { continue }
                        let j = ny * w + nx
                        if mask[j], !seen[j] { seen[j] = true; stack.append(j) }
                    }
                }
            }
            blobs.append(blob)
        }
        return blobs
    }
}
