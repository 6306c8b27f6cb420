import CGLib

/// MD5, from GLib (`g_compute_checksum_for_data`): the freedesktop thumbnail cache names entries
/// by the MD5 of a file's URI, as GLib-based file managers compute it. Not for anything
/// security-related.
public enum MD5 {
    /// The digest as 32 lowercase hex digits.
    public static func hex(_ text: String) -> String { hex(Array(text.utf8)) }

    public static func hex(_ bytes: [UInt8]) -> String {
        let checksum = bytes.withUnsafeBufferPointer { g_compute_checksum_for_data(G_CHECKSUM_MD5, $0.baseAddress, gsize($0.count)) }
        guard let checksum else { return "" }
        defer { g_free(checksum) }
        return String(cString: checksum)
    }
}
