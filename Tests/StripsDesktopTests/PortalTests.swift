import CGIO
import Foundation
import Testing
@testable import StripsDesktop

/// The portal's file chooser end to end: a private session bus (dbus-daemon) with a stand-in for
/// xdg-desktop-portal's FileChooser on it (answers OpenFile and SaveFile as the real one does: the
/// request's handle, then the Response signal on it), and the app's `FileChooser` asking it.
@Suite(.serialized) struct PortalTests {
    /// What the stand-in was asked, and what it answers.
    final class FakePortal: @unchecked Sendable {
        var calls: [(method: String, title: String, options: [String])] = []
        var response: UInt32 = 0
        var uris = ["file:///tmp/scans/page%201.jpg", "file:///tmp/scans/report.pdf"]
        let context = g_main_context_new()
        var connection: OpaquePointer?

        static let xml = """
            <node><interface name="org.freedesktop.portal.FileChooser">
            <method name="OpenFile"><arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="a{sv}" direction="in"/><arg type="o" direction="out"/></method>
            <method name="SaveFile"><arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="a{sv}" direction="in"/><arg type="o" direction="out"/></method>
            </interface></node>
            """

        func start(bus address: String) throws {
            g_main_context_push_thread_default(context)
            defer { g_main_context_pop_thread_default(context) }
            var error: UnsafeMutablePointer<GError>?
            let flags = GDBusConnectionFlags(rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
            connection = try #require(g_dbus_connection_new_for_address_sync(address, flags, nil, nil, &error))
            let node = try #require(g_dbus_node_info_new_for_xml(Self.xml, &error))
            let interface = try #require(g_dbus_node_info_lookup_interface(node, "org.freedesktop.portal.FileChooser"))
            var vtable = GDBusInterfaceVTable()
            vtable.method_call = { connection, sender, _, _, method, parameters, invocation, data in
                guard let data, let sender, let method, let parameters, let invocation else { return }
                let portal = Unmanaged<FakePortal>.fromOpaque(data).takeUnretainedValue()
                portal.answer(String(cString: method), sender: String(cString: sender), parameters: parameters, invocation: invocation, on: connection)
            }
            let id = g_dbus_connection_register_object(connection, "/org/freedesktop/portal/desktop", interface, &vtable,
                                                       Unmanaged.passUnretained(self).toOpaque(), nil, &error)
            #expect(id > 0)
            let name = g_variant_new_tuple([g_variant_new_string("org.freedesktop.portal.Desktop"), g_variant_new_uint32(4)], 2)
            let reply = g_dbus_connection_call_sync(connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "RequestName",
                                                    name, nil, G_DBUS_CALL_FLAGS_NONE, 5000, nil, &error)
            try #require(reply != nil)
            g_variant_unref(reply)
        }

        func answer(_ method: String, sender: String, parameters: OpaquePointer, invocation: OpaquePointer, on connection: OpaquePointer?) {
            let title = g_variant_get_child_value(parameters, 1), options = g_variant_get_child_value(parameters, 2)
            defer { g_variant_unref(title); g_variant_unref(options) }
            var keys: [String] = []
            for i in 0..<g_variant_n_children(options) {
                let entry = g_variant_get_child_value(options, i), key = g_variant_get_child_value(entry, 0)
                keys.append(String(cString: g_variant_get_string(key, nil)))
                g_variant_unref(key)
                g_variant_unref(entry)
            }
            calls.append((method, String(cString: g_variant_get_string(title, nil)), keys))
            let stype = g_variant_type_new("s")
            let token = g_variant_lookup_value(options, "handle_token", stype).map { String(cString: g_variant_get_string($0, nil)) } ?? "none"
            g_variant_type_free(stype)
            let handle = Portal.requestPath(uniqueName: sender, token: token)
            g_dbus_method_invocation_return_value(invocation, g_variant_new_tuple([g_variant_new_object_path(handle)], 1))
            // The dialog "answered": the chosen files on the request's handle.
            var strings = uris.map { g_variant_new_string($0) as OpaquePointer? }
            let stringType = g_variant_type_new("s")
            let list = g_variant_new_array(stringType, &strings, gsize(strings.count))
            g_variant_type_free(stringType)
            var entries: [OpaquePointer?] = [g_variant_new_dict_entry(g_variant_new_string("uris"), g_variant_new_variant(list))]
            let entryType = g_variant_type_new("{sv}")
            let results = g_variant_new_array(entryType, &entries, 1)
            g_variant_type_free(entryType)
            var error: UnsafeMutablePointer<GError>?
            g_dbus_connection_emit_signal(connection, sender, handle, "org.freedesktop.portal.Request", "Response",
                                          g_variant_new_tuple([g_variant_new_uint32(response), results], 2), &error)
        }

        func iterate() { while g_main_context_iteration(context, 0) != 0 {} }
    }

    /// A session bus of our own, its address, and how to stop it.
    func privateBus() throws -> (address: String, stop: () -> Void)? {
        guard let daemon = ["/usr/bin/dbus-daemon", "/bin/dbus-daemon"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return nil }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strips-bus-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let socket = folder.appendingPathComponent("bus").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: daemon)
        process.arguments = ["--session", "--nofork", "--nopidfile", "--address=unix:path=\(socket)"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        for _ in 0..<200 where !FileManager.default.fileExists(atPath: socket) { usleep(10_000) }
        try #require(FileManager.default.fileExists(atPath: socket))
        return ("unix:path=\(socket)", {
            // dbus-daemon keeps running on SIGTERM in a session: it is ended outright.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            try? FileManager.default.removeItem(at: folder)
        })
    }

    func ask(_ choice: FileChoice, _ portal: FakePortal, bus: String) -> ChooserAnswer? {
        // No zenity or kdialog to fall back on: only the portal can answer.
        let chooser = FileChooser(choice, environment: ["DBUS_SESSION_BUS_ADDRESS": bus, "PATH": "/nonexistent"])
        for _ in 0..<500 {
            portal.iterate()
            if let answer = chooser.poll() { return answer }
            usleep(5_000)
        }
        return nil
    }

    @Test func thePortalAsksAndItsAnswerComesBackAsPaths() throws {
        guard let bus = try privateBus() else { return }  // no dbus-daemon here: nothing to test against
        defer { bus.stop() }
        let portal = FakePortal()
        try portal.start(bus: bus.address)
        #expect(ask(.open(title: "Open pictures and PDFs", folder: "/tmp"), portal, bus: bus.address) == .chosen(["/tmp/scans/page 1.jpg", "/tmp/scans/report.pdf"]))
        let open = try #require(portal.calls.first)
        #expect(open.method == "OpenFile" && open.title == "Open pictures and PDFs")
        #expect(Set(open.options).isSuperset(of: ["handle_token", "multiple", "filters", "current_folder"]))
        // Saving asks SaveFile with a name; a cancelled dialog (response 1) is cancelled.
        portal.uris = ["file:///tmp/out.pdf"]
        #expect(ask(.save(title: "Save T as", suggested: "/tmp/T edited.pdf"), portal, bus: bus.address) == .chosen(["/tmp/out.pdf"]))
        #expect(portal.calls.last?.method == "SaveFile" && portal.calls.last?.options.contains("current_name") == true)
        portal.response = 1
        #expect(ask(.open(title: "Open", folder: nil), portal, bus: bus.address) == .cancelled)
    }

    @Test func aBusWithoutAPortalFallsBack() throws {
        guard let bus = try privateBus() else { return }
        defer { bus.stop() }
        // Nobody owns the portal's name: the call fails, and with no zenity either, it says so.
        let chooser = FileChooser(.open(title: "Open", folder: nil), environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address, "PATH": "/nonexistent"])
        var answer: ChooserAnswer?
        for _ in 0..<500 where answer == nil {
            answer = chooser.poll()
            usleep(5_000)
        }
        guard case .unavailable? = answer else {
            Issue.record("expected no chooser, got \(String(describing: answer))")
            return
        }
    }
}
