import CGIO
import Foundation
@testable import StripsDesktop
import StripsTestSupport

/// A desktop of the test's own for the portal camera: a private session bus (dbus-daemon with no
/// service folders, so nothing real is started on it), a PipeWire daemon on a private runtime
/// folder with (or without) a video test source node, WirePlumber as its session manager (it
/// links a camera stream to its camera, as on a desktop), and a stand-in for xdg-desktop-portal's
/// Camera that hands out a connection to that daemon. Everything stops when it goes away.
final class PortalWorld {
    /// The programs it runs; a test without them is left out (Scripts/install-deps.sh installs them).
    static let programs = ["dbus-daemon", "pipewire", "wireplumber", "pw-cli"]
    static func program(_ name: String) -> String? {
        ["/usr/bin/", "/bin/", "/usr/local/bin/"].map { $0 + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
    static var available: Bool { programs.allSatisfy { program($0) != nil } }

    let folder: String
    let runtime: String
    private(set) var bus = ""
    private var processes: [Process] = []
    private(set) var daemon: Process?
    private(set) var portal: StandInPortal?

    /// `camera`: the daemon has a video test source node (media.role Camera); `portal`: the
    /// stand-in is on the bus; `sessionManager`: WirePlumber runs.
    init(camera: Bool = true, portal: Bool = true, sessionManager: Bool = true) throws {
        // Short: a socket's path must fit in 108 bytes.
        folder = "/tmp/strips-pw-\(getpid())-\(UUID().uuidString.prefix(6))"
        runtime = folder + "/run"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try startBus()
        try startPipeWire(camera: camera)
        if sessionManager { try startWirePlumber() }
        if portal {
            let standIn = StandInPortal(pipewireSocket: runtime + "/pipewire-0")
            try standIn.start(bus: bus)
            self.portal = standIn
        }
    }

    deinit {
        portal?.stop()
        for process in processes.reversed() where process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// What the app is given: the bus, and nothing of the machine's own desktop.
    var environment: [String: String] { ["DBUS_SESSION_BUS_ADDRESS": bus] }

    /// Ends the PipeWire daemon (the camera's stream then ends).
    func stopPipeWire() {
        guard let daemon, daemon.isRunning else { return }
        kill(daemon.processIdentifier, SIGKILL)
        daemon.waitUntilExit()
    }

    private var childEnvironment: [String: String] {
        ["PATH": "/usr/bin:/bin", "HOME": folder, "XDG_RUNTIME_DIR": runtime, "PIPEWIRE_RUNTIME_DIR": runtime,
         "XDG_CONFIG_HOME": folder + "/config", "XDG_STATE_HOME": folder + "/state", "XDG_DATA_HOME": folder + "/data",
         "DBUS_SESSION_BUS_ADDRESS": bus, "PIPEWIRE_LOG_SYSTEMD": "false", "DISABLE_RTKIT": "1"]
    }

    @discardableResult
    private func launch(_ name: String, _ arguments: [String], log: String) throws -> Process {
        guard let path = Self.program(name) else { throw WorldError("\(name) is not installed") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = childEnvironment
        FileManager.default.createFile(atPath: folder + "/" + log, contents: nil)
        let output = FileHandle(forWritingAtPath: folder + "/" + log)
        process.standardOutput = output
        process.standardError = output
        try process.run()
        processes.append(process)
        return process
    }

    /// Waits up to 10 s for `ready`.
    private func wait(_ what: String, until ready: () -> Bool) throws {
        for _ in 0..<1000 {
            if ready() { return }
            usleep(10_000)
        }
        throw WorldError("\(what) did not start within 10 s")
    }

    private func startBus() throws {
        let socket = folder + "/bus"
        let config = folder + "/bus.conf"
        // A session bus with no service folders: no real portal can be started on it.
        try """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig><type>session</type><listen>unix:path=\(socket)</listen><auth>EXTERNAL</auth>
            <policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy>
            </busconfig>
            """.write(toFile: config, atomically: true, encoding: .utf8)
        try launch("dbus-daemon", ["--config-file=\(config)", "--nofork", "--nopidfile"], log: "bus.log")
        bus = "unix:path=\(socket)"
        try wait("dbus-daemon") { FileManager.default.fileExists(atPath: socket) }
    }

    /// The daemon's configuration: the protocol, client nodes, links, and access; the camera is
    /// SPA's videotestsrc as a Video/Source node with the Camera role (as a V4L2 or libcamera
    /// camera is shown by the session manager).
    static func pipewireConfig(camera: Bool) -> String {
        """
        context.properties = { core.daemon = true core.name = pipewire-0 support.dbus = false mem.allow-mlock = false }
        context.spa-libs = { support.* = support/libspa-support videotestsrc = videotestsrc/libspa-videotestsrc video.convert.* = videoconvert/libspa-videoconvert }
        context.modules = [
            { name = libpipewire-module-protocol-native }
            { name = libpipewire-module-client-node }
            { name = libpipewire-module-adapter }
            { name = libpipewire-module-spa-node-factory }
            { name = libpipewire-module-link-factory }
            { name = libpipewire-module-metadata }
            { name = libpipewire-module-access }
            { name = libpipewire-module-session-manager }
        ]
        context.objects = [
        \(camera ? """
            { factory = spa-node-factory args = { factory.name = videotestsrc node.name = strips-test-camera
              node.description = "Test camera" media.class = Video/Source media.role = Camera object.linger = true } }
        """ : "")
        ]
        """
    }

    private func startPipeWire(camera: Bool) throws {
        let config = folder + "/pipewire.conf"
        try Self.pipewireConfig(camera: camera).write(toFile: config, atomically: true, encoding: .utf8)
        daemon = try launch("pipewire", ["-c", config], log: "pipewire.log")
        try wait("pipewire") { FileManager.default.fileExists(atPath: runtime + "/pipewire-0") }
    }

    /// WirePlumber, ready once it has made its `default` metadata (its policy scripts run by then).
    private func startWirePlumber() throws {
        try launch("wireplumber", [], log: "wireplumber.log")
        try wait("wireplumber") {
            let listing = Self.program("pw-cli").flatMap { try? runProcess($0, ["ls", "Metadata"], environment: childEnvironment).stdout } ?? ""
            return listing.contains("metadata.name = \"default\"")
        }
    }
}

struct WorldError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A stand-in for xdg-desktop-portal's Camera on the test's bus: `IsCameraPresent`, `AccessCamera`
/// (the request's handle, then its `Response`: `response` 0 granted, 1 refused) and
/// `OpenPipeWireRemote` (a fresh connection to the daemon's socket, passed as a descriptor, as
/// the real portal passes a remote limited to the cameras). It answers on a thread of its own.
final class StandInPortal: @unchecked Sendable {
    var present = true
    var response: UInt32 = 0
    private(set) var calls: [String] = []
    let pipewireSocket: String
    private let context = g_main_context_new()
    private var connection: OpaquePointer?
    private var running = true
    private var thread: Thread?
    private let lock = NSLock()

    init(pipewireSocket: String) { self.pipewireSocket = pipewireSocket }

    static let xml = """
        <node><interface name="org.freedesktop.portal.Camera">
        <method name="AccessCamera"><arg type="a{sv}" direction="in"/><arg type="o" direction="out"/></method>
        <method name="OpenPipeWireRemote"><arg type="a{sv}" direction="in"/><arg type="h" direction="out"/></method>
        <property name="IsCameraPresent" type="b" access="read"/>
        <property name="version" type="u" access="read"/>
        </interface></node>
        """

    func start(bus address: String) throws {
        try register(bus: address)
        // Its own thread iterates its context from now on (this thread has let go of it).
        let thread = Thread { [self] in
            g_main_context_push_thread_default(context)
            while lock.withLock({ running }) { g_main_context_iteration(context, 1) }
            g_main_context_pop_thread_default(context)
        }
        thread.start()
        self.thread = thread
    }

    private func register(bus address: String) throws {
        g_main_context_push_thread_default(context)
        defer { g_main_context_pop_thread_default(context) }
        var error: UnsafeMutablePointer<GError>?
        let flags = GDBusConnectionFlags(rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
        guard let connection = g_dbus_connection_new_for_address_sync(address, flags, nil, nil, &error) else { throw WorldError("stand-in: no bus") }
        self.connection = connection
        guard let node = g_dbus_node_info_new_for_xml(Self.xml, &error),
              let interface = g_dbus_node_info_lookup_interface(node, "org.freedesktop.portal.Camera") else { throw WorldError("stand-in: bad XML") }
        var vtable = GDBusInterfaceVTable()
        vtable.method_call = { connection, sender, _, _, method, parameters, invocation, data in
            guard let data, let sender, let method, let parameters, let invocation else { return }
            Unmanaged<StandInPortal>.fromOpaque(data).takeUnretainedValue()
                .answer(String(cString: method), sender: String(cString: sender), parameters: parameters, invocation: invocation, on: connection)
        }
        vtable.get_property = { _, _, _, _, property, _, data in
            guard let data, let property else { return nil }
            let portal = Unmanaged<StandInPortal>.fromOpaque(data).takeUnretainedValue()
            portal.note("Get " + String(cString: property))
            return String(cString: property) == "IsCameraPresent" ? g_variant_new_boolean(portal.present ? 1 : 0) : g_variant_new_uint32(1)
        }
        let id = g_dbus_connection_register_object(connection, "/org/freedesktop/portal/desktop", interface, &vtable,
                                                   Unmanaged.passUnretained(self).toOpaque(), nil, &error)
        guard id > 0 else { throw WorldError("stand-in: not registered") }
        let reply = g_dbus_connection_call_sync(connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "RequestName",
                                                g_variant_new_tuple([g_variant_new_string("org.freedesktop.portal.Desktop"), g_variant_new_uint32(4)], 2),
                                                nil, G_DBUS_CALL_FLAGS_NONE, 5000, nil, &error)
        guard let reply else { throw WorldError("stand-in: name not owned") }
        g_variant_unref(reply)
    }

    func stop() {
        lock.withLock { running = false }
        g_main_context_wakeup(context)
        while thread?.isFinished == false { usleep(1_000) }
        if let connection { g_object_unref(UnsafeMutableRawPointer(connection)) }
        g_main_context_unref(context)
    }

    var asked: [String] { lock.withLock { calls } }

    private func note(_ call: String) { lock.withLock { calls.append(call) } }

    private func answer(_ method: String, sender: String, parameters: OpaquePointer, invocation: OpaquePointer, on connection: OpaquePointer?) {
        note(method)
        switch method {
        case "AccessCamera":
            let options = g_variant_get_child_value(parameters, 0)
            defer { g_variant_unref(options) }
            let stype = g_variant_type_new("s")
            let token = g_variant_lookup_value(options, "handle_token", stype).map { String(cString: g_variant_get_string($0, nil)) } ?? "none"
            g_variant_type_free(stype)
            let handle = Portal.requestPath(uniqueName: sender, token: token)
            g_dbus_method_invocation_return_value(invocation, g_variant_new_tuple([g_variant_new_object_path(handle)], 1))
            // The user "answered" the desktop's question.
            let entryType = g_variant_type_new("{sv}")
            let results = g_variant_new_array(entryType, nil, 0)
            g_variant_type_free(entryType)
            var error: UnsafeMutablePointer<GError>?
            g_dbus_connection_emit_signal(connection, sender, handle, "org.freedesktop.portal.Request", "Response",
                                          g_variant_new_tuple([g_variant_new_uint32(response), results], 2), &error)
        case "OpenPipeWireRemote":
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                let bytes = Array(pipewireSocket.utf8.prefix(raw.count - 1))
                raw.copyBytes(from: bytes + [0])
            }
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            guard connected == 0 else {
                close(fd)
                g_dbus_method_invocation_return_dbus_error(invocation, "org.freedesktop.portal.Error.Failed", "no PipeWire")
                return
            }
            let list = g_unix_fd_list_new()
            var error: UnsafeMutablePointer<GError>?
            let index = g_unix_fd_list_append(list, fd, &error)
            close(fd)
            g_dbus_method_invocation_return_value_with_unix_fd_list(invocation, g_variant_new_tuple([g_variant_new_handle(index)], 1), list)
            g_object_unref(UnsafeMutableRawPointer(list))
        default:
            g_dbus_method_invocation_return_dbus_error(invocation, "org.freedesktop.DBus.Error.UnknownMethod", method)
        }
    }
}
