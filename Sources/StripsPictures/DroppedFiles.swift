import StripsCore
import StripsPhotosFeatures

/// Files and folders dropped on the window (or a script's `drop`), read as pages by the host's
/// `reader` (the one the document was opened with): each folder's pictures in natural name order;
/// a path that holds none is reported in one line and the others still come in.
public enum DroppedFiles {
    public static func pages(for paths: [String], reader: PageReader, report: (String) -> Void) -> [Page] {
        var files: [String] = []
        for path in paths {
            do {
                files += try DocumentLoader.imageFiles(in: [path])
            } catch {
                report("strips: \(error.description)")
            }
        }
        return DocumentLoader.pages(for: files, reader: reader, report: report)
    }
}
