import CSDL2
import StripsRecording

/// What the window and the offscreen renderer hand a recording: SDL's pixels as plain ARGB8888
/// rows (StripsRecording knows no SDL).
extension Recorder {
    /// Offers an ARGB8888 surface (the offscreen renderer's): another format or an empty surface
    /// is not a frame.
    @discardableResult
    public func append(surface: UnsafeMutablePointer<SDL_Surface>, at time: Double) -> Outcome {
        let s = surface.pointee
        guard let format = s.format, format.pointee.format == SDL_PIXELFORMAT_ARGB8888.rawValue,
              s.w > 0, s.h > 0 else { return .skipped }
        let locked = (s.flags & UInt32(SDL_RLEACCEL)) != 0  // SDL_MUSTLOCK is a macro Swift cannot import
        if locked, SDL_LockSurface(surface) != 0 { return .skipped }
        defer { if locked { SDL_UnlockSurface(surface) } }
        guard let pixels = surface.pointee.pixels else { return .skipped }
        return append(pixels: UnsafeRawPointer(pixels), width: Int(s.w), height: Int(s.h), pitch: Int(s.pitch), at: time)
    }

    /// Reads the renderer's current frame (SDL_RenderReadPixels, ARGB8888) when it is wanted:
    /// call after drawing and before SDL_RenderPresent, whose back buffer is undefined afterwards.
    @discardableResult
    public func append(renderer: OpaquePointer, at time: Double) -> Outcome {
        var width: Int32 = 0, height: Int32 = 0
        guard SDL_GetRendererOutputSize(renderer, &width, &height) == 0, width > 0, height > 0 else { return .skipped }
        return append(width: Int(width), height: Int(height), at: time) { buffer in
            SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, buffer.baseAddress, width * 4) == 0
        }
    }
}
