/// One captured frame: tightly packed ARGB8888 pixels (bytes B, G, R, A on little-endian), as a
/// renderer reads them back, plus its 30 fps slot.
public struct RecordedFrame: Sendable {
    public let width: Int
    public let height: Int
    public let slot: Int
    /// width * height * 4 bytes, rows without padding.
    public let pixels: [UInt8]

    public init(width: Int, height: Int, slot: Int, pixels: [UInt8]) {
        precondition(width > 0 && height > 0 && pixels.count == width * height * 4, "frame size and pixel count disagree")
        self.width = width
        self.height = height
        self.slot = slot
        self.pixels = pixels
    }

    /// Copies rows of `pitch` bytes; the caller's buffer is reused for the next frame.
    public init(copying base: UnsafeRawPointer, width: Int, height: Int, pitch: Int, slot: Int) {
        precondition(width > 0 && height > 0 && pitch >= width * 4, "bad frame geometry")
        let rowBytes = width * 4
        let pixels = [UInt8](unsafeUninitializedCapacity: rowBytes * height) { buffer, count in
            guard let destination = buffer.baseAddress else { return }
            if pitch == rowBytes {
                destination.update(from: base.assumingMemoryBound(to: UInt8.self), count: rowBytes * height)
            } else {
                for row in 0..<height {
                    (destination + row * rowBytes).update(
                        from: (base + row * pitch).assumingMemoryBound(to: UInt8.self), count: rowBytes)
                }
            }
            count = rowBytes * height
        }
        self.init(width: width, height: height, slot: slot, pixels: pixels)
    }
}

extension RecordedFrame {
    /// This frame cropped or padded with black to `width` x `height`: a frame of another size
    /// (the window was resized mid-recording) keeps the first frame's size, as a GIF has one
    /// screen size and a video one picture size.
    public func fitted(width newWidth: Int, height newHeight: Int) -> RecordedFrame {
        guard newWidth != width || newHeight != height else { return self }
        var output = [UInt8](repeating: 0, count: newWidth * newHeight * 4)
        let columns = min(width, newWidth) * 4
        for y in 0..<min(height, newHeight) {
            output.replaceSubrange(y * newWidth * 4 ..< y * newWidth * 4 + columns,
                                   with: pixels[y * width * 4 ..< y * width * 4 + columns])
        }
        return RecordedFrame(width: newWidth, height: newHeight, slot: slot, pixels: output)
    }
}
