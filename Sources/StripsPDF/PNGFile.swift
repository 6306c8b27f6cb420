import CPoppler
import Foundation
import StripsFiles

/// A cairo image surface written as a new PNG file, whole or not at all (`WholeFile`): cairo's
/// PNG stream goes through the file's checked writes.
enum PNGFile {
    static func write(_ surface: OpaquePointer, to path: String) -> Result<Void, PDFFailure> {
        let file: WholeFile
        switch WholeFile.newFile(path) {
        case .success(let opened): file = opened
        case .failure(let failure): return .failure(failure)
        }
        let status = cairo_surface_write_to_png_stream(surface, { closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
            let file = Unmanaged<WholeFile>.fromOpaque(closure).takeUnretainedValue()
            return file.write(UnsafeRawBufferPointer(start: data, count: Int(length))) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR
        }, Unmanaged.passUnretained(file).toOpaque())
        do throws(WholeFile.Failure) {
            if let failure = file.failure { throw failure }
            guard status == CAIRO_STATUS_SUCCESS else {
                file.discard()
                return .failure(PDFFailure("cannot write PNG: \(String(cString: cairo_status_to_string(status)))"))
            }
            try file.finish()
            try file.publish()
            return .success(())
        } catch {
            file.discard()
            return .failure(PDFFailure(writing: path, error))
        }
    }
}

extension WholeFile {
    /// A new file at `path` for a PDF or a page picture, or the one line saying why not.
    static func newFile(_ path: String) -> Result<WholeFile, PDFFailure> {
        do {
            return .success(try WholeFile(destination: path))
        } catch {
            return .failure(PDFFailure(opening: path, error))
        }
    }
}

extension PDFFailure {
    /// Why a new file at `path` could not be started.
    init(opening path: String, _ failure: WholeFile.Failure) {
        self.init(failure.exists ? "\(PDFPageName.fileName(path)) already exists"
                  : "cannot write in \((path as NSString).deletingLastPathComponent): \(failure)")
    }

    /// Why writing, finishing or naming the new file at `path` failed.
    init(writing path: String, _ failure: WholeFile.Failure) {
        let name = PDFPageName.fileName(path)
        self.init(failure.exists ? "\(name) already exists" : "cannot write \(name): \(failure)")
    }
}
