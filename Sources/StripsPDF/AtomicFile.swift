import Foundation
import StripsFiles

/// Writes a new file so that it either appears whole or not at all, and never over an existing
/// one (`NewFile`): the app does not modify users' files.
enum AtomicFile {
    static func create(_ path: String, _ fill: (_ temporaryPath: String) -> Result<Void, PDFFailure>) -> Result<Void, PDFFailure> {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        if FileManager.default.fileExists(atPath: path) { return .failure(PDFFailure("\(url.lastPathComponent) already exists")) }
        let temporary: String
        switch NewFile.temporary(beside: path) {
        case .failure(let error): return .failure(PDFFailure("cannot write in \(folder): \(error)"))
        case .success(let made):
            close(made.fd)
            temporary = made.path
        }
        if case .failure(let failure) = fill(temporary) {
            unlink(temporary)
            return .failure(failure)
        }
        if let error = NewFile.flush(temporary) {
            unlink(temporary)
            return .failure(PDFFailure("cannot write to disk: \(error)"))
        }
        if let error = NewFile.publish(temporary, as: path) {
            unlink(temporary)
            return .failure(PDFFailure(error.exists ? "\(url.lastPathComponent) already exists"
                                                    : "cannot create \(url.lastPathComponent): \(error)"))
        }
        return .success(())
    }
}
