import Foundation

/// Diagnostics go to standard error, one line each; trace lines go to standard output or a file.
public enum FileHandleOutput {
    public static func standardError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
