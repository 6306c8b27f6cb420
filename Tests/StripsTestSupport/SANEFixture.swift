import Foundation

/// SANE's own `test` backend as the scanner, for a process of its own: a `SANE_CONFIG_DIR`
/// whose `dll.conf` names only `test` and whose `test.conf` sets the picture, the scan area (A4
/// with room to spare) and, when asked, a status every read returns, a delay per read and a
/// limit on each read's size (a slow scanner).
public struct SANEFixture {
    public let folder: String

    /// `status`: `SANE_STATUS_JAMMED`, ... (the backend's read-status-code); `delay`: microseconds
    /// each read waits; `readLimit`: bytes at most a read (0: as many as asked).
    public init(picture: String = "Grid", status: String? = nil, delay: Int = 0, readLimit: Int = 0, devices: Int = 2) {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("strips-sane-\(getpid())-\(UUID().uuidString.prefix(8))").path
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: folder + "/dll.conf", contents: Data("test\n".utf8))
        var conf = """
            number_of_devices \(devices)
            mode Gray
            depth 8
            resolution_min 1.0
            resolution_max 1200.0
            resolution_quant 1.0
            resolution 50.0
            test-picture "\(picture)"
            geometry_min 0.0
            geometry_max 400.0
            geometry_quant 0.0
            tl_x 0.0
            tl_y 0.0
            br_x 210.0
            br_y 297.0

            """
        if let status { conf += "read-status-code \"\(status)\"\n" }
        if delay > 0 { conf += "read-delay true\nread-delay-duration \(delay)\n" }
        if readLimit > 0 { conf += "read-limit true\nread-limit-size \(readLimit)\n" }
        _ = FileManager.default.createFile(atPath: folder + "/test.conf", contents: Data(conf.utf8))
    }

    public var environment: [String: String] { ["SANE_CONFIG_DIR": folder] }

    public func remove() { try? FileManager.default.removeItem(atPath: folder) }
}

/// `strips-scan-probe`, built beside the test bundle (the scan worker).
public var scanProbeBinary: String {
    let bundleDir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let dirs = [bundleDir, bundleDir.deletingLastPathComponent(),
                URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(".build/debug")]
    return dirs.map { $0.appendingPathComponent("strips-scan-probe").path }.first { FileManager.default.isExecutableFile(atPath: $0) }
        ?? bundleDir.appendingPathComponent("strips-scan-probe").path
}
