import CSDL2

/// A decoded picture on the renderer: one texture, or, when it is larger than the renderer's
/// largest texture side (a zoomed scan at full resolution), a grid of tiles no larger than that,
/// uploaded straight from the decoded pixels. Only the tiles in view are drawn.
struct PictureTexture {
    struct Tile {
        var texture: OpaquePointer
        /// Where the tile lies in the picture, in its pixels.
        var rect: SDL_Rect
    }

    let tiles: [Tile]
    let width: Int32
    let height: Int32

    var isTiled: Bool { tiles.count > 1 }

    /// Made on the render thread from a surface in SDL's ARGB8888; nil when the renderer cannot
    /// make a texture (a tile that fails takes the ones made before it away again).
    init?(renderer: OpaquePointer, surface: UnsafeMutablePointer<SDL_Surface>, maxSide: Int32) {
        let w = surface.pointee.w, h = surface.pointee.h
        width = w
        height = h
        if w <= maxSide && h <= maxSide {
            guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
            tiles = [Tile(texture: texture, rect: SDL_Rect(x: 0, y: 0, w: w, h: h))]
        } else {
            guard surface.pointee.format.pointee.format == SDL_PIXELFORMAT_ARGB8888.rawValue, let pixels = surface.pointee.pixels,
                  maxSide > 0 else { return nil }
            let pitch = surface.pointee.pitch
            var made: [Tile] = []
            for y in stride(from: 0, to: h, by: Int(maxSide)) {
                for x in stride(from: 0, to: w, by: Int(maxSide)) {
                    let rect = SDL_Rect(x: x, y: y, w: min(maxSide, w - x), h: min(maxSide, h - y))
                    guard let texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                                          Int32(SDL_TEXTUREACCESS_STATIC.rawValue), rect.w, rect.h) else {
                        for tile in made { SDL_DestroyTexture(tile.texture) }
                        return nil
                    }
                    // The tile's pixels are read in place: its first pixel, rows the surface's pitch apart.
                    var whole = SDL_Rect(x: 0, y: 0, w: rect.w, h: rect.h)
                    SDL_UpdateTexture(texture, &whole, pixels.advanced(by: Int(y) * Int(pitch) + Int(x) * 4), pitch)
                    made.append(Tile(texture: texture, rect: rect))
                }
            }
            tiles = made
        }
        for tile in tiles {
            SDL_SetTextureBlendMode(tile.texture, SDL_BLENDMODE_BLEND)
            SDL_SetTextureScaleMode(tile.texture, SDL_ScaleModeLinear)
        }
    }

    func destroy() {
        for tile in tiles { SDL_DestroyTexture(tile.texture) }
    }
}
