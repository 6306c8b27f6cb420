import Foundation

/// Wall and processor time of this process (all its threads), and of its finished children.
struct CPUClock {
    var wall: Double
    var own: Double
    var children: Double

    static func now() -> CPUClock {
        var own = rusage(), children = rusage()
        getrusage(RUSAGE_SELF.rawValue, &own)
        getrusage(RUSAGE_CHILDREN.rawValue, &children)
        func seconds(_ usage: rusage) -> Double {
            Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        }
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return CPUClock(wall: Double(time.tv_sec) + Double(time.tv_nsec) / 1e9, own: seconds(own), children: seconds(children))
    }

    static func - (a: CPUClock, b: CPUClock) -> CPUClock {
        CPUClock(wall: a.wall - b.wall, own: a.own - b.own, children: a.children - b.children)
    }
}
