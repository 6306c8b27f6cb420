import Testing
@testable import StripsRecording

/// The rows libswscale reads: where they lie decides its code path, so they always lie the same way.
@Suite struct AlignedPlaneTests {
    @Test(arguments: [1, 3, 16, 17, 97])
    func rowsLieAtAlignedAddressesAndKeepTheirBytes(width: Int) {
        let rows = 5
        let packed = (0..<(width * 4 * rows)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
        let plane = AlignedPlane(rowBytes: width * 4, rows: rows)
        plane.copy(packed)
        #expect(Int(bitPattern: plane.base) % 64 == 0)
        #expect(plane.stride % 64 == 0 && plane.stride >= width * 4 && plane.stride < width * 4 + 64)
        for row in 0..<rows {
            let copied = Array(UnsafeBufferPointer(start: plane.base + row * plane.stride, count: width * 4))
            #expect(copied == Array(packed[(row * width * 4)..<((row + 1) * width * 4)]))
        }
    }
}
