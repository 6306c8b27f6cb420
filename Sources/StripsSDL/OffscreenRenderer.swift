import CSDL2
import Foundation
import StripsCore
import StripsPictures
import StripsRecording

/// SDL's software renderer into a memory surface: screenshots without any display or driver.
public final class OffscreenRenderer {
    private let fonts: FontBook?
    private var surface: UnsafeMutablePointer<SDL_Surface>?
    private var renderer: OpaquePointer?
    private var canvas: Canvas?
    private var size = (w: Int32(0), h: Int32(0))
    private let textureOptions: TextureOptions
    /// Told once per picture that cannot be shown: (path, reason).
    public var onImageFailure: (String, String) -> Void = { _, _ in }
    /// The last frame's draw list, pictures resolved.
    public private(set) var lastDrawList = DrawList(items: [])

    /// Device pixels per point: a frame of W x H points renders to W*scale x H*scale pixels
    /// (`--scale`), text and pictures at those pixels; the frame and its trace stay in points.
    public let scale: Double
    /// The camera view's picture (the host's), drawn where a frame asks for it.
    private let live: LivePicture?

    /// `textures`: decoding is synchronous unless asked otherwise, so screenshots are deterministic.
    /// `live`: the host's live picture (the camera's), if it has one.
    public init(fonts: FontBook?, textures: TextureOptions = TextureOptions(decode: .sync), scale: Double = 1, live: LivePicture? = nil) throws {
        self.fonts = fonts
        self.live = live
        textureOptions = textures
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        try SDLSystem.start(video: false)
    }

    /// Texture memory held now and at most so far, and the number of textures, for benchmarks.
    public var textureBytes: Int { canvas?.textures.bytes ?? 0 }
    public var peakTextureBytes: Int { canvas?.textures.peakBytes ?? 0 }
    public var textureCount: Int { canvas?.textures.textureCount ?? 0 }
    /// True while asynchronous decodes are under way or pictures are fading in.
    public var needsFrames: Bool { lastDrawList.isFading || (canvas?.textures.isDecoding ?? false) }

    /// Blocks until the asynchronous decodes asked for so far are done (or `timeout` seconds pass).
    @discardableResult
    public func waitForDecodes(timeout: Double) -> Bool { canvas?.textures.waitForDecodes(timeout: timeout) ?? true }

    /// True once the picture has a texture (not pending, not failed).
    public func hasTexture(_ ref: ImageRef) -> Bool { canvas?.textures.isCached(ref) ?? false }

    /// A picture's texture size in pixels and how many tiles it is made of; nil before it has one.
    public func textureSize(of ref: ImageRef) -> (width: Int, height: Int, tiles: Int)? {
        canvas?.textures.textureSize(of: ref).map { (Int($0.width), Int($0.height), $0.tiles) }
    }

    /// The part of a zoomed picture decoded at its drawn size: pixels, tiles, the part of the
    /// picture (0...1) and the whole picture's drawn pixel size; nil when not zoomed past its texture.
    public func detailSize(of ref: ImageRef) -> (width: Int, height: Int, tiles: Int, region: Rect, limit: PixelLimit)? {
        canvas?.textures.detailSize(of: ref).map { (Int($0.width), Int($0.height), $0.tiles, $0.region, $0.limit) }
    }

    /// True once the picture is shown: as a texture, or as its error card.
    public func isResolved(_ ref: ImageRef) -> Bool { canvas?.textures.isResolved(ref) ?? false }

    /// True once the picture is shown as it stays (not an EXIF thumbnail standing in), or failed.
    public func isFinal(_ ref: ImageRef) -> Bool { canvas?.textures.isFinal(ref) ?? false }

    deinit {
        canvas = nil
        if let renderer { SDL_DestroyRenderer(renderer) }
        if let surface { SDL_FreeSurface(surface) }
    }

    /// Renders the frame at its window's points (`scale` pixels per point) and writes a PNG.
    public func screenshot(_ frame: Frame, to path: String) throws {
        try render(frame)
        guard let surface else { return }
        if case .failure(let failure) = PNGWriter().write(Self.pixels(of: surface), to: path, replacing: true, durable: false) {
            throw SDLError("\(path): cannot write the screenshot: \(failure.reason)")
        }
    }

    /// An ARGB8888 surface's pixels: B, G, R, A bytes on a little-endian machine, rows unpadded.
    static func pixels(of surface: UnsafeMutablePointer<SDL_Surface>) -> PixelBuffer {
        let s = surface.pointee
        let (w, h, pitch) = (Int(s.w), Int(s.h), Int(s.pitch))
        var pixels = PixelBuffer(width: w, height: h, format: .bgra)
        guard let source = s.pixels else { return pixels }
        pixels.bytes.withUnsafeMutableBytes { rows in
            guard let base = rows.baseAddress else { return }
            for y in 0..<h { (base + y * w * 4).copyMemory(from: source + y * pitch, byteCount: w * 4) }
        }
        return pixels
    }

    /// Renders the frame into the surface only (`strips bench` times this).
    public func render(_ frame: Frame) throws {
        // The script caps window sizes; the clamp keeps a bad caller from trapping in the conversion.
        let w = Int32(max(1, (frame.window.width * scale).rounded()).clamped(to: 1...32767))
        let h = Int32(max(1, (frame.window.height * scale).rounded()).clamped(to: 1...32767))
        try prepare(width: w, height: h)
        guard let renderer, let canvas else { return }
        canvas.scale = scale
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
        SDL_RenderClear(renderer)
        lastDrawList = canvas.draw(frame)
        SDL_RenderPresent(renderer)
    }

    /// Hands the last rendered frame to a recording (headless `--record`), stamped `time` seconds.
    @discardableResult
    public func record(into recorder: Recorder, at time: Double) -> Recorder.Outcome {
        guard let surface else { return .skipped }
        return recorder.append(surface: surface, at: time)
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
        let canvas = Canvas(renderer: newRenderer, fonts: fonts, options: textureOptions, live: live)
        canvas.textures.onFailure = { [weak self] in self?.onImageFailure($0, $1) }
        self.canvas = canvas
        size = (width, height)
    }
}
