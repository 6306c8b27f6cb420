import Foundation
import StripsFiles
import StripsPictures

/// A rendered page written as a new PNG file (the project's `PNGWriter`; opaque paper: RGB), whole
/// or not at all (`WholeFile`).
enum PNGFile {
    static func write(_ pixels: PixelBuffer, to path: String) -> Result<Void, PDFFailure> {
        let bytes: [UInt8]
        switch PNGWriter().encode(pixels) {
        case .failure(let failure): return .failure(PDFFailure(failure.reason))
        case .success(let encoded): bytes = encoded
        }
        let file: WholeFile
        switch WholeFile.newFile(path) {
        case .success(let opened): file = opened
        case .failure(let failure): return .failure(failure)
        }
        do throws(WholeFile.Failure) {
            file.write(bytes)
            if let failure = file.failure { throw failure }
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
        self.init(failure.exists ? "\(PDFPageName.fileName(path)): \(WholeFile.Failure.existsReason)"
                  : "cannot write in \((path as NSString).deletingLastPathComponent): \(failure)")
    }

    /// Why writing, finishing or naming the new file at `path` failed.
    init(writing path: String, _ failure: WholeFile.Failure) {
        let name = PDFPageName.fileName(path)
        self.init(failure.exists ? "\(name): \(WholeFile.Failure.existsReason)" : "cannot write \(name): \(failure)")
    }
}
