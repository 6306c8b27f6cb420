import CQPDF
import Foundation
import StripsFiles

/// Lays invisible text pages onto the pages of an existing PDF, writing a new file: qpdf's
/// `--overlay` (through its job API, the command line as a library), which turns each text page into
/// a form XObject drawn over its page, after the page's own content, with the page's rotation taken
/// into account. The base file is only read.
public enum TextOverlay {
    /// Writes `output`: `base` with page `i` of `textPDF` over page `onto[i]` (0-based) of `base`,
    /// every page of `base` kept. `output` is written whole or not at all and never replaces an
    /// existing file. Safe on any thread (each call has its own qpdf job).
    public static func overlay(textPDF: String, onto pages: [Int], of base: String, output: String) -> Result<Void, TextLayerError> {
        let file: WholeFile
        do { file = try WholeFile(destination: output) } catch { return .failure(TextLayerError("\(output): \(error)")) }
        if let problem = overlay(textPDF: textPDF, onto: pages, of: base, into: file) {
            file.discard()
            return .failure(problem)
        }
        do {
            try file.finishWrittenElsewhere()
            try file.publish()
        } catch {
            file.discard()
            return .failure(TextLayerError("\(output): \(error)"))
        }
        return .success(())
    }

    /// Writes `file` (a `WholeFile` not yet written to): `base` with page `i` of `textPDF` over
    /// page `onto[i]` of `base`. qpdf writes the file by its temporary name; the caller then
    /// flushes and closes it (`finishWrittenElsewhere`), reads it back and publishes it. Nil when
    /// qpdf is done, else its one-line reason (the caller discards `file`).
    /// `turning`: pages of `base` (0-based) to turn this many quarter turns clockwise more (their
    /// /Rotate), after the text is laid on as they lie.
    public static func overlay(textPDF: String, onto pages: [Int], of base: String, turning: [Int: Int] = [:],
                               into file: WholeFile) -> TextLayerError? {
        guard !pages.isEmpty else { return TextLayerError("no pages to lay text on") }
        guard pages.allSatisfy({ $0 >= 0 }), Set(pages).count == pages.count else { return TextLayerError("page numbers must be distinct and not negative") }
        let turns = turning.keys.sorted().compactMap { page -> String? in
            let quarters = ((turning[page] ?? 0) % 4 + 4) % 4
            return quarters == 0 ? nil : "--rotate=+\(quarters * 90):\(page + 1)"
        }
        // The /ID from the content, not from the clock and a random number: the metadata's later
        // write keeps this file's first /ID, so without it two saves of the same pages with text
        // (SOURCE_DATE_EPOCH set) differed in their /ID alone, and shards did not write one run's bytes.
        let arguments = ["qpdf", "--warning-exit-0", "--deterministic-id", argument(base)] + turns + ["--overlay", argument(textPDF),
                         "--to=" + pages.map { String($0 + 1) }.joined(separator: ","), "--from=1-\(pages.count)", "--", file.temporaryPath]
        return run(arguments).map(TextLayerError.init)
    }

    /// Writes `output`: `base` with `layers[i]` (text and placement) laid over its page `i`.
    public static func overlay(_ layers: [Int: (text: PageText, placement: TextPlacement)], of base: String, output: String,
                               fontFolder: String? = TessData.folder()) -> Result<Void, TextLayerError> {
        let pages = layers.keys.sorted()
        let bytes = TextLayer.document(pages.compactMap { layers[$0] }, fontFolder: fontFolder)
        // The text pages live beside the output only while qpdf reads them: never published.
        let textFile: WholeFile
        do { textFile = try WholeFile(destination: output + ".text", placing: .replacing, mode: 0o600, durable: false) } catch {
            return .failure(TextLayerError("\(output): \(error)"))
        }
        defer { textFile.discard() }
        textFile.write(bytes)
        do { try textFile.finish() } catch { return .failure(TextLayerError("\(output): \(error)")) }
        return overlay(textPDF: textFile.temporaryPath, onto: pages, of: base, output: output)
    }

    /// A path as a qpdf argument: one starting with `-` would be read as an option and one with
    /// `@` as a file of arguments, so those get a `./` in front.
    static func argument(_ path: String) -> String {
        path.hasPrefix("-") || path.hasPrefix("@") ? "./" + path : path
    }

    /// Runs one qpdf job; its messages are kept, not printed. Returns the first error line, or nil.
    private static func run(_ arguments: [String]) -> String? {
        guard let job = qpdfjob_init() else { return "qpdf could not start" }
        var handle: qpdfjob_handle? = job
        defer { qpdfjob_cleanup(&handle) }
        let messages = Messages()
        let logger = qpdflogger_create()
        defer {
            var owned = logger
            qpdflogger_cleanup(&owned)
        }
        let keep: qpdf_log_fn_t = { data, length, user in
            guard let data, let user else { return 0 }
            let text = String(decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self)
            Unmanaged<Messages>.fromOpaque(user).takeUnretainedValue().text += text
            return 0
        }
        let user = Unmanaged.passUnretained(messages).toOpaque()
        qpdflogger_set_error(logger, qpdf_log_dest_custom, keep, user)
        qpdflogger_set_warn(logger, qpdf_log_dest_custom, keep, user)
        qpdflogger_set_info(logger, qpdf_log_dest_discard, nil, nil)
        qpdfjob_set_logger(job, logger)
        let status: Int32 = withExtendedLifetime(messages) {
            var strings = arguments.map { strdup($0) }
            defer { strings.forEach { free($0) } }
            strings.append(nil)
            let argv = strings.map { UnsafePointer($0) }
            let started = argv.withUnsafeBufferPointer { qpdfjob_initialize_from_argv(job, $0.baseAddress) }
            return started == 0 ? qpdfjob_run(job) : started
        }
        // 0: done; 3: done with warnings (not with --warning-exit-0, but harmless either way).
        guard status != 0, status != 3 else { return nil }
        let line = messages.text.split(separator: "\n").first.map(String.init) ?? "qpdf failed (\(status))"
        return line.hasPrefix("qpdf: ") ? String(line.dropFirst(6)) : line
    }

    private final class Messages { var text = "" }
}

/// Why a text layer could not be written, in one line.
public struct TextLayerError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
