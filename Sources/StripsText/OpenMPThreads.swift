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
enum OpenMPThreads {
    private typealias SetDynamic = @convention(c) (Int32) -> Void

    private static let setDynamic: SetDynamic? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "omp_set_dynamic") else { return nil }
        return unsafeBitCast(symbol, to: SetDynamic.self)
    }()

    /// Lets the OpenMP runtime shrink this thread's parallel regions to what the machine has free.
    static func adaptToLoad() {
        setDynamic?(1)
    }
}
