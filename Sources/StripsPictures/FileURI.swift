import Foundation

/// The `file://` URI of a local path, spelled the way GLib's g_filename_to_uri spells it, so the
/// MD5 of it names the same thumbnail cache entry a GNOME, KDE or Xfce file manager wrote.
public enum FileURI {
    /// The absolute, canonical URI: relative paths are taken from the current directory,
    /// `.` and `..` are resolved by name (symbolic links are not followed: a link has its own URI).
    public static func of(path: String) -> String {
        "file://" + escape(canonicalPath(path))
    }

    /// The absolute path with `.`, `..` and repeated slashes removed.
    public static func canonicalPath(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var parts: [Substring] = []
        for part in absolute.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// Percent-encodes every byte outside RFC 3986's unreserved set and the sub-delimiters GLib
    /// leaves in paths (`!$&'()*+,=:@` and `/`), in upper-case hex as GLib does.
    static func escape(_ path: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for byte in path.utf8 {
            if allowed(byte) {
                out.append(byte)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func allowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return Array("-._~!$&'()*+,=:@/".utf8).contains(byte)
        }
    }
}
