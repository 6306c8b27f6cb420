import CSDL2
import Foundation
import StripsCore

/// Where a decode job's pixels come from. Full pictures are decoded from the file. Thumbnails
/// come from the shared freedesktop thumbnail cache when it holds a valid entry (as file managers
/// do); otherwise the file is decoded into the cache's 256 px box (the same 1/8 libjpeg decode for
/// a 12 MP scan), the entry is written for every program, and the picture shrunk to the texture's
/// limit. A JPEG's EXIF thumbnail may stand in until that decode has its turn.
/// Safe on any thread: it holds nothing but the cache's folder.
struct PictureSource: Sendable {
    /// Nil: the cache is neither read nor written (headless runs unless asked, tests, benchmarks).
    var thumbnailCache: ThumbnailCache?

    enum Stage: Hashable, Sendable {
        /// The best picture there is, at once: the cache's entry, else a decode (`--decode sync`).
        case best
        /// Only what costs no decode of the file: a covering cache entry, or a stand-in (a smaller
        /// entry, the EXIF thumbnail), or the failure recorded last time; else nothing. Workers do
        /// these for every thumbnail in view and ahead before any decode, so a fling shows pictures.
        case quick
        /// The decode, which then writes the cache's entry.
        case decode
    }

    struct Picture: Sendable {
        /// Nil: a quick look found nothing; the picture needs a decode.
        var result: Result<DecodedSurface, ImageFailure>?
        /// A stand-in: the texture cache asks for the real picture once it is shown.
        var provisional = false
    }

    func picture(_ ref: ImageRef, limit: PixelLimit, stage: Stage) -> Picture {
        // A PDF page is rendered at the size asked (the cache holds files, not pages); a quick look
        // finds nothing for it.
        guard !ref.source.isPDFPage else { return Picture(result: stage == .quick ? nil : PictureDecoder.decode(ref, limit: limit)) }
        let path = ref.path
        guard ref.variant == .thumbnail else { return Picture(result: ImageDecoder.decode(path, limit: limit)) }
        if let change = ImageCatalog.shared.change(of: path) { return Picture(result: .failure(change)) }
        guard case .success(let info) = ImageHeader.read(path), info.sizeProblem == nil else {
            // The decoder names the problem (the header alone: cheap at any stage).
            return Picture(result: ImageDecoder.decode(path, limit: limit, fast: true))
        }
        let wanted = Self.fit(info.displaySize, into: limit)
        let wantedSide = Int(max(wanted.width, wanted.height))
        if stage != .decode, let cache = thumbnailCache {
            if let entry = cache.lookup(path: path, wantedPixels: wantedSide, acceptSmaller: stage == .quick) {
                return Picture(result: .success(Self.fitted(entry, limit)), provisional: Int(max(entry.width, entry.height)) < wantedSide)
            }
            if stage == .quick, let reason = cache.failureReason(path: path), !reason.isEmpty {
                return Picture(result: .failure(ImageFailure(reason, shape: info.displaySize)))
            }
        }
        if stage == .quick {
            return Picture(result: ExifThumbnail.surface(path, info: info).map { .success(Self.fitted($0, limit)) }, provisional: true)
        }
        return Picture(result: decode(path, info: info, limit: limit))
    }

    /// Decodes the thumbnail, and with a cache writes its `large` entry (or records the failure).
    private func decode(_ path: String, info: ImageInfo, limit: PixelLimit) -> Result<DecodedSurface, ImageFailure> {
        guard let cache = thumbnailCache, let stamp = ThumbnailCache.Stamp(path: path), !cache.contains(path) else {
            return ImageDecoder.decode(path, limit: limit, fast: true)
        }
        let display = info.displaySize
        let box = ThumbnailCache.Size.large.rawValue
        let boxed = Self.fit(display, into: PixelLimit(width: Int32(box), height: Int32(box)))
        let textured = Self.fit(display, into: limit)
        let decodeLimit = PixelLimit(width: max(boxed.width, textured.width), height: max(boxed.height, textured.height))
        switch ImageDecoder.decode(path, limit: decodeLimit, fast: true) {
        case .failure(let failure):
            if !cache.hasFailure(path: path) { cache.recordFailure(path: path, reason: failure.reason) }
            return .failure(failure)
        case .success(let decoded):
            if let surface = decoded.surface {
                cache.store(path: path, surface: surface, imageWidth: Int(display.width), imageHeight: Int(display.height), stamp: stamp)
            }
            return .success(Self.fitted(decoded, limit))
        }
    }

    /// The pixel size of a picture of `size` fitted into `limit`, never enlarged.
    static func fit(_ size: Size, into limit: PixelLimit) -> PixelLimit {
        guard size.width > 0, size.height > 0 else { return limit }
        let scale = min(1, Double(limit.width) / size.width, Double(limit.height) / size.height)
        return PixelLimit(width: max(1, Int32((size.width * scale).rounded(.up))), height: max(1, Int32((size.height * scale).rounded(.up))))
    }

    /// The picture no larger than `limit`: itself when it fits, else a shrunk copy.
    static func fitted(_ picture: DecodedSurface, _ limit: PixelLimit) -> DecodedSurface {
        guard picture.width > limit.width || picture.height > limit.height,
              let surface = picture.surface, let copy = SDL_DuplicateSurface(surface) else { return picture }
        return DecodedSurface(Surfaces.fit(copy, maxWidth: limit.width, maxHeight: limit.height))
    }
}
