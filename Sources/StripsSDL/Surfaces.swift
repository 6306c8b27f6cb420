import CSDL2

/// Pixel-surface helpers: decode, convert and shrink pictures before they become textures.
enum Surfaces {
    /// Decodes any format SDL_image reads into 32-bit ARGB, or explains why it could not.
    static func load(_ path: String) -> Result<UnsafeMutablePointer<SDL_Surface>, SDLError> {
        guard let decoded = IMG_Load(path) else { return .failure(SDLError("cannot decode \(path)")) }
        defer { SDL_FreeSurface(decoded) }
        guard let argb = SDL_ConvertSurfaceFormat(decoded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else {
            return .failure(SDLError("cannot convert \(path)"))
        }
        return .success(argb)
    }

    /// A copy no larger than `maxWidth` x `maxHeight`, same shape; the input is freed when it shrinks.
    static func fit(_ surface: UnsafeMutablePointer<SDL_Surface>, maxWidth: Int32, maxHeight: Int32) -> UnsafeMutablePointer<SDL_Surface> {
        let w = surface.pointee.w, h = surface.pointee.h
        guard w > maxWidth || h > maxHeight, maxWidth > 0, maxHeight > 0 else { return surface }
        let scale = min(Double(maxWidth) / Double(w), Double(maxHeight) / Double(h))
        let nw = max(1, Int32((Double(w) * scale).rounded())), nh = max(1, Int32((Double(h) * scale).rounded()))
        guard let small = SDL_CreateRGBSurfaceWithFormat(0, nw, nh, 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else { return surface }
        // Halve in steps first: one bilinear pass from 12 MP down to a thumbnail would alias badly.
        var source = surface
        while source.pointee.w / 2 >= nw * 2 && source.pointee.h / 2 >= nh * 2,
              let half = SDL_CreateRGBSurfaceWithFormat(0, source.pointee.w / 2, source.pointee.h / 2, 32, SDL_PIXELFORMAT_ARGB8888.rawValue) {
            SDL_SoftStretchLinear(source, nil, half, nil)
            if source != surface { SDL_FreeSurface(source) }
            source = half
        }
        SDL_SoftStretchLinear(source, nil, small, nil)
        if source != surface { SDL_FreeSurface(source) }
        SDL_FreeSurface(surface)
        return small
    }
}
