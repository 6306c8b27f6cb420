import CSDL2
import StripsCore

/// Textures for the pictures the draw list names, made on first use and kept for later frames.
/// Thumbnails are decoded small; full pictures are capped at what the window can show.
final class TextureCache {
    /// Thumbnail textures are at most this many pixels high (66 pt at 2x, with room).
    static let thumbnailHeight: Int32 = 160

    private let renderer: OpaquePointer
    private var textures: [ImageRef: OpaquePointer] = [:]
    private var failures: [ImageRef: String] = [:]
    /// Upper bound on a full texture's side, in pixels.
    var maxFullSide: Int32 = 4096
    /// Told once per picture that cannot be decoded.
    var onFailure: (String, String) -> Void = { _, _ in }

    init(renderer: OpaquePointer) {
        self.renderer = renderer
        var info = SDL_RendererInfo()
        if SDL_GetRendererInfo(renderer, &info) == 0, info.max_texture_width > 0 {
            maxFullSide = min(maxFullSide, info.max_texture_width, info.max_texture_height)
        }
    }

    deinit { clear() }

    func clear() {
        for texture in textures.values { SDL_DestroyTexture(texture) }
        textures.removeAll()
    }

    func texture(for ref: ImageRef) -> OpaquePointer? {
        if let texture = textures[ref] { return texture }
        if failures[ref] != nil { return nil }
        switch Surfaces.load(ref.path) {
        case .failure(let error):
            failures[ref] = error.description
            onFailure(ref.path, error.description)
            return nil
        case .success(let surface):
            let sized: UnsafeMutablePointer<SDL_Surface>
            switch ref.variant {
            case .thumbnail:
                sized = Surfaces.fit(surface, maxWidth: Self.thumbnailHeight * 5, maxHeight: Self.thumbnailHeight)
            case .full:
                sized = Surfaces.fit(surface, maxWidth: maxFullSide, maxHeight: maxFullSide)
            }
            defer { SDL_FreeSurface(sized) }
            guard let texture = SDL_CreateTextureFromSurface(renderer, sized) else {
                failures[ref] = SDLError("cannot make a texture").description
                return nil
            }
            SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
            SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
            textures[ref] = texture
            return texture
        }
    }
}
