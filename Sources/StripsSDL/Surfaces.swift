import CSDL2
import StripsPictures

/// Decoded pictures as SDL surfaces, for the few SDL calls that take one (the window icon).
public enum Surfaces {
    /// The picture at `path` (StripsPictures' decoders, header checked first) as a 32-bit ARGB
    /// surface the caller frees, or why it could not be read.
    public static func load(_ path: String) -> Result<UnsafeMutablePointer<SDL_Surface>, SDLError> {
        let decoded = PictureDecoder.decodeStored(path).mapError { SDLError(message: "cannot decode \(path): \($0.reason)") }
        return decoded.flatMap { picture in
            surface(picture.bgra()).map { .success($0) } ?? .failure(SDLError("cannot make a surface for \(path)"))
        }
    }

    /// A new ARGB8888 surface holding a copy of the picture (B, G, R, A is ARGB8888's byte order).
    public static func surface(_ picture: PixelBuffer) -> UnsafeMutablePointer<SDL_Surface>? {
        let bgra = picture.bgra()
        guard bgra.width > 0, bgra.height > 0,
              let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(bgra.width), Int32(bgra.height), 32, SDL_PIXELFORMAT_ARGB8888.rawValue),
              let pixels = surface.pointee.pixels else { return nil }
        let pitch = Int(surface.pointee.pitch), row = bgra.bytesPerRow
        bgra.bytes.withUnsafeBytes { source in
            guard let base = source.baseAddress else { return }
            for y in 0..<bgra.height { (pixels + y * pitch).copyMemory(from: base + y * row, byteCount: row) }
        }
        return surface
    }
}
