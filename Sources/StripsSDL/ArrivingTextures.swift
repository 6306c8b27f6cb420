import CSDL2
import Foundation
import StripsCore
import StripsPictures

/// The texture cache's pages still arriving from the scanner: while a page's rows come in, its
/// picture is an `ArrivingTexture` (the part scanned so far over paper), never a decode of a file
/// that is not written yet; once the file is written, the arriving texture is drawn until the
/// decode of the file takes its place (no flash), and a page cut short keeps what came while it
/// leaves. Render thread only.
final class ArrivingTextures {
    private struct Arriving {
        var texture: ArrivingTexture
        var lastUsed: UInt64
        var updatedAt: UInt64
        /// The rows stopped coming: the file is written, or (false) the page was cut short.
        var gone = false
        var fileWritten = false
    }

    private let renderer: OpaquePointer
    private let pictures: ArrivingPictures
    private var arriving: [String: Arriving] = [:]
    private var frame: UInt64 = 0
    /// When the rows uploaded this frame left the scanner (CLOCK_MONOTONIC ns), oldest per page,
    /// and whether they were its first.
    private var arrivals: [(arrival: UInt64, first: Bool)] = []

    init(renderer: OpaquePointer, pictures: ArrivingPictures) {
        self.renderer = renderer
        self.pictures = pictures
    }

    func beginFrame() { frame += 1 }

    /// Whether `ref` is drawn from here this frame (a page arriving, or cut short): the cache
    /// then neither decodes it nor reports it missing. `decoded`: the cache has the file's
    /// picture already, so an arriving texture for a written page can go. `drawn`: the frame
    /// draws it (not a prefetch); rows are taken in only then, so the time measured from their
    /// arrival is the time to the screen.
    func serves(_ ref: ImageRef, decoded: Bool, drawn: Bool) -> Bool {
        let path = ref.path
        let progress = pictures.progress(path)
        // The path's picture is another now (a page cut short, its name given to a new one).
        if let entry = arriving[path], let progress, progress.serial != entry.texture.serial { arriving[path] = nil }
        guard drawn else { return arriving[path].map { !($0.gone && $0.fileWritten) } ?? (progress != nil) }
        if var entry = arriving[path] {
            entry.lastUsed = frame
            if entry.updatedAt != frame, !entry.gone {
                entry.updatedAt = frame
                let hadRows = entry.texture.rows > 0
                let (arrival, gone) = entry.texture.update(pictures: pictures)
                if let arrival { arrivals.append((arrival, !hadRows)) }
                if gone {
                    entry.gone = true
                    entry.fileWritten = FileManager.default.fileExists(atPath: path)
                }
            }
            arriving[path] = entry
            if entry.gone, entry.fileWritten {
                if decoded { arriving[path] = nil }
                return false
            }
            return true
        }
        guard progress != nil, let texture = ArrivingTexture(renderer: renderer, path: path, pictures: pictures) else { return false }
        let (arrival, gone) = texture.update(pictures: pictures)
        if let arrival { arrivals.append((arrival, true)) }
        arriving[path] = Arriving(texture: texture, lastUsed: frame, updatedAt: frame, gone: gone, fileWritten: false)
        return true
    }

    /// The arriving picture of `ref`, to draw while there is no decoded one.
    func texture(for ref: ImageRef) -> PictureTexture? {
        guard var entry = arriving[ref.path] else { return nil }
        entry.lastUsed = frame
        arriving[ref.path] = entry
        let texture = entry.texture
        let tile = PictureTexture.Tile(texture: texture.texture, rect: SDL_Rect(x: 0, y: 0, w: texture.width, h: texture.height))
        return PictureTexture(tiles: [tile], width: texture.width, height: texture.height)
    }

    func has(_ ref: ImageRef) -> Bool { arriving[ref.path] != nil }

    /// Pages no frame has drawn for a while, their rows done: their textures go.
    func endFrame() {
        arriving = arriving.filter { !$0.value.gone || frame - $0.value.lastUsed < 120 }
    }

    /// When the rows uploaded since the last call left the scanner (the window measures how long
    /// they took to reach the screen).
    func takeArrivals() -> [(arrival: UInt64, first: Bool)] {
        defer { arrivals.removeAll(keepingCapacity: true) }
        return arrivals
    }

    /// A page is still filling in: frames must go on.
    var isArriving: Bool { arriving.values.contains { !$0.gone } || !pictures.isEmpty }
}
