@testable import StripsPictures

/// Whole-picture decoding as the app calls it for every format but JPEG: the header gate, then
/// libspng, giflib, libtiff (TIFF), libwebp (WebP) or ffmpeg's decoders (BMP, TGA, PNM, QOI, PCX, LBM) from
/// memory. The first byte picks the
/// file's extension (TGA is only known by it).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFormats(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard let path = FuzzFile.write(data, size),
          case .success(let info) = ImageHeader.read(path), info.sizeProblem == nil, info.format != .jpeg
    else { return 0 }
    _ = PictureDecoder.decodeWhole(path, type: info.format)
    return 0
}
