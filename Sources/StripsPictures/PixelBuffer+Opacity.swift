extension PixelBuffer {
    /// No pixel has any transparency (grey and RGB never do). Scans and JPEGs are opaque: they
    /// are drawn without blending and saved without an alpha channel.
    public var isOpaque: Bool {
        guard format == .bgra else { return true }
        return bytes.withUnsafeBufferPointer { pixels in
            var i = 3
            while i < pixels.count {
                if pixels[i] != 255 { return false }
                i += 4
            }
            return true
        }
    }

    /// The same picture as B, G, R, A (what textures take); itself when it already is.
    public func bgra() -> PixelBuffer {
        guard format != .bgra else { return self }
        let count = width * height, n = format.bytesPerPixel
        let out = [UInt8](unsafeUninitializedCapacity: count * 4) { out, made in
            bytes.withUnsafeBufferPointer { source in
                for i in 0..<count {
                    let s = i * n
                    let (r, g, b) = n == 1 ? (source[s], source[s], source[s]) : (source[s], source[s + 1], source[s + 2])
                    out[4 * i] = b
                    out[4 * i + 1] = g
                    out[4 * i + 2] = r
                    out[4 * i + 3] = 255
                }
            }
            made = count * 4
        }
        return PixelBuffer(width: width, height: height, format: .bgra, bytes: out) ?? self
    }

    /// R, G, B, A bytes (what PNG encoders take), from any format.
    public func rgbaBytes() -> [UInt8] {
        let count = width * height, n = format.bytesPerPixel
        return [UInt8](unsafeUninitializedCapacity: count * 4) { out, made in
            bytes.withUnsafeBufferPointer { source in
                for i in 0..<count {
                    let s = i * n
                    switch format {
                    case .grey: (out[4 * i], out[4 * i + 1], out[4 * i + 2], out[4 * i + 3]) = (source[s], source[s], source[s], 255)
                    case .rgb: (out[4 * i], out[4 * i + 1], out[4 * i + 2], out[4 * i + 3]) = (source[s], source[s + 1], source[s + 2], 255)
                    case .bgra: (out[4 * i], out[4 * i + 1], out[4 * i + 2], out[4 * i + 3]) = (source[s + 2], source[s + 1], source[s], source[s + 3])
                    }
                }
            }
            made = count * 4
        }
    }

    /// R, G, B, A bytes turned into B, G, R, A in place (libspng and libtiff give RGBA;
    /// textures take BGRA): the red and blue bytes swap.
    static func swapRedAndBlue(_ bytes: inout [UInt8]) {
        bytes.withUnsafeMutableBufferPointer { pixels in
            var i = 0
            while i + 3 < pixels.count {
                pixels.swapAt(i, i + 2)
                i += 4
            }
        }
    }
}
