import CSDL2
import Foundation
import StripsCore
import StripsPictures

/// The parts of zoomed pages in view as textures, drawn over the pages' window-sized textures:
/// which part to decode and when is `ZoomParts`' to say; this holds and uploads them. SDL textures
/// are only touched on the render thread.
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

    private(set) var details: [ImageRef: Detail] = [:]
    private var uploads: [ImageRef: TileUpload] = [:]
    /// Which parts to decode, and the pictures drawn zoomed this frame.
    private var parts = ZoomParts()

    var bytes: Int { details.values.reduce(0) { $0 + $1.bytes } }
    var isUploading: Bool { !uploads.isEmpty }

    func beginFrame() { parts.beginFrame() }

    func detail(for ref: ImageRef) -> Detail? { details[ref] }

    /// The part to decode for a full picture drawn at `want` pixels whose window-sized texture is
    /// `base` (`ZoomParts.job`), given the part held and the one on its way.
    func job(for request: PictureRequest, want: PixelLimit, base: (width: Int32, height: Int32, limited: Bool), view: Size,
             waitForSettle: Bool = true) -> DecodeQueue.Job? {
        let ref = request.image
        return parts.job(for: request, want: want, base: base, view: view, waitForSettle: waitForSettle,
                         held: details[ref].map { ZoomParts.Part(region: $0.region, limit: $0.limit) },
                         uploading: uploads[ref].map { ZoomParts.Part(region: $0.job.region, limit: $0.job.limit) })
    }

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
            guard parts.drawn.contains(ref) else {
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
        for ref in Array(details.keys) where !parts.drawn.contains(ref) { details.removeValue(forKey: ref)?.texture.destroy() }
        for ref in Array(uploads.keys) where !parts.drawn.contains(ref) { uploads.removeValue(forKey: ref)?.discard() }
        parts.endFrame { details[$0] != nil }
    }

    func removeAll() {
        for detail in details.values { detail.texture.destroy() }
        for upload in uploads.values { upload.discard() }
        details.removeAll()
        uploads.removeAll()
    }
}
