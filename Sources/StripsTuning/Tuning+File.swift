import Foundation
import StripsCore

extension Tuning {
    /// A tuning file is a page of numbers; anything much bigger is not one.
    public static let maxFileBytes = 1 << 20

    /// This value with a TOML file applied (see `applying(toml:)`); a file that cannot be read
    /// changes nothing and is one problem. Problems do not name the file: the caller prints
    /// `strips: FILE: problem`.
    public func applying(file path: String) -> (Tuning, problems: [String]) {
        let files = FileManager.default
        var isFolder: ObjCBool = false
        guard files.fileExists(atPath: path, isDirectory: &isFolder) else { return (self, ["no such file"]) }
        guard !isFolder.boolValue else { return (self, ["is a folder, not a tuning file"]) }
        guard files.isReadableFile(atPath: path) else { return (self, ["permission denied"]) }
        if let size = (try? files.attributesOfItem(atPath: path))?[.size] as? Int, size > Self.maxFileBytes {
            return (self, ["\(size) bytes is too large for a tuning file"])
        }
        guard let data = files.contents(atPath: path) else { return (self, ["cannot be read"]) }
        guard let text = String(data: data, encoding: .utf8) else { return (self, ["not UTF-8 text"]) }
        return applying(toml: text)
    }
}
