import Foundation
import StripsCore
import StripsPictures

extension PhotosScene {
    /// Files and folders dropped on the window become pages after the one in focus; paths that
    /// hold no pictures are reported, the others still come in.
    public mutating func addDroppedPaths(_ paths: [String], at time: Double, reader: PageReader, report: (String) -> Void) {
        var files: [String] = []
        for path in paths {
            do {
                files += try DocumentLoader.imageFiles(in: [path])
            } catch {
                report("strips: \(error.description)")
            }
        }
        addPages(DocumentLoader.pages(for: files, reader: reader, report: report), at: time)
    }
}
