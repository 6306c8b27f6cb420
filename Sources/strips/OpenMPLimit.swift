import Foundation

/// Tesseract's OpenMP threads spin while they wait, taking the cores frames are drawn on (and on
/// a busy machine multiplying a page's time). libgomp reads its one process-wide cap,
/// OMP_THREAD_LIMIT, when it is loaded, which is before `main` runs (libtesseract links it), so the
/// cap is set by starting the program again with it in the environment: once, only when it is
/// unset, and only for commands that may recognise text. A user's own setting is kept.
enum OpenMPLimit {
    static func applyIfNeeded(_ arguments: [String] = CommandLine.arguments) {
        guard getenv("OMP_THREAD_LIMIT") == nil, mayRecognise(Array(arguments.dropFirst())) else { return }
        setenv("OMP_THREAD_LIMIT", "1", 1)
        execv("/proc/self/exe", CommandLine.unsafeArgv)
        // Not started again (no /proc): the run goes on without the cap; each recognizer still asks
        // OpenMP for fewer threads under load (OpenMPThreads).
    }

    /// Whether a command line may recognise text: `strips text`, and the editor unless it is a
    /// script without `--ocr` (or with `--ocr off`).
    static func mayRecognise(_ arguments: [String]) -> Bool {
        if let command = arguments.first, ["tuning", "thumbnail", "bench", "pizza", "help", "--help", "-h", "--version"].contains(command) {
            return false
        }
        if arguments.first == "text" { return true }
        var ocr: String?
        for (i, argument) in arguments.enumerated() {
            if argument == "--ocr", i + 1 < arguments.count { ocr = arguments[i + 1] }
            if argument.hasPrefix("--ocr=") { ocr = String(argument.dropFirst(6)) }
        }
        if let ocr { return ocr.lowercased() != "off" }
        return !arguments.contains("--script") && !arguments.contains { $0.hasPrefix("--script=") }
    }
}
