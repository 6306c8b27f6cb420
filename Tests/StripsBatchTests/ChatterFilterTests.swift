import Foundation
import Glibc
import Testing
@testable import StripsBatch

@Suite("Library chatter")
struct ChatterFilterTests {
    @Test("ZBar's warning and its detail line are kept off standard error; every other line gets through, in order")
    func zbarWarningsAreDropped() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("strips-chatter-\(getpid())-\(UUID().uuidString.prefix(8))").path
        let target = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(target >= 0)
        defer {
            close(target)
            unlink(path)
        }
        let filter = ChatterFilter(target: target)
        let written = "before\nWARNING: qrcode/qrdectxt.c:541: qr_code_data_list_extract_text: Assertion \"next > syms->datalen\" failed.\n\tdetail\nafter\n"
        let result = filter.whileQuiet { () -> Int in
            written.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
        }
        #expect(result == written.utf8.count)
        // `whileQuiet` returns once everything written in it is passed on.
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "before\nafter\n")
        // Descriptor 2 is standard error again, not the file.
        var now = stat(), file = stat()
        #expect(fstat(2, &now) == 0 && fstat(target, &file) == 0 && (now.st_dev != file.st_dev || now.st_ino != file.st_ino))
        #expect(ChatterFilter.isChatter(Array("WARNING: x\n".utf8), afterWarning: false))
        #expect(!ChatterFilter.isChatter(Array("\tindented\n".utf8), afterWarning: false))
    }
}
