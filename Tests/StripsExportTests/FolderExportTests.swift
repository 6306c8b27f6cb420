import CTurboJPEG
import Foundation
import StripsCore
import StripsPhotosFeatures
import StripsPictures
import Testing
@testable import StripsExport

/// Folder export: numbered files in page order, untouched pages copied byte for byte, turned
/// JPEGs turned losslessly and upright in any viewer, other turned pictures written as PNG.
@Suite struct FolderExportTests {
    @Test func pagesAreNumberedAndCopiedByteForByte() throws {
        let files = try SaveFixtures()
        let jpeg = try files.write("scans/b.jpg", JPEGMaker.withExif(JPEGMaker.encode(.noise(width: 48, height: 32, seed: 3)), orientation: 6))
        let png = files.path("scans/a.png")
        #expect(SDLPictures.savePNG(.noise(width: 20, height: 10, seed: 4), to: png))
        let gif = SaveFixtures.fixture("formats/shape.gif"), tga = SaveFixtures.fixture("formats/shape.tga")
        let sources = [jpeg, png, gif, tga, jpeg]
        let originals = sources.map(SaveFixtures.bytes)
        let destination = files.path("out")
        let result = try DocumentExporter.save(sources.map { ExportPage(source: .picture(path: $0)) }, to: destination, sourcePaths: sources)

        let names = ["001.jpg", "002.png", "003.gif", "004.tga", "005.jpg"]
        #expect(result == SaveResult(kind: .folder, destination: destination, pageCount: 5, files: names,
                                     bytesWritten: originals.map(\.count).reduce(0, +), notes: []))
        #expect(files.listing(destination) == names)
        for (name, original) in zip(names, originals) {
            #expect(SaveFixtures.bytes("\(destination)/\(name)") == original, "\(name)")
        }
        #expect(files.listing() == ["out", "scans"], "no temporary folder is left")
        #expect(sources.map(SaveFixtures.bytes) == originals)
    }

    @Test func numbersGrowPast999() {
        #expect(FolderSave.fileName(number: 7, of: 12, extension: "jpg") == "007.jpg")
        #expect(FolderSave.fileName(number: 999, of: 999, extension: "png") == "999.png")
        #expect(FolderSave.fileName(number: 7, of: 1000, extension: "jpg") == "0007.jpg")
        #expect(FolderSave.fileName(number: 1000, of: 1000, extension: "jpg") == "1000.jpg")
        #expect(FolderSave.fileName(number: 12345, of: 12345, extension: "jpg") == "12345.jpg")
    }

    /// Every EXIF orientation with one, two and three turns: the file is a JPEG whose stored pixels
    /// are upright-turned (a viewer that ignores EXIF shows it right) and whose EXIF says upright
    /// (a viewer that honours EXIF does not turn it again).
    @Test func turnedJPEGsAreUprightInAnyViewer() throws {
        let files = try SaveFixtures()
        let upright = RGBImage.quadrants(width: 320, height: 240)
        var pages: [ExportPage] = [], expected: [RGBImage] = []
        for orientation in Orientation.allCases {
            let path = try files.write("orient-\(orientation.rawValue).jpg",
                                       JPEGMaker.withExif(JPEGMaker.encode(upright.stored(for: orientation)), orientation: orientation.rawValue))
            for turns in 1...3 {
                pages.append(ExportPage(source: .picture(path: path), corrections: Corrections(quarterTurns: turns)))
                expected.append(upright.turned(turns))
            }
        }
        let destination = files.path("turned")
        let result = try DocumentExporter.save(pages, to: destination, sourcePaths: pages.map(\.source.path))
        #expect(result.notes == [], "320 x 240 is whole 16-pixel blocks: nothing to trim")
        for (index, name) in result.files.enumerated() {
            let path = "\(destination)/\(name)"
            #expect(name.hasSuffix(".jpg"))
            guard case .success(let header) = ImageHeader.read(path), let stored = JPEGMaker.decode(SaveFixtures.bytes(path)) else {
                Issue.record("\(name) is not a readable JPEG")
                continue
            }
            #expect(header.orientation == .up, "\(name)")
            #expect(stored.width == expected[index].width && stored.height == expected[index].height, "\(name)")
            #expect(stored.quadrantSignature == expected[index].quadrantSignature, "\(name): orientation \(index / 3 + 1), \(index % 3 + 1) turns")
        }
    }

    /// Lossless: turning the saved file back gives the original's DCT blocks, so it decodes to the
    /// very same pixels.
    @Test func aTurnedJPEGIsTheOriginalsBlocksMoved() throws {
        let files = try SaveFixtures()
        let original = JPEGMaker.encode(.noise(width: 160, height: 96, seed: 11), quality: 80)
        let path = try files.write("noise.jpg", original)
        let page = Page(id: "noise.jpg", path: path, pixelSize: Size(width: 160, height: 96), quarterTurns: 1)
        let result = try DocumentExporter.save([ExportPage(page)], to: files.path("out"), sourcePaths: [path])
        let saved = SaveFixtures.bytes(files.path("out/\(result.files[0])"))
        let back = try #require(saved.withUnsafeBytes { LosslessJPEGTurn.transform($0, operation: TJXOP_ROT270, options: TJXOPT_PERFECT) })
        let savedPixels = try #require(JPEGMaker.decode(saved))
        #expect(savedPixels.width == 96 && savedPixels.height == 160)
        #expect(JPEGMaker.decode(back) == JPEGMaker.decode(original))
        #expect(SaveFixtures.bytes(path) == original)
    }

    /// A quarter turn would move the partial block row at the bottom to the left edge: it is
    /// dropped (and said so), the rest is turned losslessly.
    @Test func aPartialEdgeBlockIsTrimmedAndReported() throws {
        let files = try SaveFixtures()
        let path = try files.write("odd.jpg", JPEGMaker.encode(.quadrants(width: 320, height: 250)))
        let result = try DocumentExporter.save([ExportPage(source: .picture(path: path), corrections: Corrections(quarterTurns: 1))], to: files.path("out"), sourcePaths: [path])
        let saved = try #require(JPEGMaker.decode(SaveFixtures.bytes(files.path("out/001.jpg"))))
        #expect(saved.width == 240 && saved.height == 320, "250 rows lose the 10 of the last, partial 16-row block")
        #expect(saved.quadrantSignature == RGBImage.quadrants(width: 320, height: 240).turned(1).quadrantSignature)
        #expect(result.notes.count == 1)
        #expect(result.notes.first?.contains("001.jpg (odd.jpg)") == true && result.notes.first?.contains("240 x 320") == true, "\(result.notes)")
    }

    /// Turns that undo the EXIF orientation leave the pixels alone: only the tag changes.
    @Test func turnsThatUndoTheOrientationOnlyResetTheTag() throws {
        let files = try SaveFixtures()
        let jpeg = JPEGMaker.withExif(JPEGMaker.encode(.noise(width: 64, height: 48, seed: 5)), orientation: 6)
        let path = try files.write("six.jpg", jpeg)
        let result = try DocumentExporter.save([ExportPage(source: .picture(path: path), corrections: Corrections(quarterTurns: 3))], to: files.path("out"), sourcePaths: [path])
        let saved = SaveFixtures.bytes(files.path("out/\(result.files[0])"))
        #expect(saved.count == jpeg.count)
        #expect(zip(saved, jpeg).filter { $0 != $1 }.count == 1, "one byte: the orientation value")
        guard case .success(let header) = ImageHeader.read(files.path("out/001.jpg")) else {
            Issue.record("unreadable")
            return
        }
        #expect(header.orientation == .up)
    }

    /// Other formats turned are decoded, turned exactly and written as PNG.
    @Test func otherTurnedPicturesBecomeExactPNGs() throws {
        let files = try SaveFixtures()
        let image = RGBImage.noise(width: 30, height: 20, seed: 8)
        let png = files.path("n.png"), bmp = files.path("n.bmp")
        #expect(SDLPictures.savePNG(image, to: png))
        #expect(SDLPictures.saveBMP(image, to: bmp))
        let webp = SaveFixtures.fixture("formats/shape.webp")
        let sources = [png, bmp, webp]
        let result = try DocumentExporter.save(sources.enumerated().map { ExportPage(source: .picture(path: $1), corrections: Corrections(quarterTurns: $0 + 1)) },
                                               to: files.path("out"), sourcePaths: sources)
        #expect(result.files == ["001.png", "002.png", "003.png"])
        #expect(SDLPictures.decode(files.path("out/001.png")) == image.turned(1))
        #expect(SDLPictures.decode(files.path("out/002.png")) == image.turned(2))
        let shape = try #require(SDLPictures.decode(webp))
        #expect(SDLPictures.decode(files.path("out/003.png")) == shape.turned(3))
    }

    @Test func anEmptyFolderIsFilled() throws {
        let files = try SaveFixtures()
        let jpeg = try files.write("a.jpg", JPEGMaker.encode(.noise(width: 16, height: 16, seed: 1)))
        try FileManager.default.createDirectory(atPath: files.path("empty"), withIntermediateDirectories: false)
        let result = try DocumentExporter.save([ExportPage(source: .picture(path: jpeg))], to: files.path("empty/"), sourcePaths: [jpeg])
        #expect(result.destination == files.path("empty"))
        #expect(files.listing(files.path("empty")) == ["001.jpg"])
        #expect(files.listing() == ["a.jpg", "empty"])
    }
}
