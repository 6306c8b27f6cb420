import CLeptonica

/// Keeps leptonica quiet. It prints a line on standard error for every oddity it meets (a map with
/// a black pixel, a page too small to measure), lines a user cannot act on, dozens a save; the
/// looks notice a failed step by its missing result. Installed once, for the process, the first
/// time a look or a mixed raster page is made (as libtiff's handlers are, `LibraryDiagnostics`).
enum LeptonicaMessages {
    static func quiet() { _ = installed }

    private static let installed: Bool = {
        leptSetStderrHandler { _ in }
        return true
    }()
}
