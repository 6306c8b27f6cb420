import Foundation

/// Keeps libtiff quiet. It prints its warnings and errors on standard error unless told otherwise
/// (one damaged TIFF could print a line per strip); here they are captured instead, the last error
/// per thread, so the decoder can use it as the reason. The handlers are found at run time, so
/// whichever libtiff the process has is the one told.
enum LibraryDiagnostics {
    // The va_list argument arrives as the pointer the x86-64 and arm64 ABIs pass it as.
    private typealias TIFFHandler = @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Void
    private typealias SetHandler = @convention(c) (TIFFHandler?) -> TIFFHandler?

    private static let key = "strips.library-error"

    /// Installs the handlers (once; safe from any thread).
    static func install() { _ = installed }

    private static let installed: Bool = {
        let warnings: TIFFHandler = { _, _, _ in }
        let errors: TIFFHandler = { module, format, arguments in
            guard let format else { return }
            var text = String(cString: format)
            #if arch(x86_64)
            if let arguments {
                var buffer = [CChar](repeating: 0, count: 256)
                _ = vsnprintf(&buffer, buffer.count, format, CVaListPointer(_fromUnsafeMutablePointer: arguments))
                text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
            #endif
            let module = module.map { String(cString: $0) }
            Thread.current.threadDictionary[LibraryDiagnostics.key] = module.map { "\($0): \(text)" } ?? text
        }
        guard let handle = dlopen(nil, RTLD_NOW) else { return false }
        for (name, handler) in [("TIFFSetWarningHandler", warnings), ("TIFFSetErrorHandler", errors)] {
            guard let symbol = dlsym(handle, name) else { continue }
            _ = unsafeBitCast(symbol, to: SetHandler.self)(handler)
        }
        return true
    }()

    /// The last library error captured on this thread since the last call, if any.
    static func takeLastError() -> String? {
        let dictionary = Thread.current.threadDictionary
        defer { dictionary.removeObject(forKey: key) }
        return dictionary[key] as? String
    }
}
