import Foundation

/// Tesseract's Debian build runs parts of its network on up to four OpenMP threads, which spin
/// while they wait. In a window app that reads pages in the background that is the wrong trade:
/// the spinning takes the cores frames are drawn on, and on a busy machine it multiplies the time
/// (a page took 27 s instead of 7 s under a load of 10 on 2 cores). OpenMP's dynamic mode lets the
/// runtime give a parallel region fewer threads when the machine is loaded (libgomp: cores minus
/// load average), down to one. It is a setting of the calling thread, so every recognizer sets it
/// on its own thread; libgomp is found at run time (it comes with libtesseract), so nothing links
/// to it. The process-wide cap, OMP_THREAD_LIMIT=1, can only be set in the environment before the
/// program starts.
///
/// Dynamic mode has a price of its own: libgomp asks the kernel for the load and the cores
/// (`sysinfo`, `sched_getaffinity`) at every parallel region, and Tesseract opens one for each
/// step of its network, about 300,000 a page: under `strips convert` (capped at one thread) that
/// was 3.2 million system calls for 5 pages and a ninth of the run's processor time, for nothing,
/// since a capped region has one thread anyway. So it is set only where the cap leaves more.
enum OpenMPThreads {
    private typealias SetDynamic = @convention(c) (Int32) -> Void
    private typealias ThreadLimit = @convention(c) () -> Int32

    private static let setDynamic: SetDynamic? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "omp_set_dynamic") else { return nil }
        return unsafeBitCast(symbol, to: SetDynamic.self)
    }()

    /// Whether a parallel region may have more than one thread (OMP_THREAD_LIMIT above 1, or unset).
    static let mayShare: Bool = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "omp_get_thread_limit") else { return false }
        return unsafeBitCast(symbol, to: ThreadLimit.self)() > 1
    }()

    /// Lets the OpenMP runtime shrink this thread's parallel regions to what the machine has free.
    static func adaptToLoad() {
        if mayShare { setDynamic?(1) }
    }
}
