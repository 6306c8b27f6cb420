import CSDL2
import StripsCore

/// Draws a frame's draw list with an SDL renderer: window or offscreen surface alike.
final class Canvas {
    let renderer: OpaquePointer
    let textures: TextureCache
    let fonts: FontBook?
    /// Pixels per point (2 on a HiDPI display).
    var scale = 1.0
    private var textTextures: [TextRun: (texture: OpaquePointer, w: Int32, h: Int32)] = [:]

    init(renderer: OpaquePointer, fonts: FontBook?) {
        self.renderer = renderer
        self.fonts = fonts
        textures = TextureCache(renderer: renderer)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    }

    deinit {
        for entry in textTextures.values { SDL_DestroyTexture(entry.texture) }
    }

    func draw(_ items: [DrawItem]) {
        SDL_RenderSetScale(renderer, Float(scale), Float(scale))
        for item in items {
            switch item {
            case .fill(let fill): draw(fill)
            case .image(let quad): draw(quad)
            case .text(let run): draw(run)
            }
        }
        SDL_RenderSetClipRect(renderer, nil)
    }

    private func setClip(_ clip: Rect?) -> Bool {
        guard let clip else {
            SDL_RenderSetClipRect(renderer, nil)
            return true
        }
        if clip.isEmpty { return false }
        // Whole pixels, rounded outward, in the renderer's scaled coordinates.
        let x0 = (clip.minX * scale).rounded(.down), y0 = (clip.minY * scale).rounded(.down)
        let x1 = (clip.maxX * scale).rounded(.up), y1 = (clip.maxY * scale).rounded(.up)
        SDL_RenderSetScale(renderer, 1, 1)
        var rect = SDL_Rect(x: Int32(x0), y: Int32(y0), w: Int32(x1 - x0), h: Int32(y1 - y0))
        SDL_RenderSetClipRect(renderer, &rect)
        SDL_RenderSetScale(renderer, Float(scale), Float(scale))
        return true
    }

    private static func frect(_ r: Rect) -> SDL_FRect {
        SDL_FRect(x: Float(r.minX), y: Float(r.minY), w: Float(r.width), h: Float(r.height))
    }

    private static func alphaByte(_ a: Double) -> UInt8 { UInt8((a.clamped(to: 0...1) * 255).rounded()) }

    private func draw(_ fill: Fill) {
        guard setClip(fill.clip), fill.alpha > 0 else { return }
        let c = fill.color
        SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, UInt8(Double(c.a) * fill.alpha.clamped(to: 0...1)))
        var rect = Self.frect(fill.rect)
        SDL_RenderFillRectF(renderer, &rect)
    }

    private func draw(_ quad: ImageQuad) {
        guard quad.alpha > 0, !quad.frame.isEmpty, setClip(quad.clip) else { return }
        guard let texture = textures.texture(for: quad.image) else {
            let c = quad.placeholder
            SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, Self.alphaByte(quad.alpha))
            var rect = Self.frect(quad.frame)
            SDL_RenderFillRectF(renderer, &rect)
            return
        }
        var w: Int32 = 0, h: Int32 = 0
        SDL_QueryTexture(texture, nil, nil, &w, &h)
        let s = quad.source
        var source = SDL_Rect(
            x: Int32((s.minX * Double(w)).rounded()), y: Int32((s.minY * Double(h)).rounded()),
            w: max(1, Int32((s.width * Double(w)).rounded())), h: max(1, Int32((s.height * Double(h)).rounded())))
        var dest = Self.frect(quad.frame)
        SDL_SetTextureAlphaMod(texture, Self.alphaByte(quad.alpha))
        SDL_RenderCopyF(renderer, texture, &source, &dest)
    }

    private func draw(_ run: TextRun) {
        guard run.alpha > 0, let entry = textTexture(run) else { return }
        _ = setClip(nil)
        SDL_SetTextureAlphaMod(entry.texture, Self.alphaByte(run.alpha))
        // The texture is rendered at pixel size; draw it at its point size, centred in the frame.
        let size = Size(width: Double(entry.w) / scale, height: Double(entry.h) / scale)
        var dest = Self.frect(Rect(center: run.frame.center, size: size))
        SDL_RenderCopyF(renderer, entry.texture, nil, &dest)
    }

    private func textTexture(_ run: TextRun) -> (texture: OpaquePointer, w: Int32, h: Int32)? {
        if let entry = textTextures[run.withoutPlacement] { return entry }
        guard !run.text.isEmpty, let font = fonts?.font(pointSize: run.pointSize, weight: run.weight, scale: scale) else { return nil }
        let c = run.color
        guard let surface = TTF_RenderUTF8_Blended(font, run.text, SDL_Color(r: c.r, g: c.g, b: c.b, a: c.a)) else { return nil }
        defer { SDL_FreeSurface(surface) }
        guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        if textTextures.count > 512 {
            for entry in textTextures.values { SDL_DestroyTexture(entry.texture) }
            textTextures.removeAll()
        }
        let entry = (texture, surface.pointee.w, surface.pointee.h)
        textTextures[run.withoutPlacement] = entry
        return entry
    }
}

private extension TextRun {
    /// The same text drawn anywhere, at any opacity, is the same texture.
    var withoutPlacement: TextRun {
        var copy = self
        copy.frame = .zero
        copy.alpha = 1
        return copy
    }
}
