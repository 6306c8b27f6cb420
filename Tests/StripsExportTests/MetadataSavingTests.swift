import Foundation
import StripsCore
import StripsPDF
import StripsTestSupport
import StripsText
import Testing
@testable import StripsExport

/// Issue 31: a saved PDF says what it is: its title (the document's name, or `--title`), its
/// author (the user's full name), when it was made and changed, what made it and its language,
/// in the information dictionary (`pdfinfo`) and in XMP (`pdfinfo -meta`); an opened PDF saved
/// again keeps its title, author and creation date.
@Suite struct MetadataSavingTests {
    static func picture(_ files: SaveFixtures) throws -> String {
        try files.write("scans/page.jpg", JPEGMaker.encode(.quadrants(width: 40, height: 30)))
    }

    /// `pdfinfo`'s `Key: value` lines.
    static func info(_ pdf: String) throws -> [String: String] {
        var fields: [String: String] = [:]
        for line in try Tool.run("pdfinfo", ["-isodates", pdf]).stdout.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return fields
    }

    static func xmp(_ pdf: String) throws -> String { try Tool.run("pdfinfo", ["-meta", pdf]).stdout }

    @Test func aSavedPDFCarriesItsTitleAuthorDatesProducerAndLanguageInBothPlaces() throws {
        let files = try SaveFixtures()
        let path = try Self.picture(files)
        let out = files.path("minutes.pdf")
        let text = PageText(words: [TextWord(text: "Protokoll", box: TextBox(x: 2, y: 2, width: 20, height: 8), confidence: 90, line: 0)],
                            lines: [TextLine(box: TextBox(x: 2, y: 2, width: 20, height: 8), firstWord: 0, endWord: 1, baseline: nil)],
                            text: "Protokoll", width: 40, height: 30, origin: .recognised(languages: "deu+eng"))
        let metadata = PDFMetadata(title: "Protokoll <März> & Co", author: "Zoë Müller")
        let before = Date()
        _ = try DocumentExporter.save([ExportPage(source: .picture(path: path), text: text)], to: out, sourcePaths: [path], metadata: metadata)
        let info = try Self.info(out)
        #expect(info["Title"] == "Protokoll <März> & Co")
        #expect(info["Author"] == "Zoë Müller")
        #expect(info["Creator"] == AppVersion.software && info["Producer"] == AppVersion.software)
        let created = try #require(info["CreationDate"]), modified = try #require(info["ModDate"])
        #expect(created == modified, "\(created) \(modified)")
        let formatter = ISO8601DateFormatter()
        let made = try #require(formatter.date(from: created))
        #expect(abs(made.timeIntervalSince(before)) < 60)
        #expect(info["Metadata Stream"] == "yes")
        let xmp = try Self.xmp(out)
        #expect(xmp.contains("<rdf:li xml:lang=\"x-default\">Protokoll &lt;März&gt; &amp; Co</rdf:li>"), "\(xmp)")
        #expect(xmp.contains("<dc:creator><rdf:Seq><rdf:li>Zoë Müller</rdf:li></rdf:Seq></dc:creator>"))
        #expect(xmp.contains("<dc:language><rdf:Bag><rdf:li>de</rdf:li><rdf:li>en</rdf:li></rdf:Bag></dc:language>"))
        #expect(xmp.contains("<xmp:CreateDate>") && xmp.contains("<pdf:Producer>\(AppVersion.software)</pdf:Producer>"))
        // The catalog's language, for screen readers.
        #expect(PDFMetadataFile.read(out)?.languages == ["de"])
    }

    /// Issue 41: pages read with `--ocr auto` carry their own languages, English after a Russian
    /// or Hindi page's own: the document is in the language most pages are written in.
    @Test func theLanguageMostPagesAreWrittenInLeadsNotTheOneTheirOddWordsAreReadIn() throws {
        let files = try SaveFixtures()
        let path = try Self.picture(files)
        let out = files.path("mixed.pdf")
        func page(_ word: String, _ languages: String) -> ExportPage {
            let text = PageText(words: [TextWord(text: word, box: TextBox(x: 2, y: 2, width: 20, height: 8), confidence: 90, line: 0)],
                                lines: [TextLine(box: TextBox(x: 2, y: 2, width: 20, height: 8), firstWord: 0, endWord: 1, baseline: nil)],
                                text: word, width: 40, height: 30, origin: .recognised(languages: languages))
            return ExportPage(source: .picture(path: path), text: text)
        }
        _ = try DocumentExporter.save([page("Договор", "rus+eng"), page("Счёт", "rus+eng"), page("अनुबंध", "hin+eng")], to: out,
                                      sourcePaths: [path, path, path], metadata: nil)
        #expect(PDFMetadataFile.read(out)?.languages == ["ru"])
        #expect(try Self.xmp(out).contains("<dc:language><rdf:Bag><rdf:li>ru</rdf:li><rdf:li>hi</rdf:li><rdf:li>en</rdf:li></rdf:Bag></dc:language>"))
    }

    @Test func withoutMetadataTheTitleIsTheFilesNameAndTheAuthorTheUser() throws {
        let files = try SaveFixtures()
        let path = try Self.picture(files)
        let out = files.path("Board minutes.pdf")
        _ = try DocumentExporter.save([ExportPage(source: .picture(path: path))], to: out, sourcePaths: [path])
        let info = try Self.info(out)
        #expect(info["Title"] == "Board minutes")
        #expect(info["Author"] == PDFMetadata.currentUser())
        #expect(PDFMetadata.currentUser()?.isEmpty == false)
    }

    @Test func anOpenedPDFSavedAgainKeepsItsTitleAuthorAndCreationDate() throws {
        let files = try SaveFixtures()
        let path = try Self.picture(files)
        let first = files.path("first.pdf")
        let made = Date(timeIntervalSince1970: 1_600_000_000)
        var original = PDFSave(pages: [ExportPage(source: .picture(path: path))], destination: first, placing: .new, calls: .system,
                               metadata: PDFMetadata(title: "Orchard lease", author: "A. Gardener", creator: "Some Scanner 2.1"))
        original.now = made
        _ = try original.save(progress: { _ in })
        // Opened from that PDF: the kept metadata, the title as the PDF has it.
        let kept = DocumentExporter.metadata(title: nil, documentName: "first.pdf", sources: [first])
        #expect(kept.title == "Orchard lease" && kept.author == "A. Gardener" && kept.creator == "Some Scanner 2.1")
        #expect(kept.created.map { abs($0.timeIntervalSince(made)) < 1 } == true)
        let again = files.path("again.pdf")
        _ = try DocumentExporter.save([ExportPage(source: .pdfPage(path: first, index: 0))], to: again, sourcePaths: [first], metadata: kept)
        let read = try #require(PDFMetadataFile.read(again))
        #expect(read.title == "Orchard lease" && read.author == "A. Gardener" && read.creator == "Some Scanner 2.1")
        #expect(read.created.map { abs($0.timeIntervalSince(made)) < 1 } == true)
        #expect(read.modified.map { $0.timeIntervalSince(made) > 1000 } == true)
        #expect(read.producer == AppVersion.software)
        // --title wins over the PDF's own.
        #expect(DocumentExporter.metadata(title: "New title", documentName: "first.pdf", sources: [first]).title == "New title")
        // A document of pictures is named by its file, or its folder.
        #expect(DocumentExporter.metadata(title: nil, documentName: "page.jpg", sources: [path]).title == "page")
        #expect(DocumentExporter.metadata(title: nil, documentName: "scans", sources: [path, path]).title == "scans")
    }

    @Test func datesAreWrittenAndReadInPDFsOwnForm() throws {
        let date = Date(timeIntervalSince1970: 1_710_254_400)   // 2024-03-12 14:40:00 UTC
        let zone = try #require(TimeZone(secondsFromGMT: 3600 + 1800))
        #expect(PDFMetadata.pdfDate(date, in: zone) == "D:20240312161000+01'30'")
        #expect(PDFMetadata.xmpDate(date, in: zone) == "2024-03-12T16:10:00+01:30")
        #expect(PDFMetadata.date(fromPDF: "D:20240312161000+01'30'") == date)
        #expect(PDFMetadata.date(fromPDF: "D:20240312144000Z") == date)
        #expect(PDFMetadata.date(fromPDF: "20240312144000") == date)
        #expect(PDFMetadata.date(fromPDF: "D:2024")?.timeIntervalSince1970 == 1_704_067_200)
        #expect(PDFMetadata.date(fromPDF: "yesterday") == nil && PDFMetadata.date(fromPDF: "D:20241399") == nil && PDFMetadata.date(fromPDF: "D:202") == nil)
    }

    @Test func tesseractsLanguagesAreBCP47Tags() {
        #expect(LanguageTags.tags(forTesseract: "eng+deu+chi_sim+srp_latn+osd+jpn_vert+eng") == ["en", "de", "zh-Hans", "sr-Latn", "ja"])
        #expect(LanguageTags.tag(forTesseract: "fil") == "fil" && LanguageTags.tag(forTesseract: "script/Latin") == nil)
    }
}
