import CSDL2

/// Pixel-surface helpers: decode, convert and shrink pictures before they become textures.
public enum Surfaces {
    /// Decodes a picture file into 32-bit ARGB through the same safe decoders the pages use (PNG
    /// through libspng, the rest through SDL_image from memory), or explains why it could not.
    public static func load(_ path: String) -> Result<UnsafeMutablePointer<SDL_Surface>, SDLError> {
        // The header first, so a lying size is refused before any decoder allocates for it.
        let decoded = ImageHeader.read(path).flatMap { info -> Result<UnsafeMutablePointer<SDL_Surface>, ImageFailure> in
            if let problem = info.sizeProblem { return .failure(ImageFailure(problem)) }
            return ImageDecoder.decodeWithSDL(path, type: info.format)
        }
        return decoded.mapError { SDLError(message: "cannot decode \(path): \($0.reason)") }
    }

    /// Decodes a picture with SDL_image's loader for `format`, from bytes in memory, into 32-bit
    /// ARGB, or explains why it could not. Reading from memory means every read stops at the end
    /// of the data, whatever the file's lengths claim.
    static func load(_ bytes: [UInt8], format: SDLImageFormat) -> Result<UnsafeMutablePointer<SDL_Surface>, ImageFailure> {
        LibraryDiagnostics.install()
        _ = LibraryDiagnostics.takeLastError()
        let decoded = bytes.withUnsafeBytes { buffer -> UnsafeMutablePointer<SDL_Surface>? in
            guard let rw = SDL_RWFromConstMem(buffer.baseAddress, Int32(clamping: buffer.count)) else { return nil }
            defer { SDL_RWclose(rw) }
            return format.load(rw)
        }
        guard let decoded else {
            let reason = LibraryDiagnostics.takeLastError() ?? String(cString: SDL_GetError())
            return .failure(ImageFailure(reason.contains("Unsupported image format") ? "not a picture: unknown file format" : "cannot decode: \(reason)"))
        }
        defer { SDL_FreeSurface(decoded) }
        guard decoded.pointee.w > 0, decoded.pointee.h > 0,
              let argb = SDL_ConvertSurfaceFormat(decoded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0)
        else { return .failure(ImageFailure("cannot convert the picture: \(String(cString: SDL_GetError()))")) }
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

    /// The surface turned upright for its EXIF orientation; the input is freed when a copy is made.
    public static func orient(_ surface: UnsafeMutablePointer<SDL_Surface>, _ orientation: Orientation) -> UnsafeMutablePointer<SDL_Surface>? {
        guard orientation != .up else { return surface }
        let w = Int(surface.pointee.w), h = Int(surface.pointee.h)
        let (dw, dh) = orientation.swapsAxes ? (h, w) : (w, h)
        guard let turned = SDL_CreateRGBSurfaceWithFormat(0, Int32(dw), Int32(dh), 32, surface.pointee.format.pointee.format) else {
            SDL_FreeSurface(surface)
            return nil
        }
        let sourcePitch = Int(surface.pointee.pitch) / 4, destPitch = Int(turned.pointee.pitch) / 4
        let source = surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        let dest = turned.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        for y in 0..<dh {
            let row = dest + y * destPitch
            // Walk the stored pixels with a fixed step per displayed pixel: no per-pixel switch.
            let start = orientation.storedPixel(x: 0, y: y, w: w, h: h)
            let next = dw > 1 ? orientation.storedPixel(x: 1, y: y, w: w, h: h) : start
            let step = (next.x - start.x) + (next.y - start.y) * sourcePitch
            var index = start.x + start.y * sourcePitch
            for x in 0..<dw {
                row[x] = source[index]
                index += step
            }
        }
        SDL_FreeSurface(surface)
        return turned
    }
}
