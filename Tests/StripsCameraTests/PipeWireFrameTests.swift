import CAVCodec
import CPipeWireCamera
import Testing
@testable import StripsCamera
import StripsTestSupport

/// Raw frames as PipeWire hands them (one block per plane, or every plane in one block) made into
/// decoder pictures: each plane lands where libswscale reads it, and a block shorter than the
/// format at its size needs is refused, never read past.
struct PipeWireFrameTests {
    /// An I420 frame `width` x `height` in one block: luma `y(x, row)`, chroma 100 and 200.
    static func i420(width: Int, height: Int, stride: Int, cut: Int = 0) -> [UInt8] {
        let chromaStride = (stride + 1) / 2, chromaRows = (height + 1) / 2
        var bytes = [UInt8](repeating: 0, count: stride * height + 2 * chromaStride * chromaRows - cut)
        for row in 0..<height { for x in 0..<width { bytes[row * stride + x] = UInt8((x + 3 * row) & 0xFF) } }
        let u = stride * height, v = u + chromaStride * chromaRows
        for i in 0..<(chromaStride * chromaRows) where v + i < bytes.count {
            bytes[u + i] = 100
            bytes[v + i] = 200
        }
        return bytes
    }

    static func frame(_ bytes: [UInt8], format: String, width: Int, height: Int, stride: Int, body: (strips_pw_frame) -> Void) {
        bytes.withUnsafeBufferPointer { buffer in
            var received = strips_pw_frame()
            withUnsafeMutableBytes(of: &received.format) { raw in
                for (i, byte) in format.utf8.enumerated() { raw[i] = byte }
            }
            received.width = UInt32(width)
            received.height = UInt32(height)
            received.planes = 1
            received.data.0 = buffer.baseAddress
            received.size.0 = UInt32(buffer.count)
            received.stride.0 = Int32(stride)
            body(received)
        }
    }

    @Test(arguments: [(320, 240, 320), (33, 17, 64), (1, 1, 16)])
    func anI420FrameInOneBlockKeepsItsPlanes(width: Int, height: Int, stride: Int) throws {
        let bytes = Self.i420(width: width, height: height, stride: stride)
        var frame: UnsafeMutablePointer<AVFrame>? = av_frame_alloc()
        defer { av_frame_free(&frame) }
        let picture = try #require(frame)
        Self.frame(bytes, format: "I420", width: width, height: height, stride: stride) { received in
            #expect(PipeWireFeed.copy(received, into: picture))
        }
        #expect(picture.pointee.format == AV_PIX_FMT_YUV420P.rawValue)
        #expect((picture.pointee.width, picture.pointee.height) == (Int32(width), Int32(height)))
        let luma = try #require(strips_frame_plane(picture, 0)), lumaStride = Int(strips_frame_linesize(picture, 0))
        let row = height - 1, x = width - 1
        #expect(luma[row * lumaStride + x] == UInt8((x + 3 * row) & 0xFF))
        let u = try #require(strips_frame_plane(picture, 1)), v = try #require(strips_frame_plane(picture, 2))
        let chromaStride = Int(strips_frame_linesize(picture, 1))
        let lastChroma = ((height + 1) / 2 - 1) * chromaStride + (width + 1) / 2 - 1
        #expect(u[lastChroma] == 100 && v[lastChroma] == 200)
    }

    @Test func aBlockShorterThanTheFormatNeedsIsRefused() throws {
        let bytes = Self.i420(width: 64, height: 48, stride: 64, cut: 1)
        var frame: UnsafeMutablePointer<AVFrame>? = av_frame_alloc()
        defer { av_frame_free(&frame) }
        let picture = try #require(frame)
        Self.frame(bytes, format: "I420", width: 64, height: 48, stride: 64) { received in
            #expect(!PipeWireFeed.copy(received, into: picture))
        }
        // A packed format whose stride is shorter than a row is refused too.
        Self.frame([UInt8](repeating: 7, count: 64 * 48 * 2), format: "YUY2", width: 64, height: 48, stride: 100) { received in
            #expect(!PipeWireFeed.copy(received, into: picture))
        }
        Self.frame([UInt8](repeating: 7, count: 64 * 48 * 2), format: "YUY2", width: 64, height: 48, stride: 128) { received in
            #expect(PipeWireFeed.copy(received, into: picture))
        }
    }

    @Test func theSourceIsNamedPortalAndIsTheDefaultInASandbox() throws {
        #expect(CameraSource.named("portal") == .portal)
        #expect(CameraSource.named("./portal") == .file("./portal"))
        let marker = try TemporaryFolder()
        #expect(try CameraSource.standard(sandboxMarker: marker.path).get() == .portal)
        // Outside a sandbox: the V4L2 path's choice (here a folder with no video devices).
        #expect(throws: CameraFault.noCamera) { try CameraSource.standard(sandboxMarker: marker.file("none"), in: marker.path).get() }
    }
}
