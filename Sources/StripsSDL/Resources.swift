import Foundation

/// Finds the bundled Assets/ folder: beside the executable, in PREFIX/share/strips when installed
/// by Scripts/install.sh (the binary in PREFIX/bin), else in the source tree.
public enum Resources {
    public static func assetsFolder(file: String = #filePath) -> String? {
        var candidates: [URL] = []
        if let env = ProcessInfo.processInfo.environment["STRIPS_ASSETS"] { candidates.append(URL(fileURLWithPath: env)) }
        // argv[0] is a bare name when the binary was found on the PATH: the kernel knows better.
        let running = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let executable = URL(fileURLWithPath: running).resolvingSymlinksInPath()
        var dir = executable.deletingLastPathComponent()
        for _ in 0..<5 {
            candidates.append(dir.appendingPathComponent("Assets"))
            candidates.append(dir.appendingPathComponent("share/strips/Assets"))
            dir = dir.deletingLastPathComponent()
        }
        // Sources/StripsSDL/Resources.swift -> the package root.
        candidates.append(URL(fileURLWithPath: file).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Assets"))
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("Sample").path) }?.path
    }

    public static var sampleDocument: String? { assetsFolder().map { $0 + "/Sample" } }
    public static var pizzaFolder: String? { assetsFolder().map { $0 + "/Pizza" } }
}
