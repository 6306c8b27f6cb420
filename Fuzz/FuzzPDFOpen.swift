import Foundation
import StripsPDF

/// Opening a PDF from arbitrary bytes: must return a page list or one line of reason, never hang
/// or crash. With STRIPS_FUZZ_PDF_RENDER=1 it also renders the first page as a small thumbnail.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPDFOpen(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    switch PDFSource.open(bytes: bytes) {
    case .failure(let failure):
        precondition(!failure.reason.isEmpty && !failure.reason.contains("\n"), "a failure must be one line")
    case .success(let info):
        precondition(info.pageCount > 0, "an opened document has pages")
        for page in info.pageSizes { precondition(page.width >= 1 && page.height >= 1 && page.width.isFinite && page.height.isFinite) }
        if FuzzPDFRender.enabled { FuzzPDFRender.firstPage(bytes) }
    }
    return 0
}

enum FuzzPDFRender {
    static let enabled = ProcessInfo.processInfo.environment["STRIPS_FUZZ_PDF_RENDER"] == "1"
    /// The fuzzer's own renderer, made once for the process (as the app's host makes one).
    static let renderer = PDFRenderer()
    static let path = FileManager.default.temporaryDirectory.appendingPathComponent("strips-fuzz-pdf-\(getpid()).pdf").path

    static func firstPage(_ bytes: [UInt8]) {
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { return }
        renderer.forget(path)
        _ = renderer.render(path, pageIndex: 0, maxWidth: 64, maxHeight: 64)
        renderer.forget(path)
    }
}
