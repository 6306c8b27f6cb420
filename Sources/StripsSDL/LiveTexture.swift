import CSDL2
import StripsCore
import StripsPictures

/// The camera view's picture on the screen: one streaming texture, given the host's newest frame
/// only when there is a new one (a frame the screen never showed costs nothing here), made again
/// only when the frames change size. Render thread only.
final class LiveTexture {
    private let renderer: OpaquePointer
    private let source: LivePicture
    private var texture: OpaquePointer?
    private var size = (w: Int32(0), h: Int32(0))
    private var serial = 0
    /// Frames uploaded, for the frame statistics and tests.
    private(set) var uploads = 0

    init(renderer: OpaquePointer, source: LivePicture) {
        self.renderer = renderer
        self.source = source
    }

    deinit { if let texture { SDL_DestroyTexture(texture) } }

    /// The texture with the newest picture in it; nil when there is none. `drawn`: the pixels it
    /// is drawn at, which the host need not exceed (a camera's 1080p shown in 900 pixels is
    /// scaled down on its worker, not uploaded whole and scaled here).
    func current(drawn: (Int, Int)) -> OpaquePointer? {
        if let wanted = source.wanted, wanted == drawn {} else { source.wanted = drawn }
        guard let (pixels, serial) = source.newer(than: serial) else { return texture }
        self.serial = serial
        guard let pixels, pixels.format == .bgra, pixels.width > 0, pixels.height > 0 else {
            if let texture { SDL_DestroyTexture(texture) }
            texture = nil
            return nil
        }
        let (w, h) = (Int32(pixels.width), Int32(pixels.height))
        if texture == nil || size != (w, h) {
            if let texture { SDL_DestroyTexture(texture) }
            texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), w, h)
            size = (w, h)
            if let texture {
                SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
                // Made at the size it is drawn, each pixel lands on one: nothing to filter (a
                // software renderer, Mesa's llvmpipe under Xvfb, spends less on a copy).
                let exact = abs(Int(w) - drawn.0) <= 1 && abs(Int(h) - drawn.1) <= 1
                SDL_SetTextureScaleMode(texture, exact ? SDL_ScaleModeNearest : SDL_ScaleModeLinear)
            }
        }
        guard let texture else { return nil }
        pixels.bytes.withUnsafeBytes { _ = SDL_UpdateTexture(texture, nil, $0.baseAddress, w * 4) }
        uploads += 1
        return texture
    }
}

extension Canvas {
    /// The live picture fitted into its quad's frame, under its clip.
    func drawLive(_ quad: LiveQuad) {
        let drawn = (Int((quad.frame.width * scale).rounded(.up)), Int((quad.frame.height * scale).rounded(.up)))
        guard quad.alpha > 0, !quad.frame.isEmpty, setClip(quad.clip), let texture = live?.current(drawn: drawn) else { return }
        SDL_SetTextureAlphaMod(texture, Self.alphaByte(quad.alpha))
        SDL_SetTextureBlendMode(texture, quad.alpha < 1 ? SDL_BLENDMODE_BLEND : SDL_BLENDMODE_NONE)
        var dest = Self.frect(quad.frame)
        SDL_RenderCopyF(renderer, texture, nil, &dest)
    }
}
