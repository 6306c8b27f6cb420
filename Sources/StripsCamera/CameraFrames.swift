import Foundation
import StripsCore
import StripsPictures

/// A camera's frames as the host uses them, by one thread at a time: the next one decoded (its
/// time in seconds), made into what a look needs, kept for a take. `CameraInput` in the program
/// (ffmpeg: a device, a video file, the portal's PipeWire stream); a stand-in in the host's unit
/// tests, which then decode nothing.
public protocol CameraFrames: AnyObject {
    var width: Int { get }
    var height: Int { get }
    /// Frames a second as the stream states it (0: unknown).
    var rate: Double { get }
    /// `MJPEG 1280x720 at 30 fps`, for the view.
    var label: String { get }
    /// Decodes the next frame; its time since the first. Throws how the stream stopped.
    func next() throws(CameraFault) -> Double
    /// The frame `next` decoded as a look needs it (`CameraInput.convert`).
    func convert(shownWithin shown: (Int, Int)?) -> FramePixels?
    /// The frame `next` decoded, kept for a take.
    func keep(as index: Int) -> (any TakenFrame)?
}

/// A frame kept for a take: made into pixels only if it is taken.
public protocol TakenFrame: AnyObject, Sendable {
    var index: Int { get }
    /// The whole frame, as BGRA.
    func pixels() -> PixelBuffer?
}

extension CameraInput: CameraFrames {
    public func keep(as index: Int) -> (any TakenFrame)? { kept(as: index) }
}

extension KeptFrame: TakenFrame {}

/// How a camera is opened: `source` with the session's `environment` (the portal's bus).
public typealias CameraOpener = @Sendable (_ source: CameraSource, _ environment: [String: String]) throws(CameraFault) -> any CameraFrames

public enum CameraOpeners {
    /// ffmpeg's (`CameraInput`).
    public static let ffmpeg: CameraOpener = { source, environment throws(CameraFault) in try CameraInput(source, environment: environment) }
}
