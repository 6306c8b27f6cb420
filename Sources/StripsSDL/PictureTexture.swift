import CSDL2
import StripsPictures

/// A decoded picture on the renderer: one texture, or a grid of tiles. Pictures decoded larger
/// than the window (a zoomed page, up to its full resolution) are tiled: past the renderer's
/// largest texture side they must be, and even below it, small tiles keep a software GPU's memory
/// access local, let only the tiles in view be drawn, and can be uploaded a few per frame.
struct PictureTexture {
    /// Tiles are at most this many pixels a side (or the renderer's largest texture, if smaller).
    static let tileSide: Int32 = 1024

    struct Tile {
        var texture: OpaquePointer
        /// Where the tile lies in the picture, in its pixels.
        var rect: SDL_Rect
    }

    let tiles: [Tile]
    let width: Int32
    let height: Int32

    var isTiled: Bool { tiles.count > 1 }

    init(tiles: [Tile], width: Int32, height: Int32) {
        self.tiles = tiles
        self.width = width
        self.height = height
    }

    /// The whole picture as one texture (made on the render thread).
    static func single(renderer: OpaquePointer, picture: PixelBuffer) -> PictureTexture? {
        let w = Int32(picture.width), h = Int32(picture.height)
        guard let tile = tile(renderer: renderer, picture: picture, rect: SDL_Rect(x: 0, y: 0, w: w, h: h)) else { return nil }
        return PictureTexture(tiles: [tile], width: w, height: h)
    }

    /// The grid of tiles of at most `side` pixels covering a `width` x `height` picture, row by row.
    static func tileRects(width: Int32, height: Int32, side: Int32) -> [SDL_Rect] {
        guard width > 0, height > 0, side > 0 else { return [] }
        var rects: [SDL_Rect] = []
        for y in stride(from: 0, to: height, by: Int(side)) {
            for x in stride(from: 0, to: width, by: Int(side)) {
                rects.append(SDL_Rect(x: x, y: y, w: min(side, width - x), h: min(side, height - y)))
            }
        }
        return rects
    }

    /// One tile's texture, uploaded straight from the picture's pixels (B, G, R, A is SDL's
    /// ARGB8888): its first pixel, rows the picture's row length apart; no copy is made.
    static func tile(renderer: OpaquePointer, picture: PixelBuffer, rect: SDL_Rect) -> Tile? {
        guard picture.format == .bgra, rect.w > 0, rect.h > 0, Int(rect.x + rect.w) <= picture.width, Int(rect.y + rect.h) <= picture.height,
              let texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue), rect.w, rect.h)
        else { return nil }
        let pitch = picture.bytesPerRow
        var whole = SDL_Rect(x: 0, y: 0, w: rect.w, h: rect.h)
        let updated = picture.bytes.withUnsafeBytes { bytes in
            SDL_UpdateTexture(texture, &whole, bytes.baseAddress?.advanced(by: Int(rect.y) * pitch + Int(rect.x) * 4), Int32(pitch))
        }
        guard updated == 0 else {
            SDL_DestroyTexture(texture)
            return nil
        }
        configure(texture)
        return Tile(texture: texture, rect: rect)
    }

    private static func configure(_ texture: OpaquePointer) {
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
    }

    func destroy() {
        for tile in tiles { SDL_DestroyTexture(tile.texture) }
    }
}

/// A tiled picture on its way to the renderer, a few tiles per frame so that a full-resolution
/// decode (120 MB for a 30 MP panorama) never stalls a frame; the picture it replaces is drawn
/// until the last tile is in.
struct TileUpload {
    let decoded: DecodedPicture
    let job: DecodeQueue.Job
    let arrived: Double
    private let rects: [SDL_Rect]
    private(set) var tiles: [PictureTexture.Tile] = []

    init(_ decoded: DecodedPicture, job: DecodeQueue.Job, arrived: Double, tileSide: Int32) {
        self.decoded = decoded
        self.job = job
        self.arrived = arrived
        rects = PictureTexture.tileRects(width: Int32(decoded.width), height: Int32(decoded.height), side: tileSide)
    }

    var isComplete: Bool { tiles.count == rects.count }

    /// Uploads tiles until done or `enough` says so (asked after each tile). False when the
    /// renderer cannot make a tile: the upload is then abandoned.
    mutating func upload(renderer: OpaquePointer, until enough: () -> Bool) -> Bool {
        while !isComplete {
            guard let tile = PictureTexture.tile(renderer: renderer, picture: decoded.pixels, rect: rects[tiles.count]) else { return false }
            tiles.append(tile)
            if enough() { break }
        }
        return true
    }

    var texture: PictureTexture { PictureTexture(tiles: tiles, width: Int32(decoded.width), height: Int32(decoded.height)) }

    func discard() {
        for tile in tiles { SDL_DestroyTexture(tile.texture) }
    }
}
