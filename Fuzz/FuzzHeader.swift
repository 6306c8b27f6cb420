@testable import StripsPictures

/// The picture header reader (and, for formats without one, the probe decode from memory).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHeader(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard let path = FuzzFile.write(data, size) else { return 0 }
    if case .success(let info) = ImageHeader.read(path) {
        _ = info.sizeProblem
        _ = info.displaySize
    }
    return 0
}
