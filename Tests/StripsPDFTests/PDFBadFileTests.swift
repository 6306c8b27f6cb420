import Foundation
import StripsPDF
import Testing

/// Every bad PDF gives one short line, never a crash, a hang or a stack of poppler messages.
@Suite struct PDFBadFileTests {
    func reason(_ path: String) -> String? {
        guard case .failure(let failure) = PDFSource.open(path) else { return nil }
        #expect(!failure.reason.contains("\n"))
        #expect(failure.reason.count <= 160)
        return failure.reason
    }

    @Test func notAPDF() throws {
        let scratch = try PDFScratch("bad-kind")
        #expect(reason(try scratch.write(Array("just some notes\n".utf8), "notes.pdf")) == "not a PDF")
        // A PNG renamed .pdf.
        #expect(reason(try scratch.write([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13], "picture.pdf")) == "not a PDF")
    }

    @Test func emptyMissingAndFolder() throws {
        let scratch = try PDFScratch("bad-empty")
        #expect(reason(try scratch.write([], "empty.pdf")) == "empty file")
        #expect(reason(scratch.path("missing.pdf")) == "no such file")
        try FileManager.default.createDirectory(atPath: scratch.path("folder.pdf"), withIntermediateDirectories: false)
        #expect(reason(scratch.path("folder.pdf")) == "a folder, not a file")
    }

    @Test func truncated() throws {
        let scratch = try PDFScratch("bad-truncated")
        let whole = try Data(contentsOf: URL(fileURLWithPath: try scratch.sample("whole.pdf", letterPages: 3)))
        // cairo writes the page tree and catalog last: the first 60 % has pages but no document.
        let cut = try scratch.write([UInt8](whole.prefix(whole.count * 6 / 10)), "cut.pdf")
        #expect(reason(cut)?.hasPrefix("truncated") == true)
    }

    @Test func damaged() throws {
        let scratch = try PDFScratch("bad-damaged")
        let whole = try [UInt8](Data(contentsOf: URL(fileURLWithPath: try scratch.sample("whole.pdf", letterPages: 2))))
        // Header and end marker intact, everything between them overwritten.
        var bytes = whole
        for i in 16..<(bytes.count - 8) { bytes[i] = UInt8(ascii: "x") }
        let text = try #require(reason(try scratch.write(bytes, "scrambled.pdf")))
        #expect(text.hasPrefix("damaged"), "got: \(text)")
    }

    @Test func encryptedWithAPasswordButNotOwnerOnly() throws {
        let scratch = try PDFScratch("bad-encrypted")
        let plain = try scratch.sample("plain.pdf", letterPages: 2)
        let locked = scratch.path("locked.pdf"), ownerOnly = scratch.path("owner-only.pdf")
        #expect(try Tool.run("qpdf", "--encrypt", "secret", "owner", "256", "--", plain, locked).status == 0)
        #expect(try Tool.run("qpdf", "--encrypt", "", "owner", "256", "--", plain, ownerOnly).status == 0)
        #expect(reason(locked) == "encrypted: needs a password")
        // Only restrictions, no password to open: readers open it, and so do we.
        #expect(try PDFSource.open(ownerOnly).get().pageCount == 2)
    }

    @Test func zeroPages() throws {
        let scratch = try PDFScratch("bad-zero")
        let body = "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R /Size 3 >>\n%%EOF\n"
        let raw = try scratch.write(Array(body.utf8), "raw.pdf")
        let clean = scratch.path("zero.pdf")
        // qpdf writes a proper cross-reference table (exit 3: written, with warnings about the input).
        #expect(try [0, 3].contains(Tool.run("qpdf", raw, clean).status))
        #expect(reason(clean) == "no pages")
    }

    @Test func garbageAfterAHeaderNeverCrashes() throws {
        let scratch = try PDFScratch("bad-garbage")
        var state: UInt64 = 42
        for n in 0..<20 {
            var bytes = Array("%PDF-1.7\n".utf8)
            for _ in 0..<(200 * (n + 1)) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes.append(UInt8(truncatingIfNeeded: state >> 33))
            }
            if n % 2 == 0 { bytes += Array("\n%%EOF\n".utf8) }
            #expect(reason(try scratch.write(bytes, "garbage\(n).pdf")) != nil)
        }
    }
}
