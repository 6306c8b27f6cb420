import CLeptonica

/// Keeps leptonica's dewarper quiet: it writes a line on standard error for every page it builds
/// no model for ("only 9 lines"), which is an answer here (the page is left flat), not a problem a
/// user can act on. Installed once for the process, as StripsLooks does for the looks.
enum QuietLeptonica {
    static func install() { _ = installed }

    private static let installed: Bool = {
        leptSetStderrHandler { _ in }
        return true
    }()
}
