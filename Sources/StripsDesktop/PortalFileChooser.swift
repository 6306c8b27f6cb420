import CGIO
import Foundation

/// The XDG desktop portal's file chooser (org.freedesktop.portal.FileChooser): OpenFile or
/// SaveFile is called on the session bus, and the dialog's answer comes later as the Response
/// signal of the request it returned. Everything runs on a main context of its own, iterated by
/// `poll`, so the caller's loop never waits on D-Bus.
final class PortalFileChooser {
    enum State {
        case answered(ChooserAnswer)
        /// The portal is not there, or refused: the caller falls back to another chooser.
        case failed(String)
    }

    private let context: OpaquePointer
    private let connection: OpaquePointer
    private var subscription: guint = 0
    private var cancellable: UnsafeMutablePointer<GCancellable>?
    fileprivate var state: State?

    /// Starts the call; nil when the bus cannot be reached.
    init?(_ choice: FileChoice, bus address: String) {
        var error: UnsafeMutablePointer<GError>?
        guard let connection = g_dbus_connection_new_for_address_sync(address, Portal.connectionFlags, nil, nil, &error) else {
            g_clear_error(&error)
            return nil
        }
        self.connection = connection
        context = g_main_context_new()
        g_main_context_push_thread_default(context)
        defer { g_main_context_pop_thread_default(context) }
        let unique = g_dbus_connection_get_unique_name(connection).map { String(cString: $0) } ?? ""
        let token = Portal.token()
        let handle = Portal.requestPath(uniqueName: unique, token: token)
        let me = Unmanaged.passUnretained(self).toOpaque()
        subscription = g_dbus_connection_signal_subscribe(connection, Portal.service, "org.freedesktop.portal.Request", "Response", handle, nil,
                                                          G_DBUS_SIGNAL_FLAGS_NONE, { _, _, _, _, _, parameters, data in
            guard let data, let parameters else { return }
            let chooser = Unmanaged<PortalFileChooser>.fromOpaque(data).takeUnretainedValue()
            chooser.state = .answered(PortalFileChooser.answer(from: parameters))
        }, me, nil)
        let (method, parameters) = Self.call(choice, token: token)
        cancellable = g_cancellable_new()
        // The call's reply holds a reference to us until it comes.
        let retained = Unmanaged.passRetained(self).toOpaque()
        g_dbus_connection_call(connection, Portal.service, Portal.objectPath, "org.freedesktop.portal.FileChooser", method, parameters,
                               nil, G_DBUS_CALL_FLAGS_NONE, -1, cancellable, { source, result, data in
            guard let data else { return }
            let chooser = Unmanaged<PortalFileChooser>.fromOpaque(data).takeRetainedValue()
            var error: UnsafeMutablePointer<GError>?
            let reply = g_dbus_connection_call_finish(source.map { OpaquePointer($0) }, result, &error)
            if let reply { g_variant_unref(reply) }
            if let error {
                let message = error.pointee.message.map { String(cString: $0) } ?? "the portal did not answer"
                g_error_free(error)
                if chooser.state == nil { chooser.state = .failed(message) }
            }
        }, retained)
    }

    deinit {
        if let cancellable {
            g_cancellable_cancel(cancellable)
            g_object_unref(UnsafeMutableRawPointer(cancellable))
        }
        if subscription != 0 { g_dbus_connection_signal_unsubscribe(connection, subscription) }
        // Whatever the context still holds (a cancelled call's callback) runs now.
        while g_main_context_iteration(context, 0) != 0 {}
        g_object_unref(UnsafeMutableRawPointer(connection))
        g_main_context_unref(context)
    }

    /// Runs what has arrived; nil while the dialog is open.
    func poll() -> State? {
        while g_main_context_iteration(context, 0) != 0 {}
        return state
    }

    /// The method and its parameters, `(ssa{sv})`: no parent window, a title, the options.
    private static func call(_ choice: FileChoice, token: String) -> (String, OpaquePointer) {
        var options: [(String, OpaquePointer)] = [("handle_token", g_variant_new_string(token)), ("modal", g_variant_new_boolean(1))]
        let method: String, title: String
        switch choice {
        case .open(let heading, let folder):
            method = "OpenFile"
            title = heading
            options.append(("multiple", g_variant_new_boolean(1)))
            let pictures = filter("Pictures and PDFs", mimeTypes: ["image/*", "application/pdf"])
            options.append(("filters", Portal.array("a(sa(us))", [pictures, filter("All files", globs: ["*"])])))
            options.append(("current_filter", pictures))
            if let folder { options.append(("current_folder", g_variant_new_bytestring(folder))) }
        case .save(let heading, let suggested):
            method = "SaveFile"
            title = heading
            let url = URL(fileURLWithPath: suggested)
            options.append(("current_name", g_variant_new_string(url.lastPathComponent)))
            options.append(("current_folder", g_variant_new_bytestring(url.deletingLastPathComponent().path)))
        }
        let entries = options.map { key, value in Portal.entry(key, value) }
        return (method, Portal.tuple([g_variant_new_string(""), g_variant_new_string(title), Portal.array("a{sv}", entries)]))
    }

    /// A filter `(sa(us))`: its name and patterns, 0 a glob, 1 a MIME type.
    private static func filter(_ name: String, globs: [String] = [], mimeTypes: [String] = []) -> OpaquePointer {
        let patterns = globs.map { Portal.tuple([g_variant_new_uint32(0), g_variant_new_string($0)]) }
            + mimeTypes.map { Portal.tuple([g_variant_new_uint32(1), g_variant_new_string($0)]) }
        return Portal.tuple([g_variant_new_string(name), Portal.array("a(us)", patterns)])
    }

    /// The Response signal's `(ua{sv})`: 0 and the chosen `uris`, 1 cancelled, 2 ended otherwise.
    static func answer(from parameters: OpaquePointer) -> ChooserAnswer {
        guard g_variant_n_children(parameters) == 2 else { return .unavailable("the portal answered in a form it should not") }
        let code = g_variant_get_child_value(parameters, 0)
        let results = g_variant_get_child_value(parameters, 1)
        defer {
            g_variant_unref(code)
            g_variant_unref(results)
        }
        let response = g_variant_get_uint32(code)
        guard response == 0 else { return response == 1 ? .cancelled : .unavailable("the file chooser ended without an answer") }
        let type = g_variant_type_new("as")
        defer { g_variant_type_free(type) }
        guard let uris = g_variant_lookup_value(results, "uris", type) else { return .cancelled }
        defer { g_variant_unref(uris) }
        var paths: [String] = []
        for i in 0..<g_variant_n_children(uris) {
            let child = g_variant_get_child_value(uris, i)
            defer { g_variant_unref(child) }
            guard let uri = g_variant_get_string(child, nil), let path = path(fromURI: String(cString: uri)) else { continue }
            paths.append(path)
        }
        return paths.isEmpty ? .cancelled : .chosen(paths)
    }

    /// A `file://` URI as a path (escapes undone), nil for any other kind.
    static func path(fromURI uri: String) -> String? {
        var error: UnsafeMutablePointer<GError>?
        guard let name = g_filename_from_uri(uri, nil, &error) else {
            g_clear_error(&error)
            return nil
        }
        defer { g_free(name) }
        return String(cString: name)
    }
}
