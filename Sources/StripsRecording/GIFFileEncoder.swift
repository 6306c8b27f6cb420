import CGIF
import Glibc

/// Writes frames into an animated GIF as GIF encoders do: a still stretch is one frame shown
/// longer (its delay), never padding frames, and each frame after the first stores only the
/// rectangle that changed, with the pixels inside it that need no drawing see-through (a palette
/// entry of their own; `GIFCanvas` says which), so they cost a few bits of LZW and leave the
/// colours to what moved. Frames are drawn over what is shown (disposal "do not dispose"). Written to a temporary file beside the
/// destination and linked into place on finish, so a failed or cancelled recording leaves nothing
/// behind and an existing file is never replaced. Used by one thread at a time: the recorder's worker.
public final class GIFFileEncoder: FrameEncoder, @unchecked Sendable {
    public let path: String
    private let scale: Double
    private let pacer: FramePacer
    private let quantizer: PaletteQuantizer
    private let file: RecordingFile
    private var gif: UnsafeMutablePointer<GifFileType>?
    private var scaler: FrameScaler?
    /// What the GIF shows so far, to find what the next frame must draw.
    private var canvas: GIFCanvas?
    private let tolerance: Int
    /// A frame waits here until the next different one (or the end) tells how long it is shown.
    private var pending: Pending?

    private struct Pending {
        var rect: PixelRect
        var image: QuantizedImage
        var slot: Int
    }

    private var lastSlot = 0
    public private(set) var framesWritten = 0

    /// Fails at once (one line) when the folder is missing or not writable or `path` exists.
    /// `tolerance`: levels a shown pixel may be off the recorded one before it is drawn again
    /// (`GIFCanvas`); 0 redraws every pixel whose shown colour is not the recorded one.
    public init(path: String, scale: Double = 1, framesPerSecond: Int = 30, speed: Int = 4, tolerance: Int = 4) throws {
        guard scale > 0 && scale <= 1 else { throw RecordingError("scale \(scale) is outside 0 < scale <= 1") }
        guard (1...100).contains(framesPerSecond) else {
            throw RecordingError("\(framesPerSecond) frames per second is outside 1 ... 100 (GIF delays are centiseconds)")
        }
        self.path = path
        self.scale = scale
        self.tolerance = max(0, tolerance)
        pacer = FramePacer(framesPerSecond: framesPerSecond)
        quantizer = try PaletteQuantizer(speed: speed)
        file = try RecordingFile(destination: path)
        var error: Int32 = 0
        guard let gif = EGifOpenFileHandle(file.descriptor, &error) else {
            file.discard()
            throw RecordingError("\(path): \(Self.message(error))")
        }
        self.gif = gif
        EGifSetGifVersion(gif, true)  // GIF89a: delays and the loop extension
    }

    deinit { abort() }

    public func encode(_ frame: RecordedFrame) throws {
        guard let gif else { throw RecordingError("\(path): the recording is closed") }
        let scaler = try self.scaler ?? start(gif, with: frame)
        let rgba = scaler.rgba(from: frame)
        lastSlot = max(lastSlot, frame.slot)
        // Mutated through the optional, in place: a copy would duplicate its pictures every frame.
        let changes = canvas?.changes(to: rgba) ?? nil
        canvas?.record(rgba)
        // Nothing new to draw: the pending frame is shown for this slot too.
        guard let (rect, drawn) = changes else { return }
        let image = try quantizer.quantize(rgba: drawn, width: rect.width, height: rect.height)
        canvas?.draw(image, in: rect)
        if let pending { try write(pending, delay: pacer.delay(fromSlot: pending.slot, to: frame.slot)) }
        pending = Pending(rect: rect, image: image, slot: frame.slot)
    }

    public func finish() throws {
        guard let gif else { throw RecordingError("\(path): the recording is closed") }
        guard let pending else { abort(); throw RecordingError("\(path): no frames were recorded") }
        try write(pending, delay: pacer.delay(fromSlot: pending.slot, to: lastSlot + 1))
        self.pending = nil
        self.gif = nil
        var error: Int32 = 0
        guard EGifCloseFile(gif, &error) == GIF_OK else {
            file.discard()
            throw RecordingError("\(path): \(Self.message(error))")
        }
        try file.commit()
    }

    public func abort() {
        if let gif {
            var error: Int32 = 0
            _ = EGifCloseFile(gif, &error)
            self.gif = nil
        }
        file.discard()
    }

    private func start(_ gif: UnsafeMutablePointer<GifFileType>, with frame: RecordedFrame) throws -> FrameScaler {
        let scaler = FrameScaler(sourceWidth: frame.width, sourceHeight: frame.height, scale: scale)
        guard scaler.width <= 65535 && scaler.height <= 65535 else {
            throw RecordingError("\(path): \(scaler.width)x\(scaler.height) is too large for a GIF")
        }
        self.scaler = scaler
        canvas = GIFCanvas(width: scaler.width, height: scaler.height, tolerance: tolerance)
        try check(EGifPutScreenDesc(gif, Int32(scaler.width), Int32(scaler.height), 8, 0, nil), gif)
        // NETSCAPE2.0 application extension: loop forever, as every GIF viewer expects a recording to.
        try check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE), gif)
        try check(Array("NETSCAPE2.0".utf8).withUnsafeBufferPointer { EGifPutExtensionBlock(gif, 11, $0.baseAddress) }, gif)
        try check([UInt8(1), 0, 0].withUnsafeBufferPointer { EGifPutExtensionBlock(gif, 3, $0.baseAddress) }, gif)
        try check(EGifPutExtensionTrailer(gif), gif)
        return scaler
    }

    /// A GIF delay is 16 bits of centiseconds (under 11 minutes); a longer still stretch (a
    /// headless script that waits) goes on in invisible 1x1 frames, so the total time stays
    /// right. The only frames that add nothing to the picture, and only past that limit.
    static let maxDelay = 65_535
    private static let invisible = QuantizedImage(indices: [0], palette: [(0, 0, 0), (0, 0, 0)], transparent: 0)

    private func write(_ frame: Pending, delay: Int) throws {
        try writeImage(frame.rect, frame.image, delay: min(delay, Self.maxDelay))
        var rest = delay - Self.maxDelay
        while rest > 0 {
            try writeImage(PixelRect(x: 0, y: 0, width: 1, height: 1), Self.invisible, delay: min(rest, Self.maxDelay))
            rest -= Self.maxDelay
        }
    }

    private func writeImage(_ rect: PixelRect, _ image: QuantizedImage, delay: Int) throws {
        guard let gif else { return }
        var control = GraphicsControlBlock(DisposalMode: DISPOSE_DO_NOT, UserInputFlag: false, DelayTime: Int32(delay),
                                           TransparentColor: Int32(image.transparent ?? Int(NO_TRANSPARENT_COLOR)))
        var extensionBytes = [GifByteType](repeating: 0, count: 4)
        let length = extensionBytes.withUnsafeMutableBufferPointer { EGifGCBToExtension(&control, $0.baseAddress) }
        try check(extensionBytes.withUnsafeBufferPointer {
            EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(length), $0.baseAddress)
        }, gif)
        // giflib wants a power-of-two colour count.
        var size = 2
        while size < image.palette.count { size *= 2 }
        guard let map = GifMakeMapObject(Int32(size), nil) else { throw RecordingError("\(path): out of memory") }
        defer { GifFreeMapObject(map) }
        for (i, color) in image.palette.enumerated() {
            map.pointee.Colors[i] = GifColorType(Red: color.0, Green: color.1, Blue: color.2)
        }
        for i in image.palette.count..<size { map.pointee.Colors[i] = GifColorType(Red: 0, Green: 0, Blue: 0) }
        try check(EGifPutImageDesc(gif, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height), false, map), gif)
        var indices = image.indices
        try check(indices.withUnsafeMutableBufferPointer { EGifPutLine(gif, $0.baseAddress, Int32($0.count)) }, gif)
        framesWritten += 1
    }

    private func check(_ status: Int32, _ gif: UnsafeMutablePointer<GifFileType>) throws {
        guard status == GIF_OK else { throw RecordingError("\(path): \(Self.message(gif.pointee.Error))") }
    }

    private static func message(_ code: Int32) -> String {
        if code == E_GIF_ERR_WRITE_FAILED, errno != 0 { return String(cString: strerror(errno)) }
        return GifErrorString(code).map { String(cString: $0) } ?? "GIF error \(code)"
    }
}
