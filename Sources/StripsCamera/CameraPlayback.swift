import Foundation
import StripsCore
import StripsPhotosFeatures
import StripsPictures

/// The camera in a script: a video file (or a device) read on the scene's clock, frame by frame
/// on the caller's thread, so a run is the same every time. `advance` delivers the frame whose
/// time has come (the newest that has, earlier ones decoded and passed over), shown in the
/// `LivePicture`, looked at at once.
public final class CameraPlayback {
    public let input: any CameraFrames
    public let source: CameraSource
    private let picture: LivePicture
    private let frames = RecentFrames()
    /// The next frame decoded ahead (not yet due), and its index and time.
    private var ahead: (index: Int, time: Double)?
    private var nextIndex = 0
    public private(set) var stopped: CameraFault?

    /// `open`: how the camera is opened (ffmpeg's; a test's stand-in).
    public init(_ source: CameraSource, picture: LivePicture, environment: [String: String] = ProcessInfo.processInfo.environment,
                open: CameraOpener = CameraOpeners.ffmpeg) throws(CameraFault) {
        input = try open(source, environment)
        self.source = source
        self.picture = picture
    }

    public var info: CameraInfo {
        CameraInfo(source: source.name, size: Size(width: Double(input.width), height: Double(input.height)),
                   rate: input.rate, label: input.label)
    }

    /// The news at `elapsed` seconds since the camera opened: the look at the frame due now if it
    /// is new, and the stream's end once it comes.
    public func advance(to elapsed: Double) -> [CameraNews] {
        guard stopped == nil else { return [] }
        var due: (index: Int, pixels: FramePixels, kept: (any TakenFrame)?)?
        while true {
            if ahead == nil {
                do {
                    ahead = (nextIndex, try input.next())
                    nextIndex += 1
                } catch {
                    stopped = error
                    break
                }
            }
            guard let next = ahead, next.time <= elapsed + 1e-6 else { break }
            ahead = nil
            // The decoder's picture is this frame's only until the next is decoded: its pixels
            // now (cheap); only the last frame due is looked at (the detector is not).
            if let pixels = input.convert(shownWithin: picture.wanted) { due = (next.index, pixels, input.keep(as: next.index)) }
        }
        var news: [CameraNews] = []
        if let due {
            picture.show(due.pixels.shown)
            if let kept = due.kept { frames.add(kept) }
            news.append(.looked(PageLooker.look(frame: due.index, due.pixels)))
        }
        if let stopped { news.append(.stopped(stopped.message)) }
        return news
    }

    /// Frame `index` for a take, else the newest kept.
    public func frame(_ index: Int) -> (any TakenFrame)? { frames.frame(index) }
}
