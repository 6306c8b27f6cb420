import Foundation

/// Tesseract's Debian build runs parts of its network on up to four OpenMP threads, which spin
/// while they wait. In a window app that reads pages in the background that is the wrong trade:
/// the spinning takes the cores frames are drawn on, and on a busy machine it multiplies the time
/// (a page took 27 s instead of 7 s under a load of 10 on 2 cores); `strips convert` and `strips
/// text` already read a page on each core. So every thread that recognises gives Tesseract's
/// parallel regions one thread: OpenMP's `max-active-levels` set to 0 for that thread, which makes
/// each region inactive (one thread, none spinning). It is a setting of the calling thread
/// (libgomp keeps it per thread), so every recognizer sets it on its own thread before it reads.
/// That is what the process-wide cap `OMP_THREAD_LIMIT=1` does, without it: libgomp reads that
/// variable only as it is loaded, before `main`, which used to cost a second start of the program
/// (its dynamic linking, ~0.1 s of a core: docs/PERFORMANCE.md, issue 42).
///
/// A user's own OMP_THREAD_LIMIT is kept: above one, regions may share cores, and OpenMP's dynamic
/// mode lets the runtime give them fewer threads when the machine is loaded (cores minus load
/// average). Dynamic mode has a price of its own: libgomp asks the kernel for the load and the
/// cores (`sysinfo`, `sched_getaffinity`) at every parallel region, about 300,000 a page, so it is
/// set only where regions may have more than one thread. libgomp is found at run time (it comes
/// with libtesseract), so nothing links to it.
enum OpenMPThreads {
    private typealias SetInt = @convention(c) (Int32) -> Void
    private typealias GetInt = @convention(c) () -> Int32

    private static func function<T>(_ name: String, as: T.Type) -> T? {
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), name).map { unsafeBitCast($0, to: T.self) }
    }

    private static let setDynamic = function("omp_set_dynamic", as: SetInt.self)
    private static let setMaxActiveLevels = function("omp_set_max_active_levels", as: SetInt.self)

    /// The user's OMP_THREAD_LIMIT, as libgomp read it; nil when the environment sets none.
    static let userLimit: Int32? = {
        guard getenv("OMP_THREAD_LIMIT") != nil, let limit = function("omp_get_thread_limit", as: GetInt.self) else { return nil }
        return limit()
    }()

    /// Sets this thread's parallel regions as a recognizer wants them (see above).
    static func limitThisThread() {
        if let userLimit {
            if userLimit > 1 { setDynamic?(1) }
        } else {
            setMaxActiveLevels?(0)
        }
    }
}
