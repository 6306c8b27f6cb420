/// CMYK JPEGs (print and prepress scans) as light: each pixel's ink over white paper, without a
/// colour profile (the way browsers and viewers show them): red = (1 - cyan) (1 - black), and
/// so on. Photoshop and most programs that write an Adobe marker store the inks inverted (255 is
/// no ink), as the JPEG world reads them since Adobe's; other files store ink amounts.
enum CMYKPixels {
    /// `bytes`: C, M, Y, K per pixel, turned in place into B, G, R, A (opaque).
    static func toLight(_ bytes: inout [UInt8], inverted: Bool) {
        bytes.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i + 3 < p.count {
                var (c, m, y, k) = (Int(p[i]), Int(p[i + 1]), Int(p[i + 2]), Int(p[i + 3]))
                if !inverted { (c, m, y, k) = (255 - c, 255 - m, 255 - y, 255 - k) }
                // Inverted values are light already: light = value * (light of black) / 255.
                p[i] = UInt8((y * k + 127) / 255)
                p[i + 1] = UInt8((m * k + 127) / 255)
                p[i + 2] = UInt8((c * k + 127) / 255)
                p[i + 3] = 255
                i += 4
            }
        }
    }

    /// Whether the JPEG has an Adobe (APP14) marker before its scan.
    static func isAdobe(_ jpeg: [UInt8]) -> Bool {
        var offset = 2
        while offset + 4 <= jpeg.count, jpeg[offset] == 0xFF {
            let code = jpeg[offset + 1]
            if code == 0xFF { offset += 1; continue }
            if code == 0xDA || code == 0xD9 { return false }
            if code == 0x01 || (0xD0...0xD7).contains(code) { offset += 2; continue }
            let length = Int(jpeg[offset + 2]) << 8 | Int(jpeg[offset + 3])
            guard length >= 2 else { return false }
            if code == 0xEE, length >= 7, offset + 9 <= jpeg.count, Array(jpeg[(offset + 4)..<(offset + 9)]) == Array("Adobe".utf8) { return true }
            offset += 2 + length
        }
        return false
    }
}
