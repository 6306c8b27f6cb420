import Foundation
import StripsPictures
import StripsSampleScans
@testable import StripsText
import Testing

/// The window's quit stops its text workers, and one may be loading a language's models then
/// (fra+eng for a French page under `--ocr auto`: seconds on a loaded machine, and Tesseract's
/// loading cannot be stopped). The quit must not wait for it, and the load, once it ends, must
/// neither report its page nor store anything.
@Suite("Quitting during a model load")
struct QuitDuringModelLoadTests {
    /// A loader that says it has begun, then holds until the test lets it go: a model load as
    /// slow as the test wants, with no clock.
    final class SlowLoader: @unchecked Sendable {
        let begun = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)

        func load(_ languages: String) throws(RecognitionError) -> Recognizer {
            begun.signal()
            // Two minutes is a hang, never a slow machine: the test fails rather than stalls.
            _ = release.wait(timeout: .now() + 120)
            defer { finished.signal() }
            return try Recognizer(languages: "eng")
        }
    }

    @Test("stop returns while a model loads; the load then ends with no page reported and nothing cached")
    func stopDoesNotWaitForALoad() throws {
        let folder = try Folder()
        let scan = TextFixtures.strip()
        let picture = folder.path("scan.jpg")
        try Data(scan.jpeg).write(to: URL(fileURLWithPath: picture))
        let cache = TextCache(folder: folder.path("cache"))
        let loader = SlowLoader()
        let reported = TextPoolTests.Finished()
        let workers = TextPool(languages: "eng", cache: cache, threads: 1, priority: .normal,
                                  service: { PageTextService(languages: "eng", cache: cache, load: loader.load) }) { reported.add($0, $1) }
        let page = scan.picture, dpi = scan.dpi
        workers.schedule([.init(id: "scan", file: picture, pdfPage: nil, recipe: "original") { (page, dpi) }])
        #expect(loader.begun.wait(timeout: .now() + 120) == .success)
        #expect(UncancellableSteps.count >= 1)

        // The quit: stop on another thread, so a stop that waited for the load fails the test
        // (its semaphore times out) instead of hanging it.
        let stopped = DispatchSemaphore(value: 0)
        Thread { workers.stop(); stopped.signal() }.start()
        let stopReturned = stopped.wait(timeout: .now() + 60) == .success
        #expect(stopReturned, "stop waited for the model load")
        // Still loading when stop returned: the quit did not wait for it.
        #expect(loader.finished.wait(timeout: .now()) == .timedOut)

        // The load ends; the page, cancelled, is neither reported nor kept.
        loader.release.signal()
        #expect(loader.finished.wait(timeout: .now() + 120) == .success)
        if !stopReturned { _ = stopped.wait(timeout: .now() + 120) }
        // Out of its step, the worker is one stop waits for: a second stop returns once it ended.
        workers.stop()
        #expect(reported.count == 0)
        let key = try #require(TextCacheKey(path: picture, recipe: "original", languages: "eng"))
        #expect(cache.text(for: key) == nil)
    }
}
