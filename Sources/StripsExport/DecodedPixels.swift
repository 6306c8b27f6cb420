import CSDL2
import StripsSDL

/// A picture decoded by SDL_image to 32-bit ARGB, in its stored orientation: for pictures that
/// cannot be embedded or copied as they are (PNG, GIF, BMP, WebP, TGA, unusual JPEGs).
final class DecodedPixels {
    private var surface: UnsafeMutablePointer<SDL_Surface>?
    /// No pixel has any transparency: written without an alpha channel, which keeps it exact.
    let isOpaque: Bool
    private let name: String

    init(_ picture: Picture) throws(SaveError) {
        name = picture.name
        switch Surfaces.load(picture.file.path) {
        case .failure(let error): throw SaveError(picture.name, "cannot decode: \(error.description)")
        case .success(let loaded):
            surface = loaded
            isOpaque = Self.allOpaque(loaded)
        }
    }

    deinit { if let surface { SDL_FreeSurface(surface) } }

    var width: Int { Int(surface?.pointee.w ?? 0) }
    var height: Int { Int(surface?.pointee.h ?? 0) }
    var pitch: Int { Int(surface?.pointee.pitch ?? 0) }
    var pixels: UnsafeMutableRawPointer? { surface?.pointee.pixels }

    /// Turns the pixels as `orientation` says (exact: pixels move, none is resampled).
    func orient(_ orientation: Orientation) throws(SaveError) {
        guard orientation != .up, let current = surface else { return }
        // orient frees the original in every case, also when it fails.
        surface = Surfaces.orient(current, orientation)
        if surface == nil { throw SaveError(name, "out of memory turning the picture") }
    }

    private static func allOpaque(_ surface: UnsafeMutablePointer<SDL_Surface>) -> Bool {
        guard let pixels = surface.pointee.pixels else { return true }
        let w = Int(surface.pointee.w), h = Int(surface.pointee.h), pitch = Int(surface.pointee.pitch)
        for y in 0..<h {
            let row = pixels.advanced(by: y * pitch).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w where row[x] >> 24 != 0xFF { return false }
        }
        return true
    }
}
