import CTurboJPEG
import StripsPictures

/// Turns a JPEG's pixels without decoding them (libjpeg-turbo's tjTransform moves the DCT blocks),
/// so nothing is lost, then marks its EXIF orientation upright so viewers do not turn it again.
///
/// JPEG pixels come in blocks (MCUs, 8 or 16 pixels a side). A turn that would move a partial
/// block from the right or bottom edge to the left or top cannot be done exactly
/// (TJXOPT_PERFECT refuses it). Such partial blocks are dropped (TJXOPT_TRIM, which changes
/// nothing when the turn is exact, so one call serves both): at most 15 pixel rows or columns at
/// that edge, a sliver of margin on a scan, in exchange for a file that is still the original JPEG
/// data and upright in every viewer. The save reports each trim as a note. (Rejected: leaving the
/// edge blocks untransformed, which shows a garbled strip; re-encoding, which loses quality;
/// turning by EXIF tag only, which viewers that ignore EXIF show sideways; PNG, 5-10 times larger.)
enum LosslessJPEGTurn {
    struct Turned {
        var bytes: [UInt8]
        /// Pixels dropped at an edge to keep the turn lossless.
        var trimmed: Bool
        var width: Int
        var height: Int
    }

    /// `jpeg` turned so that its stored pixels show as `orientation` says; nil when libjpeg-turbo
    /// cannot transform this file (the caller then decodes it).
    static func turn(_ jpeg: UnsafeRawBufferPointer, layout original: JPEGLayout, to orientation: Orientation) -> Turned? {
        let op = operation(orientation)
        guard let bytes = transform(jpeg, operation: op, options: TJXOPT_TRIM),
              let layout = bytes.withUnsafeBytes({ try? JPEGLayout.read($0).get() })
        else { return nil }
        var turned = Turned(bytes: bytes, trimmed: false, width: layout.width, height: layout.height)
        let expected = orientation.swapsAxes ? (original.height, original.width) : (original.width, original.height)
        turned.trimmed = (layout.width, layout.height) != expected
        if let exif = layout.exif { turned.bytes.withUnsafeMutableBytes { _ = ExifBlock.markUpright($0, payload: exif) } }
        return turned
    }

    /// The same file with the EXIF orientation set upright: for a picture whose turns undo its
    /// orientation exactly, so its pixels need not move.
    static func markedUpright(_ jpeg: UnsafeRawBufferPointer, layout: JPEGLayout) -> [UInt8] {
        var bytes = Array(jpeg)
        if let exif = layout.exif { bytes.withUnsafeMutableBytes { _ = ExifBlock.markUpright($0, payload: exif) } }
        return bytes
    }

    /// The transform that shows stored pixels as `orientation` says.
    static func operation(_ orientation: Orientation) -> TJXOP {
        switch orientation {
        case .up: return TJXOP_NONE
        case .upMirrored: return TJXOP_HFLIP
        case .down: return TJXOP_ROT180
        case .downMirrored: return TJXOP_VFLIP
        case .leftMirrored: return TJXOP_TRANSPOSE
        case .right: return TJXOP_ROT90
        case .rightMirrored: return TJXOP_TRANSVERSE
        case .left: return TJXOP_ROT270
        }
    }

    static func transform(_ jpeg: UnsafeRawBufferPointer, operation: TJXOP, options: Int32) -> [UInt8]? {
        guard let tj = tjInitTransform() else { return nil }
        defer { tjDestroy(tj) }
        var spec = tjtransform()
        spec.op = Int32(operation.rawValue)
        spec.options = options
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = tjTransform(tj, jpeg.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt(jpeg.count), 1, &output, &size, &spec, 0)
        defer { if let output { tjFree(output) } }
        guard status == 0, let output, size > 0 else { return nil }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }
}
