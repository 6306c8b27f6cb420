import CTIFF
import Foundation
import StripsFiles

/// One TIFF opened with libtiff, read through our own callbacks from a file descriptor or from
/// bytes in memory (every read stops at the end of the data), with libtiff's messages captured
/// for this file alone (its per-file handlers: nothing printed, nothing process-wide) and its
/// allocations capped, so a lying strip size fails instead of allocating gigabytes.
/// Used by one thread at a time; closed when released.
final class TIFFFile {
    /// libtiff refuses any single allocation larger than this (its own buffers, not our pixels).
    static let allocationLimit: Int = 256 << 20

    /// Where the bytes come from, and how far libtiff has read; libtiff holds it as its handle.
    fileprivate final class Source {
        let fd: Int32
        let memory: [UInt8]?
        let size: Int
        var offset = 0
        /// The first error libtiff reported for this file.
        var error: String?

        init(fd: Int32, size: Int) {
            self.fd = fd
            self.size = size
            memory = nil
        }

        init(bytes: [UInt8]) {
            fd = -1
            memory = bytes
            size = bytes.count
        }

        func read(into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
            let n = max(0, min(count, size - offset))
            guard n > 0 else { return 0 }
            if let memory {
                memory.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress! + offset, byteCount: n) }
                offset += n
                return n
            }
            let got = pread(fd, buffer, n, off_t(offset))
            guard got > 0 else { return got < 0 ? -1 : 0 }
            offset += got
            return got
        }
    }

    let tiff: OpaquePointer
    private let source: Source

    private init(tiff: OpaquePointer, source: Source) {
        self.tiff = tiff
        self.source = source
    }

    deinit {
        TIFFClose(tiff)
        if source.fd >= 0 { close(source.fd) }
    }

    /// The first error libtiff reported so far, in one line.
    var lastError: String? { source.error }

    static func open(_ path: String) -> Result<TIFFFile, ImageFailure> {
        let fd: Int32
        switch InputFile.open(path) {
        case .failure(let refusal): return .failure(ImageFailure(FileReader.describe(refusal)))
        case .success(let opened): fd = opened
        }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            return .failure(ImageFailure("not a picture file"))
        }
        if info.st_size == 0 {
            close(fd)
            return .failure(ImageFailure("the file is empty"))
        }
        return open(Source(fd: fd, size: Int(info.st_size)), name: path)
    }

    static func open(bytes: [UInt8]) -> Result<TIFFFile, ImageFailure> {
        open(Source(bytes: bytes), name: "memory.tif")
    }

    private static func open(_ source: Source, name: String) -> Result<TIFFFile, ImageFailure> {
        LibraryDiagnostics.install()
        guard let options = TIFFOpenOptionsAlloc() else {
            if source.fd >= 0 { close(source.fd) }
            return .failure(ImageFailure("libtiff could not start"))
        }
        defer { TIFFOpenOptionsFree(options) }
        let handle = Unmanaged.passUnretained(source).toOpaque()
        TIFFOpenOptionsSetMaxSingleMemAlloc(options, tmsize_t(allocationLimit))
        TIFFOpenOptionsSetErrorHandlerExtR(options, onError, handle)
        TIFFOpenOptionsSetWarningHandlerExtR(options, onWarning, handle)
        // "m": no memory mapping (our callbacks read); "h": only the header is read now.
        guard let tiff = TIFFClientOpenExt(name, "rm", handle, readProc, writeProc, seekProc, closeProc, sizeProc,
                                           mapProc, unmapProc, options) else {
            let reason = source.error.map { "corrupt TIFF: \($0)" } ?? "corrupt TIFF: cannot be opened"
            if source.fd >= 0 { close(source.fd) }
            return .failure(ImageFailure(reason))
        }
        return .success(TIFFFile(tiff: tiff, source: source))
    }

    /// The number of pages the current directory's PageNumber tag says the file has (0: unknown).
    func pageCount() -> Int? {
        var page: UInt16 = 0, total: UInt16 = 0
        let found = withUnsafeMutablePointer(to: &page) { p in
            withUnsafeMutablePointer(to: &total) { t in
                withVaList([p, t]) { TIFFVGetField(tiff, UInt32(TIFFTAG_PAGENUMBER), $0) }
            }
        }
        return found == 1 && total > 0 ? Int(total) : nil
    }

    /// A tag's value read through TIFFVGetField (TIFFGetField is variadic, which Swift cannot call).
    func field<T: FixedWidthInteger>(_ tag: Int32, as _: T.Type) -> T? {
        var value: T = 0
        let found = withUnsafeMutablePointer(to: &value) { pointer in
            withVaList([pointer]) { TIFFVGetField(tiff, UInt32(tag), $0) }
        }
        return found == 1 ? value : nil
    }
}

// libtiff's callbacks: plain C functions, the Source passed as the handle.

private func source(_ handle: thandle_t?) -> TIFFFile.Source? {
    handle.map { Unmanaged<TIFFFile.Source>.fromOpaque($0).takeUnretainedValue() }
}

private let readProc: TIFFReadWriteProc = { handle, buffer, count in
    guard let source = source(handle), let buffer else { return -1 }
    return tmsize_t(source.read(into: buffer, count: Int(count)))
}

private let writeProc: TIFFReadWriteProc = { _, _, _ in -1 }

private let seekProc: TIFFSeekProc = { handle, offset, whence in
    guard let source = source(handle) else { return toff_t(bitPattern: -1) }
    let base: Int
    switch whence {
    case SEEK_SET: base = 0
    case SEEK_CUR: base = source.offset
    case SEEK_END: base = source.size
    default: return toff_t(bitPattern: -1)
    }
    // Offsets are unsigned: a "negative" one is a huge number, refused like any past the end.
    guard offset <= toff_t(Int.max - base) else { return toff_t(bitPattern: -1) }
    source.offset = base + Int(offset)
    return toff_t(source.offset)
}

private let closeProc: TIFFCloseProc = { _ in 0 }
private let sizeProc: TIFFSizeProc = { handle in toff_t(source(handle)?.size ?? 0) }
private let mapProc: TIFFMapFileProc = { _, _, _ in 0 }
private let unmapProc: TIFFUnmapFileProc = { _, _, _ in }

private let onError: TIFFErrorHandlerExtR = { _, handle, module, format, arguments in
    guard let source = source(handle), source.error == nil, let format, let arguments else { return 1 }
    var buffer = [CChar](repeating: 0, count: 256)
    _ = vsnprintf(&buffer, buffer.count, format, arguments)
    let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    _ = module
    source.error = text
    return 1
}

private let onWarning: TIFFErrorHandlerExtR = { _, _, _, _, _ in 1 }
