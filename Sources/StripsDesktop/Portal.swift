import CGIO
import Foundation

/// What every call to the XDG desktop portal shares: its name and object on the session bus, the
/// session bus's address, the request path its answer comes on, and GVariant building.
enum Portal {
    static let service = "org.freedesktop.portal.Desktop"
    static let objectPath = "/org/freedesktop/portal/desktop"

    /// The session bus's address: DBUS_SESSION_BUS_ADDRESS, else the user's bus socket under
    /// XDG_RUNTIME_DIR; nil when there is none (no desktop session: no portal to ask).
    static func sessionBus(_ environment: [String: String]) -> String? {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return address }
        if let runtime = environment["XDG_RUNTIME_DIR"], FileManager.default.fileExists(atPath: runtime + "/bus") { return "unix:path=\(runtime)/bus" }
        return nil
    }

    /// The request's object path the portal will answer on: derived from our unique name and a
    /// token of our own, so the answer is subscribed to before the call is made.
    static func requestPath(uniqueName: String, token: String) -> String {
        let sender = uniqueName.dropFirst(uniqueName.hasPrefix(":") ? 1 : 0).replacingOccurrences(of: ".", with: "_")
        return "\(objectPath)/request/\(sender)/\(token)"
    }

    /// A token no other request of this process has.
    static func token() -> String { "strips\(getpid())_\(UInt32.random(in: 0...UInt32.max))" }

    static let connectionFlags = GDBusConnectionFlags(rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
        | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)

    static func entry(_ key: String, _ value: OpaquePointer) -> OpaquePointer {
        g_variant_new_dict_entry(g_variant_new_string(key), g_variant_new_variant(value))
    }

    static func tuple(_ children: [OpaquePointer]) -> OpaquePointer {
        var items: [OpaquePointer?] = children
        return g_variant_new_tuple(&items, gsize(items.count))
    }

    static func array(_ type: String, _ children: [OpaquePointer]) -> OpaquePointer {
        let arrayType = g_variant_type_new(type)
        defer { g_variant_type_free(arrayType) }
        var items: [OpaquePointer?] = children
        return g_variant_new_array(g_variant_type_element(arrayType), &items, gsize(items.count))
    }

    /// A GError's message, freed.
    static func message(_ error: inout UnsafeMutablePointer<GError>?) -> String {
        defer { g_clear_error(&error) }
        return error?.pointee.message.map { String(cString: $0) } ?? "no answer"
    }
}
