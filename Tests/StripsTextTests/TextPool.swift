import Foundation
import StripsCore
@testable import StripsText

/// The window's text pool as the text host starts it (`WorkerExecutor.pool`, a Tesseract
/// service on each lane, `TextJob`s), for tests of the reading itself with the real engine.
final class TextPool: @unchecked Sendable {
    private let pool: any HostPool<any PageTextSource>
    private let done: @Sendable (String, Result<PageText?, RecognitionError>) -> Void

    init(languages: String?, cache: TextCache? = TextCache.standard(), threads: Int = 1, priority: ThreadPriority = .idleCores,
         service: (@Sendable () -> any PageTextSource)? = nil, done: @escaping @Sendable (String, Result<PageText?, RecognitionError>) -> Void) {
        var executor = WorkerExecutor(wake: {})
        executor.poolThreads = threads
        executor.poolPriority = priority
        pool = executor.pool("strips-text-test") { service?() ?? PageTextService(languages: languages, cache: cache) }
        self.done = done
    }

    func schedule(_ jobs: [TextJob]) {
        let done = self.done
        pool.schedule(jobs.map { job in job.onPool { done(job.id, $0) } })
    }

    func pause(_ paused: Bool) { pool.hold(paused) }
    func cancel(_ id: String) { pool.cancel(id) }
    func stop() { pool.stop() }
    var waiting: Int { pool.waiting }
}
