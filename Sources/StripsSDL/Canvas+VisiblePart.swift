import CSDL2
import Foundation
import StripsCore

extension Canvas {
    /// True for a picture drawn only in part: tiled, or larger than the window (zoomed in). Drawing
    /// it whole would scale every pixel of it (the software renderer even makes a copy that size).
    func drawsVisiblePart(of quad: ImageQuad, _ picture: PictureTexture) -> Bool {
        picture.isTiled || quad.frame.width > window.width || quad.frame.height > window.height
    }

    /// Draws the part of the picture that can be seen: for each tile in view, the pixels under the
    /// window and the clip (whole pixels, rounded outward; the clip trims the rest).
    func drawVisiblePart(of quad: ImageQuad, _ picture: PictureTexture, alpha: UInt8, blend: SDL_BlendMode) {
        let f = quad.frame
        let view = Rect(origin: .zero, size: window)
        let visible = f.intersection(quad.clip?.intersection(view) ?? view)
        guard !visible.isEmpty else { return }
        // The part of the picture the frame shows, in the picture's pixels, and pixels per point.
        let s = quad.source, w = Double(picture.width), h = Double(picture.height)
        let rx = s.minX * w, ry = s.minY * h
        let kx = s.width * w / f.width, ky = s.height * h / f.height
        let px0 = rx + (visible.minX - f.minX) * kx, px1 = rx + (visible.maxX - f.minX) * kx
        let py0 = ry + (visible.minY - f.minY) * ky, py1 = ry + (visible.maxY - f.minY) * ky
        for tile in picture.tiles {
            let t = tile.rect
            let x0 = max(px0.rounded(.down), Double(t.x)), x1 = min(px1.rounded(.up), Double(t.x + t.w))
            let y0 = max(py0.rounded(.down), Double(t.y)), y1 = min(py1.rounded(.up), Double(t.y + t.h))
            guard x1 > x0, y1 > y0 else { continue }
            var source = SDL_Rect(x: Int32(x0) - t.x, y: Int32(y0) - t.y, w: Int32(x1 - x0), h: Int32(y1 - y0))
            // Edges on whole device pixels, each rounded once: neighbouring tiles share theirs, no seam.
            func snap(_ v: Double) -> Double { (v * scale).rounded() / scale }
            let left = snap(f.minX + (x0 - rx) / kx), right = snap(f.minX + (x1 - rx) / kx)
            let top = snap(f.minY + (y0 - ry) / ky), bottom = snap(f.minY + (y1 - ry) / ky)
            var dest = Self.frect(Rect(x: left, y: top, width: right - left, height: bottom - top))
            SDL_SetTextureAlphaMod(tile.texture, alpha)
            SDL_SetTextureBlendMode(tile.texture, blend)
            SDL_RenderCopyF(renderer, tile.texture, &source, &dest)
        }
    }

    /// The part of a zoomed page decoded at its drawn size, over the page's window-sized texture:
    /// where it lies in the picture, turned with the page about the page's centre.
    func drawDetail(of quad: ImageQuad, alpha: UInt8) {
        guard quad.image.variant == .full, let detail = textures.zoom.detail(for: quad.image) else { return }
        let f = quad.frame, r = detail.region
        var part = quad
        part.frame = Rect(x: f.minX + r.minX * f.width, y: f.minY + r.minY * f.height, width: r.width * f.width, height: r.height * f.height)
        part.source = Rect(x: 0, y: 0, width: 1, height: 1)
        let blend = detail.opaque && alpha == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND
        if quad.rotation != 0 {
            drawTurnedTiles(of: part, detail.texture, alpha: alpha, blend: blend, pivot: f.center)
        } else {
            drawVisiblePart(of: part, detail.texture, alpha: alpha, blend: blend)
        }
    }

    /// A turned page too large to draw whole (tiled, or bigger than the window): every tile is
    /// turned about the page's own centre (`pivot`, when `quad` is a part of the page), so the
    /// tiles meet as one turned picture.
    func drawTurnedTiles(of quad: ImageQuad, _ picture: PictureTexture, alpha: UInt8, blend: SDL_BlendMode, pivot: Point? = nil) {
        let f = quad.frame, pivot = pivot ?? f.center, s = quad.source
        // Only the part `source` names (a loupe's few pixels): each tile's share of it, placed
        // where it lies in the frame.
        let w = Double(picture.width), h = Double(picture.height)
        let (px0, py0, px1, py1) = (s.minX * w, s.minY * h, s.maxX * w, s.maxY * h)
        let kx = f.width / max(1e-9, px1 - px0), ky = f.height / max(1e-9, py1 - py0)
        for tile in picture.tiles {
            let t = tile.rect
            let x0 = max(px0.rounded(.down), Double(t.x)), x1 = min(px1.rounded(.up), Double(t.x + t.w))
            let y0 = max(py0.rounded(.down), Double(t.y)), y1 = min(py1.rounded(.up), Double(t.y + t.h))
            guard x1 > x0, y1 > y0 else { continue }
            var source = SDL_Rect(x: Int32(x0) - t.x, y: Int32(y0) - t.y, w: Int32(x1 - x0), h: Int32(y1 - y0))
            let place = Rect(x: f.minX + (x0 - px0) * kx, y: f.minY + (y0 - py0) * ky, width: (x1 - x0) * kx, height: (y1 - y0) * ky)
            var dest = Self.frect(place)
            var centre = SDL_FPoint(x: Float(pivot.x - place.minX), y: Float(pivot.y - place.minY))
            SDL_SetTextureAlphaMod(tile.texture, alpha)
            SDL_SetTextureBlendMode(tile.texture, blend)
            SDL_RenderCopyExF(renderer, tile.texture, &source, &dest, quad.rotation, &centre, SDL_FLIP_NONE)
        }
    }
}
