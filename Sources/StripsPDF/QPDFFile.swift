import CQPDF
import Foundation
import StripsCore

/// One qpdf document, with errors and warnings collected instead of printed. Used by one thread
/// at a time (each save and each open has its own).
final class QPDFFile {
    private var data: qpdf_data?
    /// The pages of the file's page tree, in order, as qpdf found them (read once: adding pages
    /// to another file never changes them).
    private(set) var pageCount = 0
    /// The page count the page tree's root states, when it is believable: at least the pages
    /// found and no more than the file has objects (a lost /Pages node hides its pages from the
    /// walk; a /Count of 2147483647 is a lie).
    private(set) var statedPageCount: Int?
    /// qpdf had to recover something while reading (a rebuilt cross-reference table, a stream it
    /// could not decode, a page that is not a dictionary): the file is damaged.
    private(set) var recovered = false

    private init(_ data: qpdf_data) {
        self.data = data
        qpdf_silence_errors(data)
        qpdf_set_suppress_warnings(data, QPDF_TRUE)
    }

    deinit { close() }

    /// qpdf's own handle, for work on the document's objects elsewhere in this module.
    var handle: qpdf_data? { data }

    /// Frees everything qpdf holds for this file (and closes a file it was writing).
    func close() {
        guard let handle = data else { return }
        // An error qpdf met in a call that returned a value anyway (an object it could not
        // resolve): taken, or qpdf_cleanup prints its own "WARNING: application did not handle
        // error" on stderr besides our line.
        if qpdf_has_error(handle).isTrue { _ = qpdf_get_error(handle) }
        qpdf_cleanup(&data)
        data = nil
    }

    /// Reads `path`, within `QPDFBudget.seconds`: a damaged file whose repair takes longer is
    /// refused with one line.
    static func read(_ path: String) -> Result<QPDFFile, PDFFailure> {
        // qpdf recovers from much but accepts anything; the same checks as for opening come first.
        if let problem = PDFSniffer.check(path) { return .failure(problem) }
        return QPDFBudget.read(path, readWhole)
    }

    @Sendable private static func readWhole(_ path: String) -> Result<QPDFFile, PDFFailure> {
        guard let data = qpdf_init() else { return .failure(PDFFailure("qpdf could not start")) }
        let qpdf = QPDFFile(data)
        if qpdf_read(data, path, nil) & QPDF_ERRORS != 0 { return .failure(PDFFailure(qpdf.readError())) }
        // Page attributes inherited from the page tree (/Rotate, /MediaBox, /Resources) must
        // travel with each page, since the page tree stays behind.
        if qpdf_push_inherited_attributes_to_page(data) & QPDF_ERRORS != 0 {
            return .failure(PDFFailure("damaged page tree: \(qpdf.errorText())"))
        }
        let count = Int(qpdf_get_num_pages(data))
        if count < 0 || qpdf_has_error(data).isTrue { return .failure(PDFFailure("damaged page tree: \(qpdf.errorText())")) }
        qpdf.pageCount = count
        qpdf.statedPageCount = qpdf.believableCount()
        qpdf.recovered = qpdf.takeWarnings() > 0
        return .success(qpdf)
    }

    private func believableCount() -> Int? {
        guard let data else { return nil }
        let stated = qpdf_oh_get_key(data, qpdf_oh_get_key(data, qpdf_get_root(data), "/Pages"), "/Count")
        let size = qpdf_oh_get_key(data, qpdf_get_trailer(data), "/Size")
        guard qpdf_oh_is_integer(data, stated).isTrue, qpdf_oh_is_integer(data, size).isTrue else { return nil }
        let count = qpdf_oh_get_int_value(data, stated), objects = qpdf_oh_get_int_value(data, size)
        return count >= Int64(pageCount) && count < objects ? Int(count) : nil
    }

    static func empty() -> QPDFFile? {
        guard let data = qpdf_init() else { return nil }
        let qpdf = QPDFFile(data)
        return qpdf_empty_pdf(data) & QPDF_ERRORS == 0 ? qpdf : nil
    }

    // MARK: Pages

    /// What qpdf makes of page `index` of the page tree: a page it can copy, and its size as shown
    /// (crop box, own /Rotate applied), or why not.
    enum PageLook: Hashable {
        case page(Size)
        /// A page dictionary whose box no viewer would agree on (missing, empty, absurd).
        case badBox
        /// Not a page dictionary at all (a dangling or damaged reference): poppler skips these.
        case missing
    }

    func look(at index: Int) -> PageLook {
        guard let data, index >= 0, index < pageCount else { return .missing }
        let page = qpdf_get_page_n(data, index)
        guard page != 0, !qpdf_has_error(data).isTrue, qpdf_oh_is_dictionary(data, page).isTrue else { return .missing }
        let box = rectangle(qpdf_oh_get_key(data, page, "/CropBox")) ?? rectangle(qpdf_oh_get_key(data, page, "/MediaBox"))
        guard let box, let media = rectangle(qpdf_oh_get_key(data, page, "/MediaBox")) else { return .badBox }
        // Viewers clip the crop box to the media box.
        let width = min(box.maxX, media.maxX) - max(box.minX, media.minX)
        let height = min(box.maxY, media.maxY) - max(box.minY, media.minY)
        guard width >= 1, height >= 1, width <= 1_000_000, height <= 1_000_000 else { return .badBox }
        return .page(rotation(of: page) % 180 == 0 ? Size(width: width, height: height) : Size(width: height, height: width))
    }

    /// A box as four finite numbers, normalised (either corner may come first).
    private func rectangle(_ box: qpdf_oh) -> (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
        guard let data, box != 0, qpdf_oh_is_array(data, box).isTrue, qpdf_oh_get_array_n_items(data, box) == 4 else { return nil }
        var values: [Double] = []
        for i in 0..<4 {
            let item = qpdf_oh_get_array_item(data, box, Int32(i))
            guard qpdf_oh_is_number(data, item).isTrue else { return nil }
            let value = qpdf_oh_get_numeric_value(data, item)
            guard value.isFinite else { return nil }
            values.append(value)
        }
        _ = takeWarnings()
        return (min(values[0], values[2]), min(values[1], values[3]), max(values[0], values[2]), max(values[1], values[3]))
    }

    /// Decodes the page's content streams: false when qpdf cannot (a damaged stream, which a viewer
    /// draws as far as it can read it).
    func contentIsReadable(at index: Int) -> Bool {
        guard let data, index >= 0, index < pageCount else { return false }
        let page = qpdf_get_page_n(data, index)
        // Only what this page's decoding says counts.
        _ = takeWarnings()
        if qpdf_has_error(data).isTrue { _ = qpdf_get_error(data) }
        var buffer: UnsafeMutablePointer<UInt8>?
        var length = 0
        let status = qpdf_oh_get_page_content_data(data, page, &buffer, &length)
        free(buffer)
        let errors = status & QPDF_ERRORS != 0 || qpdf_has_error(data).isTrue
        if errors { _ = qpdf_get_error(data) }
        return !errors && takeWarnings() == 0
    }

    /// Copies `source`'s page to the end of this document (its `position`-th page) and turns it.
    func append(page index: Int, of source: QPDFFile, at position: Int, extraQuarterTurns: Int) -> String? {
        guard let data, let sourceData = source.data else { return "qpdf could not start" }
        guard index >= 0, index < source.pageCount else { return "no such page (the file has \(source.pageCount))" }
        let page = qpdf_get_page_n(sourceData, index)
        guard page != 0, !qpdf_has_error(sourceData).isTrue, qpdf_oh_is_dictionary(sourceData, page).isTrue else {
            return "unreadable page: \(source.errorText())"
        }
        // Read from the source: a page added twice starts from qpdf's first copy, turns and all.
        let own = source.rotation(of: page)
        // A page copied twice becomes two page objects (qpdf copies the duplicate), so each can turn alone.
        guard qpdf_add_page(data, sourceData, page, QPDF_FALSE) & QPDF_ERRORS == 0 else { return "cannot copy: \(errorText())" }
        let copy = qpdf_get_page_n(data, position)
        guard copy != 0, !qpdf_has_error(data).isTrue else { return "cannot copy: \(errorText())" }
        let turns = ((extraQuarterTurns % 4) + 4) % 4
        guard turns != 0 || own != rotation(of: copy) else { return nil }
        let turned = ((own + 90 * turns) % 360 + 360) % 360
        qpdf_oh_replace_key(data, copy, "/Rotate", qpdf_oh_new_integer(data, Int64(turned)))
        return qpdf_has_error(data).isTrue ? "cannot turn: \(errorText())" : nil
    }

    /// A page's /Rotate as viewers read it: a multiple of 90 in 0..<360; anything else counts as 0.
    /// Page `index`'s own /Rotate (0, 90, 180, 270); nil when there is no such page.
    func rotation(ofPage index: Int) -> Int? {
        guard let data, index >= 0, index < pageCount else { return nil }
        let page = qpdf_get_page_n(data, index)
        return page == 0 ? nil : rotation(of: page)
    }

    func rotation(of page: qpdf_oh) -> Int {
        guard let data else { return 0 }
        var value: Int32 = 0
        let rotate = qpdf_oh_get_key(data, page, "/Rotate")
        if qpdf_oh_get_value_as_int(data, rotate, &value) == QPDF_FALSE || value % 90 != 0 { return 0 }
        return (Int(value) % 360 + 360) % 360
    }

    // MARK: Writing

    /// Writes the document through `sink`, which gets every byte in order; false from `sink` stops
    /// nothing here (qpdf finishes into the void) but is the caller's to report. qpdf writes to a
    /// file name, so it is given a pipe's: a reader thread hands what comes out to `sink`. That way
    /// the bytes reach the disk through the caller's checked writes, and a write error is never lost
    /// in qpdf's stdio buffer (it does not check the final flush). Returns the warnings qpdf had
    /// while writing (streams it could not decode are copied as they are), or why it failed.
    /// Closes the document.
    func write(into sink: @escaping @Sendable (UnsafeRawBufferPointer) -> Void) -> Result<Int, PDFFailure> {
        guard let data else { return .failure(PDFFailure("qpdf could not start")) }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return .failure(PDFFailure("cannot write: \(String(cString: strerror(errno)))")) }
        let (readEnd, writeEnd) = (ends[0], ends[1])
        _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
        let reader = PipeReader(readEnd, sink)
        reader.start()
        let status: Result<Int, PDFFailure> = "/dev/fd/\(writeEnd)".withCString { name in
            // qpdf keeps the file name it is given and reads it again in qpdf_write: the C string
            // must live through both calls (a temporary one was freed in between: AddressSanitizer).
            guard qpdf_init_write(data, name) & QPDF_ERRORS == 0 else { return .failure(PDFFailure("cannot write: \(errorText())")) }
            qpdf_set_object_stream_mode(data, qpdf_o_generate)
            // The file's /ID from its content, not the clock: the same pages saved twice are the
            // same bytes (the window's save and `strips convert`'s).
            qpdf_set_deterministic_ID(data, QPDF_TRUE)
            guard qpdf_write(data) & QPDF_ERRORS == 0 else { return .failure(PDFFailure("cannot write: \(errorText())")) }
            return .success(takeWarnings())
        }
        // qpdf closes its own copy of the pipe when its writer goes; ours goes now: the reader
        // then sees the end.
        close()
        Glibc.close(writeEnd)
        reader.wait()
        Glibc.close(readEnd)
        return status
    }

    // MARK: Errors

    /// Counts and forgets the warnings so far.
    private func takeWarnings() -> Int {
        guard let data else { return 0 }
        var count = 0
        while qpdf_more_warnings(data).isTrue {
            _ = qpdf_next_warning(data)
            count += 1
        }
        return count
    }

    /// Why qpdf could not read the file, in the words opening uses.
    private func readError() -> String {
        guard let data, let error = qpdf_get_error(data) else { return "damaged: unknown qpdf error" }
        if qpdf_get_error_code(data, error) == qpdf_e_password { return PDFEncryption.needsPassword }
        let text = detail(error)
        if text.contains("unsupported encryption") || text.contains("encryption dictionary") || text.contains("Unsupported /R") {
            return PDFEncryption.unsupported
        }
        return "damaged: \(text)"
    }

    func errorText() -> String {
        guard let data, let error = qpdf_get_error(data) else { return "unknown qpdf error" }
        return detail(error)
    }

    private func detail(_ error: qpdf_error) -> String {
        guard let data else { return "unknown qpdf error" }
        let detail = qpdf_get_error_message_detail(data, error).map { String(cString: $0) } ?? ""
        let text = detail.isEmpty ? (qpdf_get_error_full_text(data, error).map { String(cString: $0) } ?? "unknown qpdf error") : detail
        return PDFSniffer.oneLine(text)
    }
}

/// Drains a pipe on a thread of its own into a sink, to the end.
private final class PipeReader: @unchecked Sendable {
    private let descriptor: Int32
    private let sink: @Sendable (UnsafeRawBufferPointer) -> Void
    private let done = DispatchSemaphore(value: 0)

    init(_ descriptor: Int32, _ sink: @escaping @Sendable (UnsafeRawBufferPointer) -> Void) {
        self.descriptor = descriptor
        self.sink = sink
    }

    func start() {
        let thread = Thread { [self] in
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 17, alignment: 16)
            defer { buffer.deallocate() }
            while true {
                let n = read(descriptor, buffer.baseAddress, buffer.count)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { break }
                sink(UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
            }
            done.signal()
        }
        thread.start()
    }

    func wait() { done.wait() }
}

extension QPDF_BOOL {
    var isTrue: Bool { self != QPDF_FALSE }
}
