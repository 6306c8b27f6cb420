import Foundation
import StripsCameraFootage
import StripsPictures
import StripsTestSupport
import Testing

/// The recording path over hostile camera files (issue 38): a scripted window with a film as the
/// camera, recorded to a video, for the widths libswscale's vector code wrote past (1, 2, 13, 40,
/// 63) and the standard sizes the probe used (426x240 aborted with a corrupted heap), in the four
/// layouts cameras give. Each run draws the live picture into the window and encodes the window's
/// frames (another swscale conversion, RGB to the encoder's YUV). `Scripts/sanitize.sh hostile`
/// runs it with the binary built under AddressSanitizer, whose report would land in stderr.
@Suite struct CameraRecordingTests {
    let cli = CommandLineTests()
    static let sizes = [(1, 9), (2, 9), (13, 9), (40, 9), (63, 9), (160, 120), (176, 144), (426, 240), (854, 480), (1280, 720)]

    static let encodings: [FootageWriter.Encoding] = [.raw("yuv420p"), .raw("yuv422p"), .raw("nv12"), .mjpeg]

    @Test(arguments: encodings)
    func aWindowWithTheCameraRecordsAtEverySize(_ encoding: FootageWriter.Encoding) throws {
        let script = try cli.temp("camera-record.txt", "window 320 240\nat 0 key ctrl+k\nat 700 end\n")
        for (width, height) in Self.sizes {
            let name = "camera-record-\(width)x\(height)-\(encoding)-\(UUID().uuidString.prefix(6))"
            let film = try cli.temp(name + (encoding == .mjpeg ? ".avi" : ".nut"))
            let video = try cli.temp(name + ".mp4"), state = try cli.temp(name + "-state")
            defer { for path in [film, video, state] { try? FileManager.default.removeItem(atPath: path) } }
            var rgb = [UInt8](repeating: 0, count: width * height * 3)
            for i in rgb.indices { rgb[i] = UInt8(truncatingIfNeeded: i * 7) }
            let picture = try #require(PixelBuffer(width: width, height: height, format: .rgb, bytes: rgb))
            try FootageWriter.write(frames: 6, width: width, height: height, rate: 12, to: film, encoding: encoding) { _ in picture }
            let result = try cli.run(["photos", "--script", script, "--camera", film, "--record", video, "--record-scale", "0.5"],
                                     environment: ["XDG_STATE_HOME": state])
            #expect(result.status == 0 && !result.stderr.contains("Sanitizer"), "\(width)x\(height) \(encoding): \(result.stderr)")
            let bytes = (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: video)))) ?? []
            #expect(bytes.count > 1000 && Array(bytes[4..<8]) == Array("ftyp".utf8), "\(width)x\(height) \(encoding): \(bytes.count) bytes")
        }
    }
}
