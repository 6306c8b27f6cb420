import Foundation
import StripsCore
import StripsPhotosFeatures
import StripsPDF
import StripsSDL

/// PDFs next to the JPEG scans: a 500-page letter PDF (text and vector figures on every page)
/// opened as a document the same way a folder of scans is (first frame, thumbnails shown, fling),
/// and one of its pages rendered for a 1024x768 window's preview, as the decode workers do.
enum PDFRun {
    static let pageCount = 500

    /// Writes the PDF into `folder` (alone, so the loader opens just it).
    static func write(in folder: String) throws -> String {
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = "\(folder)/report.pdf"
        if case .failure(let failure) = PDFSampleDocument.write(to: path, pageSizes: Array(repeating: .letter, count: pageCount),
                                                                label: "Report", curves: 2) {
            stop("cannot write the sample PDF: \(failure.reason)")
        }
        return path
    }

    /// Median milliseconds to render page `index` fitted into the preview of a 1024x768 window,
    /// over `runs` renders after a first one (which opens the document).
    static func previewRenderMilliseconds(_ path: String, runs: Int = 9) -> (first: Double, median: Double) {
        let box = EditorGeometry(window: window).preview.size
        let renderer = PDFRenderer()
        var times: [Double] = []
        for run in 0...runs {
            let start = now()
            guard case .success = renderer.render(path, pageIndex: (run * 37) % pageCount, maxWidth: Int(box.width), maxHeight: Int(box.height)) else {
                stop("cannot render a page of the sample PDF")
            }
            times.append((now() - start) * 1000)
        }
        return (times[0], Percentiles(Array(times.dropFirst())).p50)
    }
}
