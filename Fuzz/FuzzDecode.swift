@testable import StripsPictures

/// The whole decode of a file as the app does it: header, size check, JPEG through libjpeg-turbo
/// (scaled, with EXIF orientation), other formats from memory; then orientation and downscale.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecode(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard let path = FuzzFile.write(data, size) else { return 0 }
    // Small limits keep each run fast; the second byte picks thumbnail or preview size.
    let limit = size > 1 && data[1] & 1 == 1 ? PixelLimit(width: 66, height: 66) : PixelLimit(width: 300, height: 200)
    _ = PictureDecoder.decode(path, limit: limit, fast: size > 1 && data[1] & 2 == 2)
    return 0
}
