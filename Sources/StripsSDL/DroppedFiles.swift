import StripsCore

/// Files and folders dropped on the window (or a script's `drop`), read as pages: each folder's
/// pictures in natural name order; a path that holds none is reported in one line and the
/// others still come in.
public enum DroppedFiles {
    public static func pages(for paths: [String], report: (String) -> Void) -> [Page] {
        var files: [String] = []
        for path in paths {
            do {
                files += try DocumentLoader.imageFiles(in: [path])
            } catch {
                report("strips: \(error.description)")
            }
        }
        return DocumentLoader.pages(for: files, report: report)
    }
}
