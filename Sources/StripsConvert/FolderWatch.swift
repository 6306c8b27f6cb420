import Foundation
import StripsPictures

/// `strips convert --watch IN... --output OUT`: waits on the input folders with inotify and
/// converts each entry that appears in one (a file: a batch of its pages; a folder: a batch of
/// its files) once it has settled (`HotFolder`), its documents written into OUT as `strips convert
/// ENTRY --output OUT/NAME.pdf` writes them. Entries done are kept in OUT (`WatchState`), so a
/// restart converts nothing twice; an entry whose conversion fails is set aside (recorded, one
/// line, never tried again while it stays the same: the app never moves or changes a user's
/// files) and the watch goes on. SIGTERM or SIGINT stop it between documents.
///
/// Idle, it sleeps in `poll` on inotify's descriptor and the stop signal's pipe, waking only to
/// look again every `rescan` seconds (a network file system's changes made on other machines
/// raise no inotify event).
public struct FolderWatch {
    public var inputs: [String]
    public var output: String
    public var settle: Double
    public var rescan: Double = 30
    /// Converts one entry's files to documents whose first is `output`.
    public var convert: (_ files: [String], _ output: String) -> Converter.Report
    /// A line for standard error.
    public var say: (String) -> Void

    public init(inputs: [String], output: String, settle: Double,
                convert: @escaping ([String], String) -> Converter.Report, say: @escaping (String) -> Void) {
        self.inputs = inputs
        self.output = output
        self.settle = settle
        self.convert = convert
        self.say = say
    }

    /// Entries that are never batches: hidden files (a copy tool's file before its rename), a
    /// download or copy in progress by its name, and the output folder when it is inside.
    static func ignored(_ name: String) -> Bool {
        name.hasPrefix(".") || name.hasSuffix("~") || [".part", ".partial", ".crdownload", ".tmp", ".temp"].contains { name.lowercased().hasSuffix($0) }
    }

    /// Runs until a stop is asked for; returns false when the watch could not start (said).
    public func run() -> Bool {
        let state: WatchState
        switch WatchState.open(outputFolder: output) {
        case .failure(let error):
            say("strips: \(error.description)")
            return false
        case .success(let opened): state = opened
        }
        let inotify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard inotify >= 0 else {
            say("strips: --watch: inotify cannot be started (\(String(cString: strerror(errno))))")
            return false
        }
        defer { close(inotify) }
        let events = UInt32(IN_CREATE | IN_MOVED_TO | IN_MOVED_FROM | IN_CLOSE_WRITE | IN_MODIFY | IN_DELETE)
        for folder in inputs where inotify_add_watch(inotify, folder, events) < 0 {
            say("strips: \(folder): cannot be watched (\(String(cString: strerror(errno))))")
            return false
        }
        // A lease broken while it is held (a writer opening the file as it is looked at) raises SIGIO,
        // whose default ends the process; ignored, the writer only waits the microseconds the lease is held.
        signal(SIGIO, SIG_IGN)
        var hot = HotFolder(settle: settle, done: state.done())
        let outputPath = URL(fileURLWithPath: output).standardizedFileURL.path
        while !StopSignals.requested {
            let now = Converter.now()
            let entries = inputs.flatMap { Self.entries(in: $0, skipping: outputPath) { hot.done.contains($0) } }
            for entry in hot.look(entries, at: now) {
                if StopSignals.requested { break }
                let name = (entry.path as NSString).lastPathComponent
                let stem = entry.isFolder ? name : (name as NSString).deletingPathExtension
                let files: [String]
                do {
                    files = try DocumentLoader.imageFiles(in: [entry.path])
                } catch {
                    setAside(entry, "\(error.description)", state: state, hot: &hot)
                    continue
                }
                let report = convert(files, output + "/" + (stem.isEmpty ? name : stem) + ".pdf")
                for line in report.failures { say(line) }
                if report.stopped { break }
                if report.written.isEmpty && report.resumed.isEmpty {
                    setAside(entry, "nothing converted", state: state, hot: &hot)
                } else {
                    hot.finished(entry)
                    if !state.record(entry, outcome: "converted") { say("strips: \(state.path): cannot be written; \(entry.path) may be converted again") }
                }
            }
            if StopSignals.requested { break }
            let wake = hot.nextLook().map { max(0, $0 - Converter.now()) } ?? rescan
            Self.wait(inotify, seconds: min(wake, rescan))
        }
        return true
    }

    private func setAside(_ entry: HotFolder.Entry, _ why: String, state: WatchState, hot: inout HotFolder) {
        say("strips: \(entry.path): set aside (\(why)); it is not tried again unless it changes")
        hot.finished(entry)
        state.record(entry, outcome: "set aside")
    }

    /// Sleeps until a folder changes, a stop is asked for or `seconds` pass; drains the events
    /// (they only wake the watch: what changed is looked at again).
    static func wait(_ inotify: Int32, seconds: Double) {
        var fds = [pollfd(fd: inotify, events: Int16(POLLIN), revents: 0)]
        if StopSignals.descriptor >= 0 { fds.append(pollfd(fd: StopSignals.descriptor, events: Int16(POLLIN), revents: 0)) }
        _ = poll(&fds, nfds_t(fds.count), Int32(min(seconds * 1000, 3_600_000).rounded(.up)))
        var buffer = [UInt8](repeating: 0, count: 16384)
        while buffer.withUnsafeMutableBytes({ read(inotify, $0.baseAddress, $0.count) }) > 0 {}
    }

    /// The entries of one watched folder as they are now.
    /// Entries `done` knows are not asked whether a writer has them open (a lease a file): an
    /// archive's folder of thousands of converted files costs a listing, not thousands of opens.
    static func entries(in folder: String, skipping output: String, done: (HotFolder.Key) -> Bool = { _ in false }) -> [HotFolder.Entry] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var entries: [HotFolder.Entry] = []
        for name in names where !ignored(name) {
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            var info = stat()
            guard stat(path, &info) == 0 else { continue }
            let isFolder = (info.st_mode & S_IFMT) == S_IFDIR
            if isFolder {
                if URL(fileURLWithPath: path).standardizedFileURL.path == output { continue }
                entries.append(folderEntry(path, info, done: done))
            } else if (info.st_mode & S_IFMT) == S_IFREG {
                var entry = HotFolder.Entry(path: path, isFolder: false, size: Int64(info.st_size), modified: nanoseconds(info.st_mtim))
                if !done(entry.key) { entry.beingWritten = openForWriting(path) }
                entries.append(entry)
            }
        }
        return entries
    }

    /// A batch folder: its regular files' sizes and times together, and whether any is open for writing.
    static func folderEntry(_ path: String, _ info: stat, done: (HotFolder.Key) -> Bool) -> HotFolder.Entry {
        var size: Int64 = 0
        var newest = nanoseconds(info.st_mtim)
        var files: [String] = []
        for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] where !name.hasPrefix(".") {
            var file = stat()
            let inner = path + "/" + name
            guard stat(inner, &file) == 0, (file.st_mode & S_IFMT) == S_IFREG else { continue }
            size += Int64(file.st_size)
            newest = max(newest, nanoseconds(file.st_mtim))
            files.append(inner)
        }
        var entry = HotFolder.Entry(path: path, isFolder: true, size: size, modified: newest, files: files.count)
        guard !done(entry.key) else { return entry }
        entry.beingWritten = false
        for file in files {
            switch openForWriting(file) {
            case true?: entry.beingWritten = true
            case nil where entry.beingWritten == false: entry.beingWritten = nil
            default: break
            }
            if entry.beingWritten == true { break }
        }
        return entry
    }

    static func nanoseconds(_ time: timespec) -> Int64 { Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec) }

    /// Whether some process has `path` open for writing: a read lease (`F_SETLEASE`) is refused
    /// exactly then. Nil when leases cannot tell (a file of another user's, a network file system).
    static func openForWriting(_ path: String) -> Bool? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        let setLease: Int32 = 1024  // F_SETLEASE (Linux), from <fcntl.h>
        guard fcntl(fd, setLease, Int32(F_RDLCK)) == 0 else { return errno == EAGAIN || errno == EBUSY ? true : nil }
        _ = fcntl(fd, setLease, Int32(F_UNLCK))
        return false
    }
}
