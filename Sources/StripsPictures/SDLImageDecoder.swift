import CSDL2

/// The formats only SDL_image reads (BMP, WebP, TGA, PNM, QOI, PCX, LBM, CMYK JPEGs), each with
/// its own loader (`SDLImageFormat`), from bytes in memory, so every read stops at the end of the
/// data whatever the file's lengths claim. SDL is used here for SDL_image alone: what comes out is
/// a PixelBuffer, and no SDL surface leaves this file.
enum SDLImageDecoder {
    static func load(_ bytes: [UInt8], format: SDLImageFormat) -> Result<PixelBuffer, ImageFailure> {
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
        let w = Int(decoded.pointee.w), h = Int(decoded.pointee.h)
        guard w > 0, h > 0 else { return .failure(ImageFailure("cannot convert the picture: no pixels")) }
        // The decoded size is checked again: a header may understate what the loader made.
        if let problem = ImageInfo(format: .other, width: w, height: h).sizeProblem { return .failure(ImageFailure(problem)) }
        // Through a surface conversion, which knows palettes (8-bit BMP, PCX, LBM).
        guard let argb = SDL_ConvertSurfaceFormat(decoded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0), let source = argb.pointee.pixels else {
            return .failure(ImageFailure("cannot convert the picture: \(String(cString: SDL_GetError()))"))
        }
        defer { SDL_FreeSurface(argb) }
        // SDL's ARGB8888 is B, G, R, A in memory on a little-endian machine: PixelBuffer's bgra.
        var pixels = PixelBuffer(width: w, height: h, format: .bgra)
        let pitch = Int(argb.pointee.pitch)
        pixels.bytes.withUnsafeMutableBytes { dest in
            guard let base = dest.baseAddress else { return }
            for y in 0..<h { (base + y * w * 4).copyMemory(from: source + y * pitch, byteCount: w * 4) }
        }
        return .success(pixels)
    }
}
