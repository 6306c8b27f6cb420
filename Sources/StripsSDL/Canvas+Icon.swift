import CSDL2
import StripsCore

extension Canvas {
    /// The app's icon `name`, from the PNG made for the nearest scale at or above the canvas's
    /// (Assets/Toolbar: 1x, 2x, 3x; Scripts/make-toolbar-icons.sh), tinted; its lines land on
    /// whole device pixels at 1x, 2x and 3x. A missing icon is its name in small letters.
    func drawIcon(_ icon: Icon) {
        guard icon.alpha > 0, !icon.frame.isEmpty else { return }
        _ = setClip(nil)
        let level = scale <= 1 ? 1 : scale <= 2 ? 2 : 3
        guard let texture = iconTexture(icon.name, level: level) else {
            let run = TextRun(text: icon.name, frame: icon.frame, pointSize: 9, color: icon.color, alpha: icon.alpha)
            drawText(run)
            return
        }
        SDL_SetTextureColorMod(texture, icon.color.r, icon.color.g, icon.color.b)
        SDL_SetTextureAlphaMod(texture, Self.alphaByte(icon.alpha))
        // Whole device pixels, so a 2x icon on a 2x screen is copied, not resampled.
        let f = icon.frame
        var dest = SDL_FRect(x: Float((f.minX * scale).rounded() / scale), y: Float((f.minY * scale).rounded() / scale),
                             w: Float(f.width), h: Float(f.height))
        SDL_RenderCopyF(renderer, texture, nil, &dest)
    }

    private func iconTexture(_ name: String, level: Int) -> OpaquePointer? {
        let key = "\(name)@\(level)"
        if let cached = icons[key] { return cached }
        var texture: OpaquePointer?
        if let folder = iconFolder {
            let path = "\(folder)/\(name)\(level == 1 ? "" : "@\(level)x").png"
            if case .success(let surface) = Surfaces.load(path) {
                texture = SDL_CreateTextureFromSurface(renderer, surface)
                SDL_FreeSurface(surface)
                if let texture {
                    SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
                    SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
                }
            }
        }
        icons[key] = texture
        return texture
    }
}
