import Testing
@testable import StripsPictures

/// The memory libswscale reads and writes: rows always at aligned addresses (its code path
/// depends on it), strides a multiple of 64, a spare row and 64 bytes past the last row (its
/// vector stores overrun rows), and pictures copied in and out unchanged.
@Suite struct LibraryPixelsTests {
    @Test(arguments: [1, 3, 16, 17, 97])
    func rowsLieAtAlignedAddressesAndKeepTheirBytes(width: Int) throws {
        let rows = 5
        let packed = (0..<(width * 4 * rows)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
        let plane = LibraryPixels(width: width, height: rows, bytesPerPixel: 4)
        plane.copy(packed)
        #expect(Int(bitPattern: plane.base) % 64 == 0)
        #expect(plane.stride % 64 == 0 && plane.stride >= width * 4 && plane.stride < width * 4 + 64)
        #expect(plane.byteCount >= plane.stride * (rows + 1) + 64)
        for row in 0..<rows {
            let copied = Array(UnsafeBufferPointer(start: plane.base + row * plane.stride, count: width * 4))
            #expect(copied == Array(packed[(row * width * 4)..<((row + 1) * width * 4)]))
        }
        let back = plane.pixels(.bgra)
        #expect(back.width == width && back.height == rows && back.bytes == packed)
        let again = LibraryPixels(try #require(PixelBuffer(width: width, height: rows, format: .bgra, bytes: packed)))
        #expect(again.pixels(.bgra).bytes == packed)
    }
}
