import CSDL2
import StripsCore

extension Canvas {
    /// A convex polygon as a fan of triangles (SDL_RenderGeometry), blended.
    func drawPolygon(_ polygon: Polygon) {
        guard polygon.points.count >= 3, polygon.alpha > 0, setClip(polygon.clip) else { return }
        let c = polygon.color
        let colour = SDL_Color(r: c.r, g: c.g, b: c.b, a: UInt8(Double(c.a) * polygon.alpha.clamped(to: 0...1)))
        let vertices = polygon.points.map {
            SDL_Vertex(position: SDL_FPoint(x: Float($0.x), y: Float($0.y)), color: colour, tex_coord: SDL_FPoint(x: 0, y: 0))
        }
        var indices: [Int32] = []
        for i in 1..<(vertices.count - 1) { indices += [0, Int32(i), Int32(i + 1)] }
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        SDL_RenderGeometry(renderer, nil, vertices, Int32(vertices.count), indices, Int32(indices.count))
    }
}
