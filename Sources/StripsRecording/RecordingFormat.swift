/// What a recording is written as, named by its file's extension.
public enum RecordingFormat: String, CaseIterable, Hashable, Sendable {
    /// Animated GIF through giflib: plays wherever a picture shows (READMEs, chats).
    case gif
    /// H.264 (or MPEG-4 part 2) video in MP4 through ffmpeg's libraries: a tenth of the GIF's size.
    case mp4
    /// VP9 (or VP8) video in WebM through ffmpeg's libraries.
    case webm

    /// The format `path`'s extension names (any case); nil for another extension.
    public init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        self.init(rawValue: path[path.index(after: dot)...].lowercased())
    }

    public var fileExtension: String { rawValue }

    /// "FILE.gif, FILE.mp4 or FILE.webm", for messages about a bad name.
    public static var names: String { "FILE.gif, FILE.mp4 or FILE.webm" }
}
