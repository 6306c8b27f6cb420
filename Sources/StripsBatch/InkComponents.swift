import StripsPictures

/// One connected blot of ink (8-connected pixels darker than a level) and what the judges ask of it.
struct InkComponent: Hashable, Sendable {
    var minX: Int
    var minY: Int
    var maxX: Int
    var maxY: Int
    /// Pixels in it.
    var area: Int
    /// Its darkest pixel.
    var darkest: UInt8

    var width: Int { maxX - minX + 1 }
    var height: Int { maxY - minY + 1 }
    var centreX: Double { Double(minX + maxX) / 2 }
    var centreY: Double { Double(minY + maxY) / 2 }
    /// The share of its box it covers.
    var fill: Double { Double(area) / Double(width * height) }

    /// Within `gap` pixels of `other`, box to box.
    func near(_ other: InkComponent, gap: Int) -> Bool {
        minX - gap <= other.maxX && other.minX - gap <= maxX && minY - gap <= other.maxY && other.minY - gap <= maxY
    }

    mutating func absorb(_ other: InkComponent) {
        minX = min(minX, other.minX)
        minY = min(minY, other.minY)
        maxX = max(maxX, other.maxX)
        maxY = max(maxY, other.maxY)
        area += other.area
        darkest = min(darkest, other.darkest)
    }
}

enum InkComponents {
    /// The blots of a grey picture darker than `level`, found run by run: each row's dark runs
    /// are joined to the runs they touch in the row above (union-find), so the cost is in runs,
    /// not pixels, past the one pass that finds them.
    static func find(in grey: PixelBuffer, below level: UInt8) -> [InkComponent] {
        precondition(grey.format == .grey)
        let width = grey.width, height = grey.height
        guard width > 0, height > 0 else { return [] }
        struct Run { var start: Int; var end: Int; var label: Int32 }
        var parent: [Int32] = []
        func root(_ label: Int32) -> Int32 {
            var l = label
            while parent[Int(l)] != l {
                parent[Int(l)] = parent[Int(parent[Int(l)])]
                l = parent[Int(l)]
            }
            return l
        }
        var runsByRow: [[Run]] = Array(repeating: [], count: height)
        var previous: [Run] = []
        grey.bytes.withUnsafeBufferPointer { pixels in
            for y in 0..<height {
                var runs: [Run] = []
                let row = y * width
                var x = 0
                while x < width {
                    guard pixels[row + x] < level else { x += 1; continue }
                    let start = x
                    while x < width, pixels[row + x] < level { x += 1 }
                    var run = Run(start: start, end: x - 1, label: -1)
                    // 8-connected: a run touches those above that overlap it widened by one.
                    for above in previous where above.end >= start - 1 && above.start <= x {
                        let r = root(above.label)
                        if run.label < 0 {
                            run.label = r
                        } else {
                            let mine = root(run.label)
                            if mine != r { parent[Int(max(mine, r))] = min(mine, r) }
                        }
                    }
                    if run.label < 0 {
                        run.label = Int32(parent.count)
                        parent.append(run.label)
                    }
                    runs.append(run)
                }
                runsByRow[y] = runs
                previous = runs
            }
        }
        var byRoot: [Int32: Int] = [:]
        var components: [InkComponent] = []
        grey.bytes.withUnsafeBufferPointer { pixels in
            for (y, runs) in runsByRow.enumerated() {
                for run in runs {
                    var darkest: UInt8 = 255
                    for x in run.start...run.end { darkest = min(darkest, pixels[y * width + x]) }
                    let piece = InkComponent(minX: run.start, minY: y, maxX: run.end, maxY: y, area: run.end - run.start + 1, darkest: darkest)
                    let r = root(run.label)
                    if let k = byRoot[r] {
                        components[k].absorb(piece)
                    } else {
                        byRoot[r] = components.count
                        components.append(piece)
                    }
                }
            }
        }
        return components
    }

    /// Components grouped where their boxes come within `gap` pixels of each other, each group
    /// one box: words from letters, a barcode from its bars.
    static func clusters(_ components: [InkComponent], gap: Int) -> [InkComponent] {
        var clusters: [InkComponent] = []
        for component in components.sorted(by: { $0.minX < $1.minX }) {
            var merged = component
            // Merging can make a cluster reach others it did not before: repeat until it stops.
            var changed = true
            while changed {
                changed = false
                var k = 0
                while k < clusters.count {
                    if clusters[k].near(merged, gap: gap) {
                        merged.absorb(clusters.remove(at: k))
                        changed = true
                    } else {
                        k += 1
                    }
                }
            }
            clusters.append(merged)
        }
        return clusters
    }
}
