import StripsCore

/// The headless script parser: any bytes either parse or give a ScriptError, never a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScript(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    if let script = try? Script.parse(text) {
        // What the runner asks of every parsed script.
        _ = script.endTime
    }
    return 0
}
