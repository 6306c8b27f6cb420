import StripsCore
import StripsPictures

/// A page's source file, read and understood: its bytes, stored size, EXIF orientation and
/// stated resolution; for a JPEG, its marker layout; for a page of a multi-page TIFF, which page.
struct Picture {
    let file: SourceFile
    /// The page within a multi-page TIFF (from 0): the file is never copied or embedded as it is.
    var tiffPage: Int?
    let format: ImageInfo.Format
    let width: Int
    let height: Int
    let orientation: Orientation
    let jpeg: JPEGLayout?
    let dpi: (x: Double, y: Double)?

    var name: String { file.name }

    /// Reads the page's file and checks it still is the picture the document showed
    /// (`expected`: its upright size then); `tiffPage`: which page of a multi-page TIFF (from 0).
    /// Refusals name `destination` and the file.
    static func load(_ path: String, tiffPage: Int? = nil, expecting expected: Size?, destination: String) throws(SaveError) -> Picture {
        let file = try SourceFile.read(path, destination: destination)
        var picture: Picture
        if let index = tiffPage {
            guard case .success(let pages) = TIFFPages.pages(of: file.path), pages.indices.contains(index), pages[index].problem == nil else {
                throw SaveError.page(destination, file.name, HostMessage(trLater("page %s of the TIFF cannot be read"), "\(index + 1)"))
            }
            let info = pages[index].info
            picture = Picture(file: file, format: .tiff, width: info.width, height: info.height, orientation: info.orientation,
                              jpeg: nil, dpi: nil)
            picture.tiffPage = index
        } else if JPEGLayout.isJPEG(file.readOnly) {
            let layout: JPEGLayout
            switch JPEGLayout.read(file.readOnly) {
            case .failure(let problem): throw SaveError.page(destination, file.name, .verbatim(problem.reason))
            case .success(let read): layout = read
            }
            // Saved as it is, a cut-off JPEG would be a half-grey page: the editor shows it as
            // an error card, and the save refuses it the same way.
            guard layout.isComplete else { throw SaveError.page(destination, file.name, .verbatim(JPEGProblem.truncated.reason)) }
            let orientation = layout.exif.map { ExifBlock.orientation(UnsafeRawBufferPointer(rebasing: file.readOnly[$0])) } ?? .up
            picture = Picture(file: file, format: .jpeg, width: layout.width, height: layout.height, orientation: orientation,
                              jpeg: layout, dpi: PictureResolution.dpi(of: file.readOnly, jpeg: layout))
        } else {
            let info: ImageInfo
            switch ImageHeader.read(file.path) {
            case .failure(let failure): throw SaveError.page(destination, file.name, .verbatim(failure.reason))
            case .success(let read): info = read
            }
            picture = Picture(file: file, format: info.format, width: info.width, height: info.height, orientation: info.orientation,
                              jpeg: nil, dpi: PictureResolution.dpi(of: file.readOnly, jpeg: nil))
        }
        if let problem = ImageInfo(format: picture.format, width: picture.width, height: picture.height).sizeProblem {
            throw SaveError.page(destination, file.name, .verbatim(problem))
        }
        if let expected, expected != picture.uprightSize {
            throw SaveError.page(destination, file.name, HostMessage(trLater("the file changed since it was opened")))
        }
        return picture
    }

    /// The size as the document shows it before the user's rotation.
    var uprightSize: Size {
        orientation.swapsAxes
            ? Size(width: Double(height), height: Double(width))
            : Size(width: Double(width), height: Double(height))
    }
}
