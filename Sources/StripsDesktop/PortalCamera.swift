import CGIO
import Foundation

/// The XDG desktop portal's camera (org.freedesktop.portal.Camera), asked the way a sandboxed app
/// must: is there a camera (`IsCameraPresent`), may we use it (`AccessCamera`, whose answer comes
/// as the `Response` signal of the request it returns: the desktop may ask the user), then a
/// PipeWire remote that shows the cameras (`OpenPipeWireRemote`, a file descriptor beside the
/// reply). Runs on the caller's thread (the camera's capture thread, never the window's) on a
/// main context of its own, every step within a time limit: a portal that never answers costs
/// that limit and one line.
public enum PortalCamera {
    /// Why there is no camera remote (the camera's host words it, in the user's language).
    public enum Refusal: Error, Hashable, Sendable {
        case noBus
        case busSilent
        case noPortal
        case noCameraInterface
        case noCamera
        case refused
        case noAnswer(seconds: Double)
        case endedWithoutAccess
        case notAnswering
        /// The portal's or D-Bus's own words.
        case failed(String)
    }

    /// How long a call may take, and how long the user may take to answer the desktop's question.
    public struct Limits: Sendable {
        public var call: Double
        public var answer: Double
        public init(call: Double = 5, answer: Double = 60) {
            self.call = call
            self.answer = answer
        }
    }

    static let interface = "org.freedesktop.portal.Camera"

    /// A PipeWire remote's file descriptor (the caller owns it), or why not.
    public static func openRemote(environment: [String: String] = ProcessInfo.processInfo.environment,
                                  limits: Limits = Limits()) -> Result<Int32, Refusal> {
        guard let address = Portal.sessionBus(environment) else {
            return .failure(.noBus)
        }
        let context = g_main_context_new()
        g_main_context_push_thread_default(context)
        defer {
            while g_main_context_iteration(context, 0) != 0 {}
            g_main_context_pop_thread_default(context)
            g_main_context_unref(context)
        }
        guard let connection = connect(address, context: context, within: limits.call) else {
            return .failure(.busSilent)
        }
        defer {
            g_dbus_connection_close_sync(connection, nil, nil)
            g_object_unref(UnsafeMutableRawPointer(connection))
        }
        switch cameraPresent(connection, within: limits.call) {
        case .failure(let refusal): return .failure(refusal)
        case .success(false): return .failure(.noCamera)
        case .success(true): break
        }
        if let refusal = access(connection, context: context, limits: limits) { return .failure(refusal) }
        return remote(connection, within: limits.call)
    }

    /// A connection to the bus, made asynchronously so that a bus that never finishes the
    /// handshake is given up on.
    private static func connect(_ address: String, context: OpaquePointer?, within seconds: Double) -> OpaquePointer? {
        final class Outcome { var connection: OpaquePointer?; var done = false }
        let outcome = Outcome()
        let cancellable = g_cancellable_new()
        defer { g_object_unref(UnsafeMutableRawPointer(cancellable)) }
        let retained = Unmanaged.passRetained(outcome).toOpaque()
        g_dbus_connection_new_for_address(address, Portal.connectionFlags, nil, cancellable, { _, result, data in
            guard let data else { return }
            let outcome = Unmanaged<Outcome>.fromOpaque(data).takeRetainedValue()
            var error: UnsafeMutablePointer<GError>?
            outcome.connection = g_dbus_connection_new_for_address_finish(result, &error)
            g_clear_error(&error)
            outcome.done = true
        }, retained)
        iterate(context, within: seconds) { outcome.done }
        if !outcome.done {
            g_cancellable_cancel(cancellable)
            iterate(context, within: 1) { outcome.done }
        }
        return outcome.connection
    }

    /// Runs the context until `done` or `seconds` pass.
    private static func iterate(_ context: OpaquePointer?, within seconds: Double, until done: () -> Bool) {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while !done(), Date() < deadline {
            if g_main_context_iteration(context, 0) == 0 { usleep(2_000) }
        }
    }

    /// The portal's `IsCameraPresent` property; the fault when the portal is not on the bus or
    /// has no camera interface.
    private static func cameraPresent(_ connection: OpaquePointer, within seconds: Double) -> Result<Bool, Refusal> {
        var error: UnsafeMutablePointer<GError>?
        let arguments = Portal.tuple([g_variant_new_string(interface), g_variant_new_string("IsCameraPresent")])
        guard let reply = g_dbus_connection_call_sync(connection, Portal.service, Portal.objectPath, "org.freedesktop.DBus.Properties", "Get",
                                                      arguments, nil, G_DBUS_CALL_FLAGS_NONE, Int32(seconds * 1000), nil, &error) else {
            return .failure(refusal(error: &error))
        }
        defer { g_variant_unref(reply) }
        let boxed = g_variant_get_child_value(reply, 0)
        let value = g_variant_get_variant(boxed)
        defer { g_variant_unref(value); g_variant_unref(boxed) }
        guard String(cString: g_variant_get_type_string(value)) == "b" else {
            return .failure(.failed("IsCameraPresent answered in a form it should not"))
        }
        return .success(g_variant_get_boolean(value) != 0)
    }

    /// `AccessCamera`, and its answer on the request's handle; nil when access is granted.
    private static func access(_ connection: OpaquePointer, context: OpaquePointer?, limits: Limits) -> Refusal? {
        final class Answer { var code: UInt32?; var failed: String? }
        let answer = Answer()
        let unique = g_dbus_connection_get_unique_name(connection).map { String(cString: $0) } ?? ""
        let token = Portal.token()
        let handle = Portal.requestPath(uniqueName: unique, token: token)
        let me = Unmanaged.passUnretained(answer).toOpaque()
        let subscription = g_dbus_connection_signal_subscribe(connection, Portal.service, "org.freedesktop.portal.Request", "Response", handle, nil,
                                                              G_DBUS_SIGNAL_FLAGS_NONE, { _, _, _, _, _, parameters, data in
            guard let data, let parameters, g_variant_n_children(parameters) >= 1 else { return }
            let answer = Unmanaged<Answer>.fromOpaque(data).takeUnretainedValue()
            let code = g_variant_get_child_value(parameters, 0)
            defer { g_variant_unref(code) }
            answer.code = g_variant_get_uint32(code)
        }, me, nil)
        defer { g_dbus_connection_signal_unsubscribe(connection, subscription) }
        var error: UnsafeMutablePointer<GError>?
        let options = Portal.array("a{sv}", [Portal.entry("handle_token", g_variant_new_string(token))])
        guard let reply = g_dbus_connection_call_sync(connection, Portal.service, Portal.objectPath, interface, "AccessCamera",
                                                      Portal.tuple([options]), nil, G_DBUS_CALL_FLAGS_NONE, Int32(limits.call * 1000), nil, &error) else {
            return refusal(error: &error)
        }
        g_variant_unref(reply)
        // The desktop may ask the user first: their answer is waited for, within its own limit.
        iterate(context, within: limits.answer) { answer.code != nil }
        switch answer.code {
        case 0?: return nil
        case 1?: return .refused
        case nil: return .noAnswer(seconds: limits.answer)
        default: return .endedWithoutAccess
        }
    }

    /// `OpenPipeWireRemote`: the descriptor passed beside the reply.
    private static func remote(_ connection: OpaquePointer, within seconds: Double) -> Result<Int32, Refusal> {
        var error: UnsafeMutablePointer<GError>?
        var descriptors: UnsafeMutablePointer<GUnixFDList>?
        let options = Portal.array("a{sv}", [])
        guard let reply = g_dbus_connection_call_with_unix_fd_list_sync(connection, Portal.service, Portal.objectPath, interface, "OpenPipeWireRemote",
                                                                        Portal.tuple([options]), nil, G_DBUS_CALL_FLAGS_NONE, Int32(seconds * 1000),
                                                                        nil, &descriptors, nil, &error) else {
            return .failure(refusal(error: &error))
        }
        defer {
            g_variant_unref(reply)
            if let descriptors { g_object_unref(UnsafeMutableRawPointer(descriptors)) }
        }
        let handle = g_variant_get_child_value(reply, 0)
        defer { g_variant_unref(handle) }
        guard String(cString: g_variant_get_type_string(handle)) == "h", let descriptors else {
            return .failure(.failed("OpenPipeWireRemote gave no file descriptor"))
        }
        let fd = g_unix_fd_list_get(descriptors, g_variant_get_handle(handle), &error)
        guard fd >= 0 else { return .failure(.failed("OpenPipeWireRemote's descriptor: \(Portal.message(&error))")) }
        return .success(fd)
    }

    /// A failed call as its line: no portal on the bus, no camera interface, or what D-Bus said.
    private static func refusal(error: inout UnsafeMutablePointer<GError>?) -> Refusal {
        let remote = error.flatMap { g_dbus_error_get_remote_error($0) }.map { name -> String in
            defer { g_free(name) }
            return String(cString: name)
        }
        let timedOut = error.map { g_error_matches($0, g_io_error_quark(), gint(G_IO_ERROR_TIMED_OUT.rawValue)) != 0 } ?? false
        let message = Portal.message(&error)
        switch remote {
        case "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner":
            return .noPortal
        case "org.freedesktop.DBus.Error.UnknownInterface", "org.freedesktop.DBus.Error.UnknownMethod",
             "org.freedesktop.DBus.Error.UnknownProperty", "org.freedesktop.DBus.Error.InvalidArgs":
            return .noCameraInterface
        case "org.freedesktop.portal.Error.NotAllowed":
            return .refused
        default:
            return (timedOut ? .notAnswering : .failed(message))
        }
    }
}
