import Foundation
import StripsCore

/// Turns a picture file into an upright picture no larger than asked, or a part of one at the
/// size it is drawn: JPEGs through libjpeg-turbo (scaled decoding; a part by skipping and
/// cropping scanlines), PNGs through libspng (by rows), TIFFs through libtiff (by strips), GIFs
/// through giflib, WebP through libwebp, BMP, TGA, PNM, QOI, PCX and LBM through ffmpeg's
/// decoders (whole, then cut and shrunk). Every decoder reads
/// from the file's bytes in memory (or, for TIFF, through reads that stop at the file's end), so
/// none reads past the end. Safe on any thread; refuses absurd sizes before allocating anything.
public enum PictureDecoder {
    /// The picture at `path`, upright (EXIF orientation applied), fitted into `limit`. `fast`:
    /// libjpeg-turbo's fast DCT (thumbnails).
    public static func decode(_ path: String, limit: PixelLimit, fast: Bool = false) -> Result<PixelBuffer, ImageFailure> {
        decode(path, limit: limit, region: nil, fast: fast).map(\.pixels)
    }

    /// The picture at `path` fitted into `limit`, or only `region` of it (0...1 of the upright
    /// picture) at that scale, snapped to whole pixels.
    public static func decode(_ path: String, limit: PixelLimit, region: Rect?, fast: Bool) -> Result<DecodedPicture, ImageFailure> {
        let info: ImageInfo
        switch ImageHeader.read(path) {
        case .failure(let failure): return .failure(failure)
        case .success(let read): info = read
        }
        if let problem = info.sizeProblem { return .failure(ImageFailure(problem, shape: info.displaySize)) }
        if info.format == .tiff { return TIFFPages.decode(path, page: 0, limit: limit, region: region) }
        if info.format == .jpeg {
            return FileReader.contents(of: path).flatMap {
                JPEGDecoder.decode($0, orientation: info.orientation, limit: limit, region: region, fast: fast, shape: info)
            }
        }
        let shown = info.displaySize
        let plan = RegionPlan(size: (Int(shown.width), Int(shown.height)), limit: limit, region: region)
        let part = plan.stored(info.orientation)
        let decoded = FileReader.contents(of: path).flatMap { bytes -> Result<PixelBuffer, ImageFailure> in
            switch info.format {
            case .png:
                return PNGDecoder.decode(bytes, region: plan.isWhole ? nil : part.region, size: (part.width, part.height))
            default:
                return decode(bytes, type: info.format).map { whole in
                    let b = part.region.pixelBounds(width: whole.width, height: whole.height)
                    return whole.cropped(x: b.x, y: b.y, width: b.width, height: b.height).resized(width: part.width, height: part.height)
                }
            }
        }
        return decoded.map { DecodedPicture($0.oriented(info.orientation), region: plan.region) }
    }

    /// The whole picture at `path` in its stored orientation, header checked first (saving:
    /// pictures that are embedded or written as they decode).
    public static func decodeStored(_ path: String) -> Result<PixelBuffer, ImageFailure> {
        ImageHeader.read(path).flatMap { info in
            if let problem = info.sizeProblem { return .failure(ImageFailure(problem)) }
            return decodeWhole(path, type: info.format)
        }
    }

    /// Any format, whole, in its stored orientation.
    static func decodeWhole(_ path: String, type: ImageInfo.Format? = nil) -> Result<PixelBuffer, ImageFailure> {
        FileReader.contents(of: path).flatMap { decode($0, type: type) }
    }

    /// Whole-picture decoding from bytes in memory, stored orientation (the fuzz targets' entry
    /// point too): PNG through libspng, GIF through giflib, TIFF through libtiff, JPEG through
    /// libjpeg-turbo at its own size, WebP through libwebp, the rest through ffmpeg, each after
    /// its header is measured.
    public static func decode(_ bytes: [UInt8], type: ImageInfo.Format?) -> Result<PixelBuffer, ImageFailure> {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return PNGDecoder.decode(bytes) }
        if bytes.starts(with: Array("GIF8".utf8)) { return GIFDecoder.decode(bytes) }
        let head = Array(bytes.prefix(512))
        guard let format = PictureSignature.sniff(head, isTGA: type == .tga) else {
            return .failure(ImageFailure("not a picture: unknown file format"))
        }
        let measured = PictureSignature.measure(format, head)
            ?? (format == .bmp ? ImageHeader.bmp(head) : format == .tga ? ImageHeader.tga(head) : nil).map { ($0.width, $0.height) }
        if let size = measured {
            if let problem = ImageInfo(format: .other, width: size.width, height: size.height).sizeProblem { return .failure(ImageFailure(problem)) }
            if let most = format.mostPixels(forBytes: bytes.count), size.width * size.height > most {
                return .failure(ImageFailure("the file is truncated or its header is damaged (\(size.width) x \(size.height) pixels in \(bytes.count) bytes)"))
            }
        }
        let decoded: Result<PixelBuffer, ImageFailure>
        switch format {
        case .tiff: return TIFFPages.decodeFirst(bytes)
        case .jpeg: return JPEGDecoder.decode(bytes, limit: PixelLimit(width: .max, height: .max), fast: false)
        case .webp: return WebPDecoder.decode(bytes)
        case .bmp, .tga, .pnm, .qoi, .pcx, .lbm: decoded = FFmpegPictureDecoder.decode(bytes, format: format)
        }
        // A picture of another size than its header says is not the picture the page was laid
        // out for (and a header read two ways is a forgery).
        if case .success(let pixels) = decoded, let size = measured, (pixels.width, pixels.height) != (size.width, size.height) {
            return .failure(ImageFailure("the file is damaged: its header says \(size.width) x \(size.height), its pixels are \(pixels.width) x \(pixels.height)"))
        }
        return decoded
    }
}
