import Glibc

/// The system calls a file's bytes reach the disk through. `WholeFile` makes every write, flush
/// and close through these, so a test can give it calls that fail like a full or failing disk (a
/// short write, ENOSPC, EIO, a failed fsync) at any call, and watch what the writer does about it.
public struct FileCalls: Sendable {
    /// write(2): the number of bytes written (possibly fewer than asked), or -1 with `errno` set.
    public var write: @Sendable (_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int
    /// fsync(2): 0, or -1 with `errno` set.
    public var sync: @Sendable (_ descriptor: Int32) -> Int32
    /// close(2): 0, or -1 with `errno` set. The descriptor is closed either way (as on Linux).
    public var close: @Sendable (_ descriptor: Int32) -> Int32

    public init(write: @escaping @Sendable (Int32, UnsafeRawBufferPointer) -> Int,
                sync: @escaping @Sendable (Int32) -> Int32,
                close: @escaping @Sendable (Int32) -> Int32) {
        self.write = write
        self.sync = sync
        self.close = close
    }

    /// The real calls.
    public static let system = FileCalls(
        write: { descriptor, bytes in Glibc.write(descriptor, bytes.baseAddress, bytes.count) },
        sync: { Glibc.fsync($0) },
        close: { Glibc.close($0) }
    )
}
