import CSDL2
@testable import StripsSDL

/// PNG through libspng from memory.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    if case .success(let surface) = PNGDecoder.decode(Array(UnsafeBufferPointer(start: data, count: size))) {
        SDL_FreeSurface(surface)
    }
    return 0
}
