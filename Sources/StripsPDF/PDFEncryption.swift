/// The two reasons an encrypted PDF cannot be opened, worded once for opening, rendering and
/// saving alike. poppler says "encrypted" for both; qpdf tells them apart.
enum PDFEncryption {
    static let needsPassword = "encrypted: needs a password"
    static let unsupported = "encrypted by a method Strips cannot read"

    /// Why the encrypted file at `path` cannot be opened.
    static func reason(path: String) -> String {
        if case .failure(let failure) = QPDFFile.read(path), failure.reason == unsupported { return unsupported }
        return needsPassword
    }
}
