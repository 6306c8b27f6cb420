/// The one place the version is written: `strips --version`, the man page, the thumbnail cache's
/// `Software` key and its per-version failure folder all read it here.
public enum AppVersion {
    public static let string = "0.16.0"
    public static let software = "Strips \(string)"
}
