import StripsCore
@testable import StripsPictures

/// The whole decode of a file as the app does it: header, size check, JPEG through libjpeg-turbo
/// (scaled, with EXIF orientation), PNG by rows, TIFF by strips, other formats from memory; then
/// orientation and downscale. A third of the inputs decode only a part (a zoomed page): JPEG by
/// skipped and cropped scanlines.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecode(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard let path = FuzzFile.write(data, size) else { return 0 }
    // Small limits keep each run fast; the second byte picks thumbnail or preview size, and a part.
    let flags = size > 1 ? data[1] : 0
    let limit = flags & 1 == 1 ? PixelLimit(width: 66, height: 66) : PixelLimit(width: 300, height: 200)
    let region = flags % 3 == 0 ? Rect(x: Double(flags & 7) / 10, y: Double(flags >> 5) / 10, width: 0.3, height: 0.4) : nil
    _ = PictureDecoder.decode(path, limit: limit, region: region, fast: flags & 2 == 2)
    return 0
}
