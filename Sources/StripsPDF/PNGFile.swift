import CPoppler
import Foundation
import StripsFiles

/// A cairo image surface written as a new PNG file, whole or not at all (`WholeFile`): cairo's
/// PNG stream goes through the file's checked writes.
enum PNGFile {
    static func write(_ surface: OpaquePointer, to path: String) -> Result<Void, PDFFailure> {
        let name = PDFPageName.fileName(path)
        let file: WholeFile
        do {
            file = try WholeFile(destination: path)
        } catch {
            return .failure(PDFFailure(error.exists ? "\(name) already exists" : "cannot write in \((path as NSString).deletingLastPathComponent): \(error)"))
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
            return .failure(PDFFailure(error.exists ? "\(name) already exists" : "cannot write \(name): \(error)"))
        }
    }
}
