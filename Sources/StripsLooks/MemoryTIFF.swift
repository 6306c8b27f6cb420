import CTIFF

/// A TIFF file held in memory, for libtiff's client I/O: libtiff writes and reads it through the
/// callbacks below as if it were a file. Errors are collected, never printed.
final class MemoryTIFF {
    var bytes: [UInt8] = []
    var position = 0
    var firstError: String?

    init(bytes: [UInt8] = []) { self.bytes = bytes }

    /// Opens this memory as a TIFF (`mode` "w" or "r"); runs `body` and closes it again.
    func withTIFF<T>(mode: String, _ body: (OpaquePointer) -> T?) -> T? {
        let options = TIFFOpenOptionsAlloc()
        defer { TIFFOpenOptionsFree(options) }
        let me = Unmanaged.passUnretained(self).toOpaque()
        TIFFOpenOptionsSetErrorHandlerExtR(options, { _, user, module, _, _ in
            // The message's format arguments are not worth a va_list bridge: the module names the failing step.
            if let user {
                let file = Unmanaged<MemoryTIFF>.fromOpaque(user).takeUnretainedValue()
                if file.firstError == nil { file.firstError = module.map { String(cString: $0) } ?? "libtiff error" }
            }
            return 1
        }, me)
        TIFFOpenOptionsSetWarningHandlerExtR(options, { _, _, _, _, _ in 1 }, nil)
        position = 0
        guard let tiff = TIFFClientOpenExt("memory", mode, me, Self.read, Self.write, Self.seek, Self.close, Self.size,
                                           Self.map, Self.unmap, options) else { return nil }
        defer { TIFFClose(tiff) }
        return withExtendedLifetime(self) { body(tiff) }
    }

    private static func file(_ handle: thandle_t?) -> MemoryTIFF? {
        handle.map { Unmanaged<MemoryTIFF>.fromOpaque($0).takeUnretainedValue() }
    }

    private static let read: TIFFReadWriteProc = { handle, buffer, count in
        guard let file = file(handle), let buffer, count >= 0 else { return -1 }
        let available = max(0, min(Int(count), file.bytes.count - file.position))
        file.bytes.withUnsafeBytes { source in
            if available > 0, let base = source.baseAddress {
                buffer.copyMemory(from: base.advanced(by: file.position), byteCount: available)
            }
        }
        file.position += available
        return tmsize_t(available)
    }

    private static let write: TIFFReadWriteProc = { handle, buffer, count in
        guard let file = file(handle), let buffer, count >= 0 else { return -1 }
        let end = file.position + Int(count)
        if end > file.bytes.count { file.bytes.append(contentsOf: repeatElement(0, count: end - file.bytes.count)) }
        file.bytes.withUnsafeMutableBytes { target in
            target.baseAddress?.advanced(by: file.position).copyMemory(from: buffer, byteCount: Int(count))
        }
        file.position = end
        return count
    }

    private static let seek: TIFFSeekProc = { handle, offset, whence in
        guard let file = file(handle) else { return toff_t.max }
        let base: Int
        switch whence {
        case SEEK_CUR: base = file.position
        case SEEK_END: base = file.bytes.count
        default: base = 0
        }
        // An offset beyond Int is nonsense for a picture in memory.
        guard offset <= toff_t(Int.max) else { return toff_t.max }
        let target = whence == SEEK_SET ? Int(offset) : base &+ Int(Int64(bitPattern: offset))
        guard target >= 0 else { return toff_t.max }
        file.position = target
        return toff_t(target)
    }

    private static let close: TIFFCloseProc = { _ in 0 }
    private static let size: TIFFSizeProc = { handle in toff_t(file(handle)?.bytes.count ?? 0) }
    private static let map: TIFFMapFileProc = { _, _, _ in 0 }
    private static let unmap: TIFFUnmapFileProc = { _, _, _ in }
}
