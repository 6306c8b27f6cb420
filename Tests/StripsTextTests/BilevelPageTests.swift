import StripsPictures
@testable import StripsText
import Testing

/// A page already black and white is read with Otsu's threshold (which keeps its pixels), not
/// Sauvola's windowed one: only when every pixel is 0 or 255.
@Suite struct BilevelPageTests {
    @Test func onlyBlackAndWhitePixelsMakeABilevelPage() {
        var page = PixelBuffer(width: 37, height: 5, format: .grey, filledWith: 255)
        #expect(Recognizer.isBilevel(page))
        for i in stride(from: 0, to: page.bytes.count, by: 3) { page.bytes[i] = 0 }
        #expect(Recognizer.isBilevel(page))
        for grey: UInt8 in [1, 127, 128, 254] {
            var greyed = page
            greyed.bytes[page.bytes.count - 1] = grey
            #expect(!Recognizer.isBilevel(greyed), "grey \(grey)")
        }
    }
}
