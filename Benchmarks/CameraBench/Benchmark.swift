import Foundation
import StripsCamera
import StripsCameraFootage
import StripsCore
import StripsPhotosFeatures
import StripsPhotos
import StripsPictures

/// The camera's numbers per frame size: decoding (ffmpeg's MJPEG decoder, one thread) against the
/// `ffmpeg` command decoding the same file in the same run; converting (the picture shown, as a
/// 1024x768 window draws it, the detector's small copy and the grey copy the content is sampled
/// from); looking (the border detector and the page's signature); and the
/// time from a page coming to rest to its taking, on the scene's clock and live (the capture's
/// threads at the film's own rate, the detector's delay included). Times are this thread's
/// processor time (the machine is shared) and wall time.
struct Benchmark {
    let folder: String

    struct Timing {
        var cpu: [Double] = []
        var wall: [Double] = []

        mutating func measure<T>(_ body: () throws -> T) rethrows -> T {
            let c0 = Self.threadCPU(), w0 = Self.wall()
            let result = try body()
            cpu.append((Self.threadCPU() - c0) * 1000)
            wall.append((Self.wall() - w0) * 1000)
            return result
        }

        static func threadCPU() -> Double {
            var t = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
            return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
        }

        static func wall() -> Double {
            var t = timespec()
            clock_gettime(CLOCK_MONOTONIC, &t)
            return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
        }

        var json: [String: Any] {
            let c = Percentiles(cpu), w = Percentiles(wall)
            return ["cpu_ms_p50": round2(c.p50), "cpu_ms_p99": round2(c.p99), "cpu_ms_mean": round2(c.mean), "wall_ms_p50": round2(w.p50),
                    "wall_ms_mean": round2(w.mean)]
        }
    }

    func film(_ width: Int, _ height: Int) throws -> (CameraFilm, String) {
        let film = CameraFilm(.desk, width: width, height: height, rate: 30)
        let path = folder + "/desk-\(width)x\(height).avi"
        if !FileManager.default.fileExists(atPath: path) { try FootageWriter.write(film, to: path) }
        return (film, path)
    }

    func run(sizes: [(Int, Int)]) throws -> [String: Any] {
        var results: [[String: Any]] = []
        for (width, height) in sizes {
            let (film, path) = try film(width, height)
            var decode = Timing(), convert = Timing(), look = Timing()
            let input = try CameraInput(.file(path))
            var frames = 0
            var found = 0
            while true {
                guard (try? decode.measure({ try input.next() })) != nil else { break }
                // Shown as the window at 1024x768 draws it (1000 x 562 pixels).
                guard let pixels = convert.measure({ input.convert(shownWithin: (1000, 562)) }) else { continue }
                let seen = look.measure { PageLooker.look(frame: frames, pixels) }
                if seen.quad != nil { found += 1 }
                frames += 1
            }
            let ffmpeg = Self.ffmpegDecodeMilliseconds(path, frames: frames)
            let budget = 1000 / film.rate
            var entry: [String: Any] = [
                "size": "\(width)x\(height)", "frames": frames, "page_found_in": frames > 0 ? round2(Double(found) / Double(frames)) : 0,
                "decode": decode.json, "convert": convert.json, "look": look.json,
                "look_share_of_frame": round2(Percentiles(look.cpu).mean / budget),
                "rest_to_take_s_scene_clock": try sceneClockTakes(film, path).map(round2),
                "rest_to_take_s_live": try liveTakes(film, path).map(round2),
            ]
            if let ffmpeg {
                entry["ffmpeg_decode_ms_per_frame"] = round2(ffmpeg)
                entry["decode_vs_ffmpeg"] = round2(Percentiles(decode.cpu).mean / ffmpeg)
            }
            results.append(entry)
        }
        return ["camera": results, "goals": ["look_share_of_frame": "< 1 at 720p (every frame at 30 fps on one core)",
                                             "rest_to_take_s": "< 0.8"]]
    }

    /// The film through the editor on the scene's clock, as a script runs it: for each rest, the
    /// time from its start to the page being taken.
    func sceneClockTakes(_ film: CameraFilm, _ path: String) throws -> [Double] {
        let host = CameraHost(options: CameraHost.Options(source: .file(path), live: false) { _, name, _, _ in .success("/dev/null/\(name)") })
        defer { host.finish() }
        var scene = PhotosScene(documentName: "bench", pages: [], windowSize: Size(width: 1024, height: 768))
        var takes: [Double] = []
        var t = 0.0
        func deliver(_ events: [HostEvent]) {
            for event in events {
                for effect in scene.handle(.host(event), at: t) {
                    if let request = effect.as(CameraRequest.self) {
                        if case .take = request { takes.append(t) }
                        deliver(host.run(request))
                    }
                }
            }
        }
        host.clock(0)
        for effect in scene.handle(.key(Key(.k, ctrl: true)), at: 0) { if let r = effect.as(CameraRequest.self) { deliver(host.run(r)) } }
        while t < film.duration {
            host.clock(t)
            deliver(host.poll())
            scene.tick(at: t)
            t += 1.0 / 60
        }
        return delays(takes, film)
    }

    /// The film played at its own rate through the window's capture threads, each look fed to the
    /// watch as it arrives (at its arrival, in film time): the take's delay after each rest began.
    func liveTakes(_ film: CameraFilm, _ path: String) throws -> [Double] {
        final class Heard: @unchecked Sendable {
            let lock = NSLock()
            var watch = PageWatch()
            var takes: [Double] = []
            var start: Double?
        }
        let heard = Heard()
        let done = DispatchSemaphore(value: 0)
        let capture = CameraCapture(source: .file(path), picture: LivePicture()) { news in
            heard.lock.lock()
            defer { heard.lock.unlock() }
            switch news {
            case .opened: heard.start = Timing.wall()
            case .looked(let look):
                let now = Timing.wall() - (heard.start ?? Timing.wall())
                let diagonal = (look.size.width * look.size.width + look.size.height * look.size.height).squareRoot()
                if heard.watch.look(look.quad, signature: look.signature, diagonal: diagonal, at: now) { heard.takes.append(now) }
            case .stopped, .failed: done.signal()
            case .taken: break
            }
        }
        _ = done.wait(timeout: .now() + film.duration + 30)
        capture.stop()
        capture.waitUntilFinished(timeout: 5)
        heard.lock.lock()
        defer { heard.lock.unlock() }
        return delays(heard.takes, film)
    }

    /// Each rest's delay to the first take in it (or after it ended: a take that came too late).
    func delays(_ takes: [Double], _ film: CameraFilm) -> [Double] {
        film.rests.map { rest in takes.first { $0 >= rest.from - 0.05 }.map { $0 - rest.from } ?? .infinity }
    }

    /// `ffmpeg -threads 1` decoding the file to nothing: milliseconds a frame of processor time,
    /// or nil without the command.
    static func ffmpegDecodeMilliseconds(_ path: String, frames: Int) -> Double? {
        guard frames > 0, let ffmpeg = ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"].first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = ["-nostdin", "-v", "error", "-threads", "1", "-i", path, "-f", "null", "-"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        var before = rusage(), after = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &before)
        guard (try? process.run()) != nil else { return nil }
        process.waitUntilExit()
        getrusage(RUSAGE_CHILDREN.rawValue, &after)
        func seconds(_ u: rusage) -> Double {
            Double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + Double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6
        }
        return process.terminationStatus == 0 ? (seconds(after) - seconds(before)) * 1000 / Double(frames) : nil
    }
}

func round2(_ v: Double) -> Double { v.isFinite ? (v * 100).rounded() / 100 : -1 }
