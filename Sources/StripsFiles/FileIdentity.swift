import Glibc

/// A file as the system knows it: device and inode. Two paths name the same file exactly when
/// their identities are equal, whatever their spelling (`//`, `.`, a link on the way); a file
/// replaced under its name has another identity.
public struct FileIdentity: Hashable, Sendable, Codable, CustomStringConvertible {
    public var device: UInt64
    public var inode: UInt64

    public init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }

    public init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }

    /// The identity of what `path` names, following a final symbolic link; nil when nothing is there.
    public init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    /// The identity of an open file.
    public init?(descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        self.init(info)
    }

    public var description: String { "\(device):\(inode)" }
}
