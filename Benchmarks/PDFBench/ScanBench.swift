import CTurboJPEG
import Foundation
import StripsCore
import StripsPDF
import StripsPictures

/// A scanned letter page (a 2550 x 3300 RGB JPEG at 300 dpi, the structure img2pdf writes) to the
/// preview of a 1024 x 768 window (593 x 768 pixels), four ways on the same file in the same run:
/// the app's page reader (the JPEG stream decoded at 1/4 by libjpeg-turbo, then shrunk), poppler
/// through cairo (what every PDF page was before), MuPDF's `mutool draw` (its own per-page
/// average, `-s t`, so process start-up is not counted) and poppler's `pdftoppm` (a process per
/// page: start-up included).
enum ScanBench {
    static let box = (width: 593, height: 768)

    static func run(folder: String, renderer: PDFRenderer, cairoScans: String) {
        let path = folder + "/img2pdf-scan.pdf"
        guard let jpeg = ScanBench.jpeg(width: 2550, height: 3300) else { fail("cannot encode the scan") }
        // Ten pages, each with an image object of its own: nobody can reuse a decoded page.
        if case .failure(let failure) = PDFScanDocument.write(to: path, jpeg: jpeg, width: 2550, height: 3300, pages: 10) { fail(failure.reason) }
        let pages = PDFPages(renderer: renderer)
        let limit = PixelLimit(width: Int32(box.width), height: Int32(box.height))
        var next = 0
        func ours() {
            guard case .success(let picture) = pages.decode(.pdfPage(path: path, index: next % 10), limit: limit),
                  abs(picture.width - box.width) <= 1 && abs(picture.height - box.height) <= 1 else { fail("the scanned page did not decode to \(box)") }
            next += 1
        }
        ours()
        let reader = measure(10) { ours() }
        let poppler = measure(5) { next += 1; render(next % 10, of: path, with: PDFRenderer()) }
        print(String(format: "scanned page (2550x3300 JPEG, img2pdf structure) to a %dx%d preview: page reader median %@, poppler %@ (x%.1f)",
                     box.width, box.height, ms(reader.median), ms(poppler.median), poppler.median / reader.median))
        if let mutool = mutoolAverage(path) {
            print(String(format: "   mutool draw (its own per-page average, no start-up): %@; page reader / mutool: x%.2f", ms(mutool), reader.median / mutool))
        }
        if Shell.run("command -v pdftoppm >/dev/null") == 0 {
            let pdftoppm = measure(5) {
                Shell.run("pdftoppm -f 2 -l 2 -scale-to-x \(box.width) -scale-to-y \(box.height) -png '\(path)' '\(folder)/pdftoppm' >/dev/null 2>&1")
            }
            print(String(format: "   pdftoppm (a process a page, start-up included): %@; page reader / pdftoppm: x%.2f",
                         ms(pdftoppm.median), reader.median / pdftoppm.median))
        }
        let thumbnail = measure(10) {
            next += 1
            _ = pages.decode(.pdfPage(path: path, index: next % 10), limit: PixelLimit(width: 800, height: 160), fast: true)
        }
        print("   its thumbnail (113x146) through the page reader: median \(ms(thumbnail.median))")
        // cairo writes a scanned page differently (a flipped page, a clip): the same fast path?
        let cairo = measure(5) { _ = pages.decode(.pdfPage(path: cairoScans, index: 1), limit: limit) }
        let found = renderer.scans.scan(cairoScans, page: 1) != nil
        print("   the same page as cairo writes it: \(found ? "decoded from its JPEG" : "left to poppler"), median \(ms(cairo.median))")
    }

    /// MuPDF's average per page drawing the ten pages into `box`, from its own timing.
    static func mutoolAverage(_ path: String) -> Double? {
        guard Shell.run("command -v mutool >/dev/null") == 0 else { return nil }
        let output = Shell.output("mutool draw -q -s t -F pnm -o /dev/null -w \(box.width) -h \(box.height) '\(path)' 1-10 2>&1")
        // "total 270ms / 10 pages for an average of 27ms"
        guard let range = output.range(of: "average of ") else { return nil }
        let number = output[range.upperBound...].prefix { $0.isNumber || $0 == "." }
        return Double(number)
    }

    /// Paper with grain and dark bars where lines of text would be, as a scanner's JPEG (4:2:0, q85).
    static func jpeg(width w: Int, height h: Int) -> [UInt8]? {
        var pixels = [UInt8](repeating: 0, count: w * h * 3)
        var state: UInt32 = 7
        for y in 0..<h {
            let inLine = y > 300 && y < h - 300 && (y / 25) % 2 == 0
            for x in 0..<w {
                state = state &* 1_664_525 &+ 1_013_904_223
                let grain = UInt8(state >> 28)
                let ink = inLine && x > 300 && x < w - 300 && (x / 9) % 5 != 0
                let v = (ink ? 30 : 235) + grain
                let i = (y * w + x) * 3
                pixels[i] = v
                pixels[i + 1] = v
                pixels[i + 2] = v &- 8
            }
        }
        guard let tj = tjInitCompress() else { return nil }
        defer { tjDestroy(tj) }
        var buffer: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = pixels.withUnsafeBufferPointer {
            tjCompress2(tj, $0.baseAddress, Int32(w), 0, Int32(h), Int32(TJPF_RGB.rawValue), &buffer, &size, Int32(TJSAMP_420.rawValue), 85, 0)
        }
        guard status == 0, let buffer else { return nil }
        defer { tjFree(buffer) }
        return Array(UnsafeBufferPointer(start: buffer, count: Int(size)))
    }
}

/// Outside programs, through the shell.
enum Shell {
    @discardableResult
    static func run(_ command: String) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        do { try process.run() } catch { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }

    static func output(_ command: String) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let pipe = Pipe()
        process.standardOutput = pipe
        do { try process.run() } catch { return "" }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
