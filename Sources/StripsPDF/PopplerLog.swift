import CPoppler
import Foundation

/// poppler-glib reports every syntax problem of a damaged file through GLib's log, "Poppler"
/// domain, INFO level: hidden by default, but with G_MESSAGES_DEBUG set (common when debugging
/// anything GLib) one bad PDF floods standard error. This handler takes them all, whatever the
/// environment, and keeps the first message of each call on its thread to explain a failure in one line.
enum PopplerLog {
    private static let key = "strips.poppler.first-message"

    /// Installs the handler once; Swift runs a global's initialiser exactly once, on any thread.
    private static let installed: Bool = {
        let levels = GLogLevelFlags(rawValue: G_LOG_LEVEL_MASK.rawValue | G_LOG_FLAG_FATAL.rawValue | G_LOG_FLAG_RECURSION.rawValue)
        g_log_set_handler("Poppler", levels, { _, _, message, _ in
            guard let message else { return }
            let dictionary = Thread.current.threadDictionary
            if dictionary[PopplerLog.key] == nil { dictionary[PopplerLog.key] = String(cString: message) }
        }, nil)
        return true
    }()

    static func install() { _ = installed }

    /// Runs `body` and returns what it made with the first message poppler logged meanwhile.
    static func capturing<T>(_ body: () -> T) -> (T, String?) {
        install()
        let dictionary = Thread.current.threadDictionary
        dictionary.removeObject(forKey: key)
        let result = body()
        let message = dictionary[key] as? String
        dictionary.removeObject(forKey: key)
        return (result, message)
    }
}
