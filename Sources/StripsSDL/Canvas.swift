import CSDL2
import StripsCore
import StripsPictures

/// Draws a frame's draw list with an SDL renderer: window or offscreen surface alike.
final class Canvas {
    let renderer: OpaquePointer
    let textures: TextureCache
    let fonts: FontBook?
    /// Pixels per point (2 on a HiDPI display).
    var scale = 1.0
    /// The window being drawn, in points: pictures larger than it are drawn only in part.
    var window = Size(width: Double.infinity, height: Double.infinity)
    private var textTextures: [TextRun: (texture: OpaquePointer, w: Int32, h: Int32)] = [:]
    /// Texts shortened to fit a width, by (text, point size, weight, width).
    var fittedTexts: [String: String] = [:]
    /// The app's icons by name and scale (nil: no such file, asked once).
    var icons: [String: OpaquePointer?] = [:]
    /// Where the icons are: Assets/Toolbar.
    lazy var iconFolder: String? = Resources.assetsFolder().map { $0 + "/Toolbar" }
    /// The camera view's picture, when the host has a live source.
    let live: LiveTexture?

    init(renderer: OpaquePointer, fonts: FontBook?, options: TextureOptions = TextureOptions(decode: .sync),
         wake: @escaping @Sendable () -> Void = {}, live: LivePicture? = nil) {
        self.renderer = renderer
        self.fonts = fonts
        self.live = live.map { LiveTexture(renderer: renderer, source: $0) }
        textures = TextureCache(renderer: renderer, options: options, wake: wake)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    }

    deinit {
        for entry in textTextures.values { SDL_DestroyTexture(entry.texture) }
        for case let texture? in icons.values { SDL_DestroyTexture(texture) }
    }

    /// Draws one frame: the pictures it names are decoded or queued, their states resolved into
    /// the draw list (by the frame, on its clock), drawn, then the cache is trimmed. `overlay`
    /// goes on top (frame statistics).
    @discardableResult
    func draw(_ frame: Frame, overlay: [DrawItem] = []) -> DrawList {
        var pw: Int32 = 0, ph: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &pw, &ph)
        window = frame.window
        let items = frame.content.drawItems()
        textures.prepare(frame.pictures(drawing: items), at: frame.time, pixels: PixelLimit(width: pw, height: ph), scale: scale)
        var list = DrawList(frame, items: items, pictures: textures)
        list.items += overlay
        draw(list.items)
        textures.endFrame()
        return list
    }

    func draw(_ items: [DrawItem]) {
        SDL_RenderSetScale(renderer, Float(scale), Float(scale))
        for item in items {
            switch item {
            case .fill(let fill): draw(fill)
            case .image(let quad): draw(quad)
            case .text(let run): draw(run)
            case .errorCard(let card): drawErrorCard(card)
            case .polygon(let polygon): drawPolygon(polygon)
            case .icon(let icon): drawIcon(icon)
            case .live(let quad): drawLive(quad)
            }
        }
        SDL_RenderSetClipRect(renderer, nil)
    }

    func setClip(_ clip: Rect?) -> Bool {
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

    static func frect(_ r: Rect) -> SDL_FRect {
        SDL_FRect(x: Float(r.minX), y: Float(r.minY), w: Float(r.width), h: Float(r.height))
    }

    static func alphaByte(_ a: Double) -> UInt8 { UInt8((a.clamped(to: 0...1) * 255).rounded()) }

    private func draw(_ fill: Fill) {
        guard setClip(fill.clip), fill.alpha > 0 else { return }
        let c = fill.color
        let alpha = UInt8(Double(c.a) * fill.alpha.clamped(to: 0...1))
        SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, alpha)
        // Opaque fills need no blending: a plain fill of the window is much cheaper in software.
        if alpha == 255 { SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE) }
        var rect = Self.frect(fill.rect)
        SDL_RenderFillRectF(renderer, &rect)
        if alpha == 255 { SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND) }
    }

    private func draw(_ quad: ImageQuad) {
        guard quad.alpha > 0, !quad.frame.isEmpty, setClip(quad.clip),
              let (picture, opaque) = textures.texture(for: quad.image), let texture = picture.tiles.first?.texture else { return }
        let alpha = Self.alphaByte(quad.alpha)
        let blend = opaque && alpha == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND
        if drawsVisiblePart(of: quad, picture) {
            if quad.rotation != 0 {
                drawTurnedTiles(of: quad, picture, alpha: alpha, blend: blend)
            } else {
                drawVisiblePart(of: quad, picture, alpha: alpha, blend: blend)
            }
            drawDetail(of: quad, alpha: alpha)
            return
        }
        var w: Int32 = 0, h: Int32 = 0
        SDL_QueryTexture(texture, nil, nil, &w, &h)
        let s = quad.source
        var source = SDL_Rect(
            x: Int32((s.minX * Double(w)).rounded()), y: Int32((s.minY * Double(h)).rounded()),
            w: max(1, Int32((s.width * Double(w)).rounded())), h: max(1, Int32((s.height * Double(h)).rounded())))
        var dest = Self.frect(quad.frame)
        if s == Rect(x: 0, y: 0, width: 1, height: 1),
           abs(Double(dest.w) * scale - Double(w)) < 1.5, abs(Double(dest.h) * scale - Double(h)) < 1.5 {
            // A picture decoded for this very size: whole pixels, so it is copied, not resampled.
            dest = SDL_FRect(x: Float((Double(dest.x) * scale).rounded() / scale), y: Float((Double(dest.y) * scale).rounded() / scale),
                             w: Float(Double(w) / scale), h: Float(Double(h) / scale))
        }
        SDL_SetTextureAlphaMod(texture, alpha)
        SDL_SetTextureBlendMode(texture, blend)
        if quad.rotation == 0 {
            SDL_RenderCopyF(renderer, texture, &source, &dest)
        } else {
            // A turned page: SDL turns the quad clockwise about its centre (nil centre).
            SDL_RenderCopyExF(renderer, texture, &source, &dest, quad.rotation, nil, SDL_FLIP_NONE)
        }
    }

    func drawText(_ run: TextRun) { draw(run) }

    private func draw(_ run: TextRun) {
        guard run.alpha > 0, let entry = textTexture(run) else { return }
        _ = setClip(nil)
        SDL_SetTextureAlphaMod(entry.texture, Self.alphaByte(run.alpha))
        // The texture is rendered at pixel size; draw it at its point size from the frame's left
        // edge (at 2x a font's width is not exactly twice its 1x width, which the frame was
        // measured at: centring would make the left edges of a column of lines ragged), centred
        // up and down.
        let size = Size(width: Double(entry.w) / scale, height: Double(entry.h) / scale)
        var dest = Self.frect(Rect(x: run.frame.minX, y: run.frame.midY - size.height / 2, width: size.width, height: size.height))
        SDL_RenderCopyF(renderer, entry.texture, nil, &dest)
    }

    func textTexture(_ run: TextRun) -> (texture: OpaquePointer, w: Int32, h: Int32)? {
        if let entry = textTextures[run.withoutPlacement] { return entry }
        guard !run.text.isEmpty, let fonts, let surface = textSurface(run, fonts: fonts) else { return nil }
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

extension Canvas {
    /// The run drawn at pixel size: one SDL_ttf rendering when it is all one script, else its
    /// pieces (`FontBook.layout`) rendered in their fonts and copied side by side on one baseline.
    func textSurface(_ run: TextRun, fonts: FontBook) -> UnsafeMutablePointer<SDL_Surface>? {
        let c = run.color
        let colour = SDL_Color(r: c.r, g: c.g, b: c.b, a: c.a)
        let line = fonts.layout(run.text, pointSize: run.pointSize, weight: run.weight, scale: scale)
        if line.pieces.count == 1, let piece = line.pieces.first {
            guard let font = fonts.font(pointSize: run.pointSize, weight: run.weight, scale: scale, script: piece.script) else { return nil }
            return TTF_RenderUTF8_Blended(font, piece.text, colour)
        }
        guard line.width > 0, line.height > 0,
              let surface = SDL_CreateRGBSurfaceWithFormat(0, line.width, line.height, 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else { return nil }
        // Transparent where no piece is drawn; each piece copied with its own alpha (they do not overlap).
        SDL_FillRect(surface, nil, 0)
        for piece in line.pieces {
            guard let font = fonts.font(pointSize: run.pointSize, weight: run.weight, scale: scale, script: piece.script),
                  let part = TTF_RenderUTF8_Blended(font, piece.text, colour) else { continue }
            SDL_SetSurfaceBlendMode(part, SDL_BLENDMODE_NONE)
            var place = SDL_Rect(x: piece.x, y: piece.y, w: part.pointee.w, h: part.pointee.h)
            SDL_UpperBlit(part, nil, surface, &place)
            SDL_FreeSurface(part)
        }
        return surface
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
