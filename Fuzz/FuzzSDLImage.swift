import CSDL2
@testable import StripsSDL

/// Whole-picture decoding from memory through SDL_image (GIF, BMP, WebP, TGA, TIFF, ...), as the
/// probe for formats without a header reader uses it. The first byte says whether it is a TGA.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSDLImage(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    if case .success(let surface) = ImageDecoder.decode(bytes, type: data[0] & 1 == 1 ? .tga : .other) {
        SDL_FreeSurface(surface)
    }
    return 0
}
