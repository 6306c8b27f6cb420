import Foundation
import StripsSDL

/// `--json --cold`: the scans (written once, when the folder holds none), the baselines and the
/// two cold children, then one JSON line with every figure and its ratio to the baseline.
struct ColdDriver {
    let options: Options
    let root: String
    let executable: String

    func run() throws {
        let folder = options.folder ?? root
        let count = try scans(in: folder)
        let cores = ProcessInfo.processInfo.activeProcessorCount
        // The files are read once first, so every run below finds them in memory alike.
        Tool.run("cat '\(folder)'/*.jpg > /dev/null 2>&1")
        let (djpeg, vips) = ColdRun.baselines(folder: folder, cores: cores, scratch: root + "-vips")
        let openCache = root + "-cache-open", allCache = root + "-cache-all"
        for cache in [openCache, allCache] { try? FileManager.default.removeItem(atPath: cache) }
        defer { for cache in [openCache, allCache] { try? FileManager.default.removeItem(atPath: cache) } }
        let all = try JSONDecoder().decode(ColdRun.AllReady.self, from: childOutput(["--child", "allready", "--folder", folder, "--cache", allCache]))
        let open = try JSONDecoder().decode(ColdRun.Open.self, from: childOutput(["--child", "coldopen", "--folder", folder, "--cache", openCache]))
        let paging = try JSONDecoder().decode(ColdRun.Paging.self, from: childOutput(["--child", "paging", "--folder", folder,
                                                                                      "--count", "\(min(count, 300))"]))
        if options.folder == nil { try? FileManager.default.removeItem(atPath: folder) }
        var line: [(String, Any)] = [
            ("pages", count), ("cores", cores), ("workers", all.workers), ("load_average", loadAverage()),
            ("first_frame_s", open.firstFrame), ("thumbnails_in_view_s", open.thumbnailsInView),
            ("thumbnails_all_ready_s", all.seconds), ("thumbnails_all_ready_cpu_s", all.cpuSeconds),
            ("thumbnails_decoded", all.decoded), ("thumbnails_failed", all.failed),
            ("fling_frames", open.flingFrames),
            ("fling_placeholder_share", open.flingThumbnails == 0 ? 0 : Double(open.flingPlaceholders) / Double(open.flingThumbnails)),
            ("placeholders_at_rest", open.placeholdersAtRest), ("rest_to_complete_s", open.restToComplete),
            ("peak_rss_open_mib", open.peakRSS), ("peak_rss_all_ready_mib", all.peakRSS), ("peak_textures_mib", open.peakTexturesMiB),
            ("paging_pages", paging.pages), ("paging_frames", paging.frames), ("paging_preview_placeholders", paging.previewPlaceholders),
            ("paging_peak_rss_mib", paging.peakRSS), ("paging_peak_textures_mib", paging.peakTexturesMiB),
        ]
        if let djpeg {
            line += [("djpeg_scale_1_8_s", djpeg.wall), ("djpeg_scale_1_8_cpu_s", djpeg.cpu), ("all_ready_vs_djpeg", all.seconds / djpeg.wall),
                     ("all_ready_cpu_vs_djpeg_cpu", all.cpuSeconds / djpeg.cpu)]
        }
        if let vips {
            line += [("vipsthumbnail_s", vips.wall), ("vipsthumbnail_cpu_s", vips.cpu), ("all_ready_vs_vipsthumbnail", all.seconds / vips.wall),
                     ("all_ready_cpu_vs_vipsthumbnail_cpu", all.cpuSeconds / vips.cpu)]
        }
        say("{" + line.map { "\"\($0.0)\": \(Self.json($0.1))" }.joined(separator: ", ") + "}")
    }

    /// The folder's scans; when it holds none, `--thumbnail-pages` of them are written first.
    private func scans(in folder: String) throws -> Int {
        let existing = (try? FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".jpg") }.count) ?? 0
        if existing > 0 { return existing }
        let count = max(1, options.thumbnailPages)
        FileHandle.standardError.write(Data("strips-bench-load: writing \(count) scans into \(folder)\n".utf8))
        _ = try generate(count: count, in: folder, scans: [makeScan(seed: 1), withOrientation6(makeScan(seed: 2))])
        return count
    }

    private func loadAverage() -> Double {
        var loads = [Double](repeating: 0, count: 3)
        return getloadavg(&loads, 3) == 3 ? loads[0] : -1
    }

    private static func json(_ value: Any) -> String {
        switch value {
        case let d as Double: return d.isFinite ? String(format: "%.4g", d) : "null"
        case let i as Int: return String(i)
        default: return "\"\(value)\""
        }
    }
}
