@testable import StripsPictures

/// PNG through libspng from memory.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    _ = PNGDecoder.decode(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
