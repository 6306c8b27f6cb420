import Foundation
import Testing
@testable import StripsRecording
import StripsTestSupport

@Suite struct RecordingLocationTests {
    private func home(videos: Bool, pictures: Bool, userDirs: String?) throws -> (TemporaryFolder, [String: String]) {
        let folder = try TemporaryFolder()
        let fm = FileManager.default
        if videos { try fm.createDirectory(atPath: folder.path + "/Vidéos", withIntermediateDirectories: true) }
        if pictures { try fm.createDirectory(atPath: folder.path + "/Pics", withIntermediateDirectories: true) }
        if let userDirs {
            try fm.createDirectory(atPath: folder.path + "/.config", withIntermediateDirectories: true)
            try userDirs.write(toFile: folder.path + "/.config/user-dirs.dirs", atomically: true, encoding: .utf8)
        }
        return (folder, ["HOME": folder.path])
    }

    private let userDirs = """
        # This file is written by xdg-user-dirs-update
        XDG_DESKTOP_DIR="$HOME/Desktop"
        XDG_VIDEOS_DIR="$HOME/Vidéos"
        XDG_PICTURES_DIR="$HOME/Pics"
        XDG_MUSIC_DIR="$HOME/"
        """

    @Test func videosFirstThenPicturesThenHome() throws {
        let (a, envA) = try home(videos: true, pictures: true, userDirs: userDirs)
        #expect(RecordingLocation.defaultFolder(environment: envA) == a.path + "/Vidéos")
        let (b, envB) = try home(videos: false, pictures: true, userDirs: userDirs)
        #expect(RecordingLocation.defaultFolder(environment: envB) == b.path + "/Pics")
        let (c, envC) = try home(videos: true, pictures: true, userDirs: nil)
        #expect(RecordingLocation.defaultFolder(environment: envC) == c.path)
    }

    @Test func xdgConfigHomeIsReadFirst() throws {
        let (folder, env) = try home(videos: true, pictures: true, userDirs: nil)
        try FileManager.default.createDirectory(atPath: folder.path + "/cfg", withIntermediateDirectories: true)
        try "XDG_VIDEOS_DIR=\"\(folder.path)/Pics\"\n".write(toFile: folder.path + "/cfg/user-dirs.dirs", atomically: true, encoding: .utf8)
        var withConfig = env
        withConfig["XDG_CONFIG_HOME"] = folder.path + "/cfg"
        #expect(RecordingLocation.defaultFolder(environment: withConfig) == folder.path + "/Pics")
    }

    @Test func parsesTheSpecsForms() {
        let dirs = RecordingLocation.parseUserDirs(userDirs + "\nXDG_X_DIR=\"/abs/x\"\nXDG_BAD_DIR=relative\nnot a line", home: "/h")
        #expect(dirs == ["XDG_DESKTOP_DIR": "/h/Desktop", "XDG_VIDEOS_DIR": "/h/Vidéos", "XDG_PICTURES_DIR": "/h/Pics",
                         "XDG_MUSIC_DIR": "/h/", "XDG_X_DIR": "/abs/x"])
    }

    @Test func timestampedNamesNeverOverwrite() throws {
        let folder = try TemporaryFolder()
        let date = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18 11:06:40 UTC
        let utc = try #require(TimeZone(identifier: "UTC"))
        let first = RecordingLocation.newFile(in: folder.path, at: date, timeZone: utc)
        #expect(first == folder.path + "/Strips 2026-11-18 11.06.40.gif")
        try Data().write(to: URL(fileURLWithPath: first))
        let second = RecordingLocation.newFile(in: folder.path, at: date, timeZone: utc)
        #expect(second == folder.path + "/Strips 2026-11-18 11.06.40 2.gif")
        try Data().write(to: URL(fileURLWithPath: second))
        #expect(RecordingLocation.newFile(in: folder.path, at: date, timeZone: utc).hasSuffix("11.06.40 3.gif"))
        // Another format is another name: the GIFs taken do not push a video's number up.
        #expect(RecordingLocation.newFile(in: folder.path, at: date, timeZone: utc, format: .mp4) == folder.path + "/Strips 2026-11-18 11.06.40.mp4")
    }
}
