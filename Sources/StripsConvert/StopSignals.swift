import Glibc
import StripsFiles

/// SIGTERM and SIGINT (systemd stopping a service, Ctrl+C, a scheduler's pre-emption) stop a
/// convert or a watch between documents: the first sets a flag the run checks before each
/// document and wakes a watch's wait (a byte down a pipe); the document being written is
/// finished, so nothing is lost. A second signal ends the process at once, removing the hidden
/// files half written (`WholeFile`'s live temporaries) first.
public enum StopSignals {
    nonisolated(unsafe) private static var flag: sig_atomic_t = 0
    nonisolated(unsafe) private static var pipeWrite: Int32 = -1
    nonisolated(unsafe) private static var pipeRead: Int32 = -1

    /// Installs the handlers (once).
    public static func install() {
        guard pipeRead < 0 else { return }
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            for fd in fds {
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                _ = fcntl(fd, F_SETFL, O_NONBLOCK)
            }
            pipeRead = fds[0]
            pipeWrite = fds[1]
        }
        for signal in [SIGTERM, SIGINT] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                if StopSignals.flag != 0 {
                    // A second signal: nothing hidden left behind, then the default action, now.
                    WholeFile.removeLiveTemporariesNow()
                    Glibc.signal(number, SIG_DFL)
                    raise(number)
                    return
                }
                StopSignals.flag = 1
                var byte: UInt8 = 1
                _ = write(StopSignals.pipeWrite, &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(signal, &action, nil)
        }
    }

    /// Whether a stop was asked for.
    public static var requested: Bool { flag != 0 }

    /// A descriptor that becomes readable when a stop is asked for (for `poll`); -1 before `install`.
    public static var descriptor: Int32 { pipeRead }
}
