import CQPDF
import Foundation
import StripsPictures

/// Pages that are one JPEG over the whole page (a DCTDecode image XObject, as scanners and
/// img2pdf write them, perhaps under an OCR tool's invisible text): their JPEG is taken from the
/// file as it is stored (qpdf) so that libjpeg-turbo decodes it at the scale drawn, instead of
/// poppler decoding all of it and cairo scaling it. A bilevel scan (a 1-bit CCITTFaxDecode image,
/// or a 1-bit FlateDecode one, whose zlib and predictor qpdf undoes) is taken the same way and
/// decoded by libtiff (`BilevelPicture`). Any other page, or any doubt (a
/// mask, a colour space other than RGB or grey, a second image, something painted over it, an
/// image that does not cover the page), and the page is left to poppler. Safe on any thread: files are
/// looked at under a lock, a few kept open; the JPEG is decoded by the caller, outside it.
public final class ScannedPages: @unchecked Sendable {
    /// A scanned page's picture: the JPEG file within the PDF, and how the page turns it (its
    /// /Rotate, in clockwise quarter turns).
    public struct Scan: Sendable {
        public var picture: Picture
        public var quarterTurns: Int
    }

    /// The page's picture as the PDF stores it.
    public enum Picture: Sendable {
        /// The JPEG file itself (DCTDecode).
        case jpeg([UInt8])
        /// 1-bit rows: CCITT fax coded (CCITTFaxDecode), or packed bits (FlateDecode, undone).
        case bilevel(BilevelPicture)
    }

    private let lock = NSLock()
    // Guarded by `lock`; most recently used last.
    private var files: [(path: String, stamp: FileStamp?, file: QPDFPages)] = []
    private let openLimit: Int

    public init(openLimit: Int = 4) { self.openLimit = max(1, openLimit) }

    /// Page `index`'s JPEG when the page is one scanned picture, else nil.
    public func scan(_ path: String, page index: Int) -> Scan? {
        let stamp = FileStamp.of(path)
        lock.lock()
        defer { lock.unlock() }
        let file: QPDFPages
        if let found = files.lastIndex(where: { $0.path == path && $0.stamp == stamp }) {
            file = files.remove(at: found).file
        } else {
            files.removeAll { $0.path == path }
            guard let opened = QPDFPages(path) else { return nil }
            file = opened
        }
        files.append((path, stamp, file))
        if files.count > openLimit { files.removeFirst() }
        return file.scan(index)
    }
}

/// One PDF read by qpdf for its scanned pages, each page looked at once.
final class QPDFPages {
    /// The document, read as every qpdf read is (`QPDFFile.read`: within its time budget).
    private let file: QPDFFile
    private let data: qpdf_data
    /// Pages looked at: the scanned ones' image object and turns, nil for the others.
    private var verdicts: [Int: (image: qpdf_oh, bilevel: BilevelPicture?, turns: Int)?] = [:]
    var pageCount: Int { file.pageCount }

    init?(_ path: String) {
        guard case .success(let file) = QPDFFile.read(path), let data = file.handle else { return nil }
        self.file = file
        self.data = data
    }

    func scan(_ index: Int) -> ScannedPages.Scan? {
        guard index >= 0, index < pageCount else { return nil }
        let found: (image: qpdf_oh, bilevel: BilevelPicture?, turns: Int)?
        if let known = verdicts[index] {
            found = known
        } else {
            let page = qpdf_get_page_n(data, index)
            found = page == 0 ? nil : scannedImage(page)
            verdicts[index] = .some(found)
        }
        guard let (image, bilevel, turns) = found else { return nil }
        var buffer: UnsafeMutablePointer<UInt8>?
        var length = 0
        var filtered: QPDF_BOOL = QPDF_FALSE
        // qpdf_dl_none: the stream as stored, which for DCTDecode is the JPEG file itself, and
        // for CCITTFaxDecode the coded rows (qpdf decodes neither); qpdf_dl_generalized undoes
        // FlateDecode and its predictor, leaving the packed rows.
        let packed = bilevel?.coding == .packed
        guard qpdf_oh_get_stream_data(data, image, packed ? qpdf_dl_generalized : qpdf_dl_none, &filtered, &buffer, &length) & QPDF_ERRORS == 0,
              let buffer, !packed || filtered == QPDF_TRUE else {
            verdicts[index] = .some(nil)
            return nil
        }
        defer { free(buffer) }
        let stored = Array(UnsafeBufferPointer(start: buffer, count: length))
        if var bilevel {
            // Packed rows are the picture's bytes exactly, or the image is not what it says.
            guard !packed || stored.count == (bilevel.columns + 7) / 8 * bilevel.rows else {
                verdicts[index] = .some(nil)
                return nil
            }
            bilevel.data = stored
            return ScannedPages.Scan(picture: .bilevel(bilevel), quarterTurns: turns)
        }
        guard stored.starts(with: [0xFF, 0xD8]) else {
            verdicts[index] = .some(nil)
            return nil
        }
        return ScannedPages.Scan(picture: .jpeg(stored), quarterTurns: turns)
    }

    /// The page's one image when it is a scanned page (with its coding when it is a bilevel one),
    /// and the page's /Rotate in quarter turns.
    private func scannedImage(_ page: qpdf_oh) -> (qpdf_oh, BilevelPicture?, Int)? {
        let xobjects = qpdf_oh_get_key(data, qpdf_oh_get_key(data, page, "/Resources"), "/XObject")
        guard qpdf_oh_is_dictionary(data, xobjects) == QPDF_TRUE else { return nil }
        var names: [String] = []
        qpdf_oh_begin_dict_key_iter(data, xobjects)
        while qpdf_oh_dict_more_keys(data) == QPDF_TRUE, names.count < 2 {
            if let key = qpdf_oh_dict_next_key(data) { names.append(String(cString: key)) }
        }
        guard names.count == 1, let name = names.first else { return nil }
        let image = qpdf_oh_get_key(data, xobjects, name)
        guard qpdf_oh_is_stream(data, image) == QPDF_TRUE else { return nil }
        let dict = qpdf_oh_get_dict(data, image)
        func isName(_ key: String, _ value: String) -> Bool { qpdf_oh_is_name_and_equals(data, qpdf_oh_get_key(data, dict, key), value) == QPDF_TRUE }
        let filter = qpdf_oh_get_key(data, dict, "/Filter")
        func only(_ name: String) -> Bool {
            qpdf_oh_is_name_and_equals(data, filter, name) == QPDF_TRUE
                || (qpdf_oh_is_array(data, filter) == QPDF_TRUE && qpdf_oh_get_array_n_items(data, filter) == 1
                    && qpdf_oh_is_name_and_equals(data, qpdf_oh_get_array_item(data, filter, 0), name) == QPDF_TRUE)
        }
        let bits = qpdf_oh_get_int_value_as_int(data, qpdf_oh_get_key(data, dict, "/BitsPerComponent"))
        guard isName("/Subtype", "/Image"),
              isName("/ColorSpace", "/DeviceRGB") || isName("/ColorSpace", "/DeviceGray"),
              ![String](["/SMask", "/Mask", "/Decode", "/ImageMask"]).contains(where: { key in qpdf_oh_has_key(data, dict, key) == QPDF_TRUE })
        else { return nil }
        var bilevel: BilevelPicture?
        if only("/CCITTFaxDecode") {
            guard bits == 1, isName("/ColorSpace", "/DeviceGray"), let coding = faxCoding(dict) else { return nil }
            bilevel = coding
        } else if only("/FlateDecode"), bits == 1 {
            let width = Int(qpdf_oh_get_int_value_as_int(data, qpdf_oh_get_key(data, dict, "/Width")))
            let height = Int(qpdf_oh_get_int_value_as_int(data, qpdf_oh_get_key(data, dict, "/Height")))
            guard isName("/ColorSpace", "/DeviceGray"), width > 0, height > 0 else { return nil }
            bilevel = BilevelPicture(data: [], columns: width, rows: height, coding: .packed)
        } else {
            guard only("/DCTDecode"), bits == 8 else { return nil }
        }
        // What the page paints: the image alone, over the whole page.
        var content: UnsafeMutablePointer<UInt8>?
        var length = 0
        guard qpdf_oh_get_page_content_data(data, page, &content, &length) & QPDF_ERRORS == 0, let content else { return nil }
        defer { free(content) }
        guard let placed = PageContentCheck.placement(of: name, in: Array(UnsafeBufferPointer(start: content, count: length))),
              let box = box(page), covers(placed, box) else { return nil }
        var rotate: Int32 = 0
        _ = qpdf_oh_get_value_as_int(data, qpdf_oh_get_key(data, page, "/Rotate"), &rotate)
        guard rotate % 90 == 0 else { return nil }
        return (image, bilevel, ((Int(rotate) / 90) % 4 + 4) % 4)
    }

    /// A CCITTFaxDecode image's coding (its rows still to be read), when libtiff decodes it as
    /// PDF means it: one row a line of /Width (Columns), rows not padded to bytes; else nil.
    private func faxCoding(_ dict: qpdf_oh) -> BilevelPicture? {
        var parms = qpdf_oh_get_key(data, dict, "/DecodeParms")
        if qpdf_oh_is_array(data, parms) == QPDF_TRUE {
            guard qpdf_oh_get_array_n_items(data, parms) == 1 else { return nil }
            parms = qpdf_oh_get_array_item(data, parms, 0)
        }
        let given = qpdf_oh_is_dictionary(data, parms) == QPDF_TRUE
        func int(_ key: String, _ fallback: Int) -> Int {
            guard given, qpdf_oh_has_key(data, parms, key) == QPDF_TRUE else { return fallback }
            return Int(qpdf_oh_get_int_value_as_int(data, qpdf_oh_get_key(data, parms, key)))
        }
        func bool(_ key: String, _ fallback: Bool) -> Bool {
            guard given, qpdf_oh_has_key(data, parms, key) == QPDF_TRUE else { return fallback }
            return qpdf_oh_get_bool_value(data, qpdf_oh_get_key(data, parms, key)) == QPDF_TRUE
        }
        let width = Int(qpdf_oh_get_int_value_as_int(data, qpdf_oh_get_key(data, dict, "/Width")))
        let height = Int(qpdf_oh_get_int_value_as_int(data, qpdf_oh_get_key(data, dict, "/Height")))
        let rows = int("/Rows", 0)
        guard width > 0, height > 0, int("/Columns", 1728) == width, rows == 0 || rows == height,
              !bool("/EncodedByteAlign", false), int("/DamagedRowsBeforeError", 0) == 0 else { return nil }
        return BilevelPicture(data: [], columns: width, rows: height, coding: .fax(k: int("/K", 0), blackIs1: bool("/BlackIs1", false)))
    }

    /// The page's visible box (crop box, else media box): x0, y0, x1, y1 in points.
    private func box(_ page: qpdf_oh) -> [Double]? {
        for key in ["/CropBox", "/MediaBox"] {
            let array = qpdf_oh_get_key(data, page, key)
            guard qpdf_oh_is_array(data, array) == QPDF_TRUE, qpdf_oh_get_array_n_items(data, array) == 4 else { continue }
            var values: [Double] = []
            for i in 0..<4 {
                var value = 0.0
                guard qpdf_oh_get_value_as_number(data, qpdf_oh_get_array_item(data, array, Int32(i)), &value) == QPDF_TRUE else { return nil }
                values.append(value)
            }
            return [min(values[0], values[2]), min(values[1], values[3]), max(values[0], values[2]), max(values[1], values[3])]
        }
        return nil
    }

    /// The image is drawn upright, unmirrored, onto the whole box (to within a hundredth of it).
    private func covers(_ p: PageContentCheck.Placement, _ box: [Double]) -> Bool {
        let w = box[2] - box[0], h = box[3] - box[1]
        guard w > 0, h > 0, abs(p.b) < 1e-6, abs(p.c) < 1e-6, p.a > 0, p.d > 0 else { return false }
        let tx = w / 100, ty = h / 100
        return abs(p.e - box[0]) <= tx && abs(p.f - box[1]) <= ty && abs(p.e + p.a - box[2]) <= tx && abs(p.f + p.d - box[3]) <= ty
    }
}
