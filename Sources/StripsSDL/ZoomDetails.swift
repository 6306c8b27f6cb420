import CSDL2
import Foundation
import StripsCore
import StripsPictures

/// The part of a zoomed page that is in view, decoded at the size it is drawn (up to the file's
/// own pixels) and drawn over the page's window-sized texture. Only that part, with a margin for
/// small pans, is ever decoded: a 300 MP scan zoomed to its own pixels costs a few screens of
/// memory, not 1.2 GB, and a PDF page renders sharp at any zoom. SDL textures are only touched on
/// the render thread.
final class ZoomDetails {
    struct Detail {
        var texture: PictureTexture
        /// The part of the picture the texture is (0...1 of the picture upright).
        var region: Rect
        /// The whole picture's drawn size it was decoded for.
        var limit: PixelLimit
        var bytes: Int
        var opaque: Bool
    }

    /// Decoded beyond the part in view on every side, as a share of it: a pan of up to this
    /// much needs no new decode.
    static let margin = 0.25

    private(set) var details: [ImageRef: Detail] = [:]
    private var uploads: [ImageRef: TileUpload] = [:]
    /// Pictures drawn zoomed this frame, and the size each was drawn at the frame before.
    private var drawn: Set<ImageRef> = []
    private var lastWant: [ImageRef: PixelLimit] = [:]

    var bytes: Int { details.values.reduce(0) { $0 + $1.bytes } }
    var isUploading: Bool { !uploads.isEmpty }

    func beginFrame() { drawn.removeAll(keepingCapacity: true) }

    func detail(for ref: ImageRef) -> Detail? { details[ref] }

    /// The part to decode for a full picture drawn at `want` pixels (its whole drawn size) whose
    /// window-sized texture is `base`; nil when that texture is enough (not zoomed past it, or the
    /// file has no more pixels), when the drawn size is still changing, or when the part in hand
    /// already covers what is in view at this size. `waitForSettle`: decodes on workers wait for
    /// the size to hold a frame (not one per frame of a pinch); decoding on the spot (screenshots,
    /// frames drawn only when asked) does not.
    func job(for request: PictureRequest, want: PixelLimit, base: (width: Int32, height: Int32, limited: Bool), view: Size,
             waitForSettle: Bool = true) -> DecodeQueue.Job? {
        let ref = request.image
        guard ref.variant == .full, let frame = request.drawnAt, !frame.isEmpty else { return nil }
        let settled = lastWant[ref] == want
        lastWant[ref] = want
        guard base.limited, want.width > base.width + 2 || want.height > base.height + 2,
              let inView = Self.inView(request, frame: frame, view: view) else { return nil }
        drawn.insert(ref)
        if let detail = details[ref], Self.close(detail.limit, want), detail.region.contains(inView) { return nil }
        if let upload = uploads[ref], Self.close(upload.job.limit, want), upload.job.region?.contains(inView) == true { return nil }
        guard settled || !waitForSettle else { return nil }
        let dx = inView.width * Self.margin, dy = inView.height * Self.margin
        let unit = Rect(x: 0, y: 0, width: 1, height: 1)
        let region = Rect(x: inView.minX - dx, y: inView.minY - dy, width: inView.width + 2 * dx, height: inView.height + 2 * dy).intersection(unit)
        return DecodeQueue.Job(ref: ref, limit: want, region: region)
    }

    /// The part of the picture in view (0...1 of it upright), or nil when none is or the picture
    /// is drawn at an angle that is not a quarter turn (a turn being animated).
    static func inView(_ request: PictureRequest, frame: Rect, view: Size) -> Rect? {
        let turns = request.rotation / 90
        guard abs(turns - turns.rounded()) < 1e-9 else { return nil }
        let shown = (request.shown ?? frame.turned(degrees: request.rotation)).intersection(Rect(origin: .zero, size: view))
        guard !shown.isEmpty else { return nil }
        // Window points back onto the unturned picture: turned the other way about its centre.
        let unturned = shown.turned(degrees: -request.rotation, about: frame.center)
        let part = Rect(x: (unturned.minX - frame.minX) / frame.width, y: (unturned.minY - frame.minY) / frame.height,
                        width: unturned.width / frame.width, height: unturned.height / frame.height)
        let visible = part.intersection(Rect(x: 0, y: 0, width: 1, height: 1))
        return visible.isEmpty ? nil : visible
    }

    private static func close(_ a: PixelLimit, _ b: PixelLimit) -> Bool { abs(a.width - b.width) <= 2 && abs(a.height - b.height) <= 2 }

    /// Takes in a decoded part: a texture at once when it is small, else tiles a few a frame
    /// (`continueUploads`); the part it replaces is drawn meanwhile.
    func accept(_ decoded: DecodedPicture, for job: DecodeQueue.Job, renderer: OpaquePointer, tileSide: Int32, now: Bool) {
        guard let region = decoded.region ?? job.region else { return }
        uploads.removeValue(forKey: job.ref)?.discard()
        var upload = TileUpload(decoded, job: job, arrived: 0, tileSide: tileSide)
        if now {
            guard upload.upload(renderer: renderer, until: { false }) else { return upload.discard() }
            install(upload.texture, decoded, job: job, region: region)
        } else {
            uploads[job.ref] = upload
        }
    }

    /// Goes on with the parts being uploaded, until `enough` says the frame's time is spent;
    /// those no longer drawn are dropped.
    func continueUploads(renderer: OpaquePointer, until enough: () -> Bool) {
        for ref in Array(uploads.keys) {
            guard var upload = uploads.removeValue(forKey: ref) else { continue }
            guard drawn.contains(ref) else {
                upload.discard()
                continue
            }
            if enough() {
                uploads[ref] = upload
                continue
            }
            guard upload.upload(renderer: renderer, until: enough) else {
                upload.discard()
                continue
            }
            if upload.isComplete, let region = upload.decoded.region ?? upload.job.region {
                install(upload.texture, upload.decoded, job: upload.job, region: region)
            } else {
                uploads[ref] = upload
            }
        }
    }

    private func install(_ texture: PictureTexture, _ decoded: DecodedPicture, job: DecodeQueue.Job, region: Rect) {
        details.removeValue(forKey: job.ref)?.texture.destroy()
        details[job.ref] = Detail(texture: texture, region: region, limit: job.limit, bytes: Int(texture.width) * Int(texture.height) * 4,
                                  opaque: decoded.isOpaque)
    }

    /// Ends the frame: parts of pictures no longer drawn zoomed go (and their memory with them).
    func endFrame() {
        for ref in Array(details.keys) where !drawn.contains(ref) { details.removeValue(forKey: ref)?.texture.destroy() }
        for ref in Array(uploads.keys) where !drawn.contains(ref) { uploads.removeValue(forKey: ref)?.discard() }
        lastWant = lastWant.filter { drawn.contains($0.key) || details[$0.key] != nil }
    }

    func removeAll() {
        for detail in details.values { detail.texture.destroy() }
        for upload in uploads.values { upload.discard() }
        details.removeAll()
        uploads.removeAll()
    }
}

extension Rect {
    /// True when `other` lies inside (to within a hair).
    func contains(_ other: Rect) -> Bool {
        other.minX >= minX - 1e-9 && other.minY >= minY - 1e-9 && other.maxX <= maxX + 1e-9 && other.maxY <= maxY + 1e-9
    }

    /// The bounding box of the rectangle turned `degrees` clockwise about `center`.
    func turned(degrees: Double, about center: Point) -> Rect {
        let a = degrees * .pi / 180, c = cos(a), s = sin(a)
        let corners = [Point(x: minX, y: minY), Point(x: maxX, y: minY), Point(x: maxX, y: maxY), Point(x: minX, y: maxY)].map { p in
            let x = p.x - center.x, y = p.y - center.y
            return Point(x: center.x + x * c - y * s, y: center.y + x * s + y * c)
        }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let x0 = xs.min() ?? minX, y0 = ys.min() ?? minY
        return Rect(x: x0, y: y0, width: (xs.max() ?? maxX) - x0, height: (ys.max() ?? maxY) - y0)
    }
}
