import CSDL2
import StripsCore

/// SDL's software renderer into a memory surface: screenshots without any display or driver.
public final class OffscreenRenderer {
    private let fonts: FontBook?
    private var surface: UnsafeMutablePointer<SDL_Surface>?
    private var renderer: OpaquePointer?
    private var canvas: Canvas?
    private var size = (w: Int32(0), h: Int32(0))

    public init(fonts: FontBook?) throws {
        self.fonts = fonts
        try SDLSystem.start(video: false)
    }

    deinit {
        canvas = nil
        if let renderer { SDL_DestroyRenderer(renderer) }
        if let surface { SDL_FreeSurface(surface) }
    }

    /// Renders the draw list at `window` points (1 pixel per point) and writes a PNG.
    public func screenshot(_ items: [DrawItem], window: Size, to path: String) throws {
        let w = Int32(max(1, window.width.rounded())), h = Int32(max(1, window.height.rounded()))
        try prepare(width: w, height: h)
        guard let renderer, let canvas, let surface else { return }
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
        SDL_RenderClear(renderer)
        canvas.draw(items)
        SDL_RenderPresent(renderer)
        guard IMG_SavePNG(surface, path) == 0 else { throw SDLError("cannot write the screenshot \(path)") }
    }

    /// Reads one pixel of the last frame, for tests: (r, g, b).
    public func pixel(x: Int32, y: Int32) -> (UInt8, UInt8, UInt8)? {
        guard let surface, x >= 0, y >= 0, x < surface.pointee.w, y < surface.pointee.h else { return nil }
        let row = surface.pointee.pixels.advanced(by: Int(y) * Int(surface.pointee.pitch))
        let value = row.assumingMemoryBound(to: UInt32.self)[Int(x)]
        var r: UInt8 = 0, g: UInt8 = 0, b: UInt8 = 0
        SDL_GetRGB(value, surface.pointee.format, &r, &g, &b)
        return (r, g, b)
    }

    private func prepare(width: Int32, height: Int32) throws {
        if surface != nil, size == (width, height) { return }
        canvas = nil
        if let renderer { SDL_DestroyRenderer(renderer) }
        if let surface { SDL_FreeSurface(surface) }
        guard let newSurface = SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            throw SDLError("cannot make a \(width)x\(height) surface")
        }
        guard let newRenderer = SDL_CreateSoftwareRenderer(newSurface) else {
            SDL_FreeSurface(newSurface)
            throw SDLError("cannot make a software renderer")
        }
        surface = newSurface
        renderer = newRenderer
        canvas = Canvas(renderer: newRenderer, fonts: fonts)
        size = (width, height)
    }
}
