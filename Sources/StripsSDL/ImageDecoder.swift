import CSDL2
import CTurboJPEG
import Foundation
import StripsCore

/// A decoded picture on its way to becoming a texture. Surfaces may be made on any thread;
/// ownership passes with the value, and whoever holds it last frees it.
final class DecodedSurface: @unchecked Sendable {
    private(set) var surface: UnsafeMutablePointer<SDL_Surface>?
    /// Every pixel fully opaque (scans, JPEGs): drawn without blending, which the software
    /// renderer does several times faster.
    let isOpaque: Bool

    init(_ surface: UnsafeMutablePointer<SDL_Surface>) {
        self.surface = surface
        isOpaque = Self.allOpaque(surface)
    }

    /// Checked here, on the decoding thread, so the render thread never scans pixels.
    private static func allOpaque(_ surface: UnsafeMutablePointer<SDL_Surface>) -> Bool {
        guard let format = surface.pointee.format, format.pointee.BytesPerPixel == 4, let pixels = surface.pointee.pixels else { return false }
        let amask = format.pointee.Amask
        if amask == 0 { return true }
        let w = Int(surface.pointee.w), h = Int(surface.pointee.h), pitch = Int(surface.pointee.pitch)
        for y in 0..<h {
            let row = pixels.advanced(by: y * pitch).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w where row[x] & amask != amask { return false }
        }
        return true
    }

    var width: Int32 { surface?.pointee.w ?? 0 }
    var height: Int32 { surface?.pointee.h ?? 0 }

    deinit { if let surface { SDL_FreeSurface(surface) } }
}

/// The largest picture a texture may be, in pixels, preserving the shape.
struct PixelLimit: Hashable, Sendable {
    var width: Int32
    var height: Int32
}

/// Turns a picture file into an upright ARGB surface no larger than asked: JPEGs through
/// libjpeg-turbo's scaled decoding, PNGs through libspng, everything else through SDL_image, then
/// a downscale. Every decoder reads from the file's bytes in memory, so none reads past the end.
/// Safe on any thread; refuses absurd sizes before allocating anything.
enum ImageDecoder {
    static func decode(_ path: String, limit: PixelLimit, fast: Bool = false) -> Result<DecodedSurface, ImageFailure> {
        if let change = ImageCatalog.shared.change(of: path) { return .failure(change) }
        let info: ImageInfo
        switch ImageHeader.read(path) {
        case .failure(let failure): return .failure(failure)
        case .success(let read): info = read
        }
        if let problem = info.sizeProblem { return .failure(ImageFailure(problem, shape: info.displaySize)) }
        let decoded: Result<UnsafeMutablePointer<SDL_Surface>, ImageFailure>
        if info.format == .jpeg {
            decoded = decodeJPEG(path, info: info, limit: limit, fast: fast)
        } else {
            decoded = decodeWithSDL(path, type: info.format)
        }
        switch decoded {
        case .failure(let failure): return .failure(failure)
        case .success(let surface):
            guard let upright = Surfaces.orient(surface, info.orientation) else {
                return .failure(ImageFailure("out of memory turning the picture upright"))
            }
            return .success(DecodedSurface(Surfaces.fit(upright, maxWidth: limit.width, maxHeight: limit.height)))
        }
    }

    /// Any format but JPEG, whole: PNG through libspng, GIF through giflib, the rest through SDL_image.
    static func decodeWithSDL(_ path: String, type: ImageInfo.Format? = nil) -> Result<UnsafeMutablePointer<SDL_Surface>, ImageFailure> {
        switch FileReader.contents(of: path) {
        case .failure(let failure): return .failure(failure)
        case .success(let bytes): return decode(bytes, type: type)
        }
    }

    /// Whole-picture decoding from bytes in memory (the fuzz targets' entry point too).
    static func decode(_ bytes: [UInt8], type: ImageInfo.Format?) -> Result<UnsafeMutablePointer<SDL_Surface>, ImageFailure> {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return PNGDecoder.decode(bytes) }
        if bytes.starts(with: Array("GIF8".utf8)) { return GIFDecoder.decode(bytes) }
        let head = Array(bytes.prefix(512))
        guard let format = SDLImageFormat.sniff(head, isTGA: type == .tga) else {
            return .failure(ImageFailure("not a picture: unknown file format"))
        }
        if let size = SDLImageFormat.measure(format, head),
           let problem = ImageInfo(format: .other, width: size.width, height: size.height).sizeProblem {
            return .failure(ImageFailure(problem))
        }
        let decoded = Surfaces.load(bytes, format: format)
        // The decoded size is checked again: a header may understate what the loader made.
        if case .success(let surface) = decoded,
           let problem = ImageInfo(format: .other, width: Int(surface.pointee.w), height: Int(surface.pointee.h)).sizeProblem {
            SDL_FreeSurface(surface)
            return .failure(ImageFailure(problem))
        }
        return decoded
    }

    /// Decodes at the smallest of libjpeg-turbo's scales (1/8, 1/4, 3/8, ... 1) that still covers
    /// the limit, so a 66 pt thumbnail of a 12 MP scan costs a 1/8 decode.
    static func decodeJPEG(_ path: String, info: ImageInfo, limit: PixelLimit, fast: Bool) -> Result<UnsafeMutablePointer<SDL_Surface>, ImageFailure> {
        switch FileReader.contents(of: path) {
        case .failure(let failure): return .failure(failure)
        case .success(let bytes): return decodeJPEG(bytes, info: info, limit: limit, fast: fast)
        }
    }

    static func decodeJPEG(_ bytes: [UInt8], info: ImageInfo, limit: PixelLimit, fast: Bool) -> Result<UnsafeMutablePointer<SDL_Surface>, ImageFailure> {
        guard let tj = tjInitDecompress() else { return .failure(ImageFailure("libjpeg-turbo could not start")) }
        defer { tjDestroy(tj) }
        var w: Int32 = 0, h: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let headerOK = bytes.withUnsafeBufferPointer {
            tjDecompressHeader3(tj, $0.baseAddress, UInt($0.count), &w, &h, &subsampling, &colorspace) == 0
        }
        guard headerOK else { return .failure(ImageFailure("corrupt JPEG: \(errorText(tj))")) }
        // The limit is for the upright picture; the decode is of the stored one.
        let (limitW, limitH) = info.orientation.swapsAxes ? (limit.height, limit.width) : (limit.width, limit.height)
        let scale = min(1, Double(limitW) / Double(w), Double(limitH) / Double(h))
        let (sw, sh) = scaledSize(w: w, h: h, atLeast: scale)
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, sw, sh, 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            return .failure(ImageFailure("out of memory for a \(sw) x \(sh) picture"))
        }
        let flags = fast ? Int32(TJFLAG_FASTDCT) : 0
        // TJPF_BGRA is SDL's ARGB8888 on a little-endian machine: bytes B, G, R, A.
        let status = bytes.withUnsafeBufferPointer {
            tjDecompress2(tj, $0.baseAddress, UInt($0.count), surface.pointee.pixels.assumingMemoryBound(to: UInt8.self),
                          sw, surface.pointee.pitch, sh, Int32(TJPF_BGRA.rawValue), flags)
        }
        if status != 0 {
            let message = errorText(tj)
            let fatal = tjGetErrorCode(tj) != Int32(TJERR_WARNING.rawValue)
            if message.contains("Premature end") {
                SDL_FreeSurface(surface)
                return .failure(ImageFailure("the file is truncated", shape: info.displaySize))
            }
            // Stray bytes between markers are common in real photos and harmless; any other
            // damage to the data would show as a garbled page: say so instead.
            if !fatal && !message.contains("extraneous bytes") {
                SDL_FreeSurface(surface)
                return .failure(ImageFailure(message.hasPrefix("Corrupt JPEG") ? message : "corrupt JPEG: \(message)", shape: info.displaySize))
            }
            if fatal {
                SDL_FreeSurface(surface)
                // Colour spaces libjpeg-turbo will not convert (CMYK) may still be SDL_image's.
                if case .success(let fallback) = decode(bytes, type: .jpeg) { return .success(fallback) }
                return .failure(ImageFailure("corrupt JPEG: \(message)", shape: info.displaySize))
            }
        }
        return .success(surface)
    }

    /// The smallest libjpeg-turbo scaled size whose scale is at least `scale`.
    static func scaledSize(w: Int32, h: Int32, atLeast scale: Double) -> (Int32, Int32) {
        var count: Int32 = 0
        guard let factors = tjGetScalingFactors(&count), count > 0 else { return (w, h) }
        var best: (num: Int32, denom: Int32) = (1, 1)
        for i in 0..<Int(count) {
            let f = factors[i]
            let value = Double(f.num) / Double(f.denom)
            if value <= 1, value >= scale, value < Double(best.num) / Double(best.denom) { best = (f.num, f.denom) }
        }
        func scaled(_ d: Int32) -> Int32 { (d * best.num + best.denom - 1) / best.denom }
        return (scaled(w), scaled(h))
    }

    private static func errorText(_ tj: tjhandle) -> String {
        guard let text = tjGetErrorStr2(tj) else { return "unknown error" }
        return String(cString: text)
    }
}
