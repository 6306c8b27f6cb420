import StripsCore
import StripsLooks
import StripsPictures
import StripsSampleScans
import Testing

@Suite("Looks")
struct LooksTests {
    /// The synthetic page is about 70 px an inch (600 px wide for 8.5 in).
    static let pageInches = 600.0 / 8.5

    @Test("colour evens a shadowed paper to white: background spread from over 100 levels to under 12")
    func colourEvensTheBackground() {
        let page = SyntheticPage.standard
        let before = page.paper.map { Measure.luma(page.picture, $0) }
        #expect(Measure.spread(before) > 100)
        let colour = Looks.apply(.colour, to: page.picture, pixelsPerInch: Self.pageInches)
        #expect(colour.format == .rgb && colour.width == page.picture.width && colour.height == page.picture.height)
        let after = page.paper.map { Measure.luma(colour, $0) }
        #expect(Measure.spread(after) < 12)
        #expect(Measure.mean(after) > 248)
        // Contrast restored: the ink bars are as dark in the shadow as in the light.
        #expect(Measure.darkShare(colour, page.bars) > 0.97)
    }

    @Test("colour turns a yellowed sheet white in every channel and keeps a bgra picture bgra")
    func colourWhitensTintedPaper() {
        let page = SyntheticPage.tintedBGRA
        let colour = Looks.apply(.colour, to: page.picture, pixelsPerInch: Self.pageInches)
        #expect(colour.format == .bgra)
        for channel in 0..<3 {
            let values = page.paper.map { Double(colour.bytes[$0 * 4 + channel]) }
            #expect(Measure.mean(values) > 247, "channel \(channel)")
        }
        #expect(page.paper.allSatisfy { colour.bytes[$0 * 4 + 3] == 255 })
    }

    @Test("colour keeps a red mark red (channels stay in their places for rgb and bgra)")
    func colourKeepsHue() {
        for format in [PixelBuffer.Format.rgb, .bgra] {
            var page = SyntheticPage(format: format)
            // A red square in full light.
            let n = format.bytesPerPixel
            let (r, b) = format == .rgb ? (0, 2) : (2, 0)
            for y in 300..<340 {
                for x in 400..<440 {
                    let i = (y * page.picture.width + x) * n
                    page.picture.bytes[i + r] = 200; page.picture.bytes[i + 1] = 30; page.picture.bytes[i + b] = 30
                }
            }
            let colour = Looks.apply(.colour, to: page.picture, pixelsPerInch: Self.pageInches)
            let i = (320 * page.picture.width + 420) * n
            #expect(colour.bytes[i + r] > 150 && colour.bytes[i + 1] < 60 && colour.bytes[i + b] < 60, "\(format)")
        }
    }

    @Test("grey gives one channel with an even white background")
    func greyIsEvenAndGrey() {
        let page = SyntheticPage.standard
        let grey = Looks.apply(.grey, to: page.picture, pixelsPerInch: Self.pageInches)
        #expect(grey.format == .grey && grey.bytes.count == page.picture.width * page.picture.height)
        let after = page.paper.map { Measure.luma(grey, $0) }
        #expect(Measure.spread(after) < 12)
        #expect(Measure.mean(after) > 248)
    }

    @Test("bw keeps one-pixel hairlines at 45 % contrast in deep shadow and in light, and clean white paper")
    func bwKeepsThinStrokes() {
        let page = SyntheticPage.standard
        let bw = Looks.apply(.bw, to: page.picture, pixelsPerInch: Self.pageInches)
        #expect(bw.format == .grey)
        #expect(Set(bw.bytes).isSubset(of: [0, 255]))
        #expect(Measure.darkShare(bw, page.shadowedHairline) > 0.9)
        #expect(Measure.darkShare(bw, page.litHairline) > 0.9)
        #expect(Measure.darkShare(bw, page.bars) > 0.97)
        // Not a single speck in a thousand on the paper, shadow or not.
        #expect(Measure.darkShare(bw, page.paper) < 0.001)
    }

    @Test("a plain global threshold loses the shadowed paper: what the evening is for")
    func plainThresholdFails() {
        // The same page thresholded at mid-grey without evening: the shadow's paper turns black.
        let page = SyntheticPage.standard
        #expect(Measure.darkShare(page.picture, page.paper) > 0.1)
    }

    @Test("original is the picture untouched")
    func originalIsUntouched() {
        let page = SyntheticPage(width: 80, height: 100)
        #expect(Looks.apply(.original, to: page.picture) == page.picture)
    }

    @Test("a thumbnail and a full page look alike: the look of an eighth-size decode matches the full look reduced")
    func looksAreScaleFree() throws {
        var style = SampleScanStyle.standardSet[0]
        style.shadow = 0.5
        let full = try #require(SampleScanner.scan(style, dpi: 96))
        // What the thumbnail path decodes: libjpeg-turbo's 1/8 scaled decode of the same file.
        let small = try #require(SampleJPEG.decode(full.jpeg, reduction: 8))
        let width = full.picture.width / 8, height = full.picture.height / 8
        let original = Measure.reducedLuma(full.picture, by: 8)
        for look in [Look.colour, .grey, .bw] {
            let fullLook = Measure.reducedLuma(Looks.apply(look, to: full.picture), by: 8)
            let smallLook = Looks.apply(look, to: small)
            var difference = 0.0, shadowGap = 0.0
            for y in 0..<height {
                for x in 0..<width {
                    difference += abs(fullLook[y * width + x] - Measure.luma(smallLook, y * smallLook.width + x))
                    shadowGap += abs(fullLook[y * width + x] - original[y * width + x])
                }
            }
            difference /= Double(width * height)
            shadowGap /= Double(width * height)
            // The shadowed original differs from its look by far more than the two looks differ.
            // bw's full page is thresholded, its thumbnail the evened grey (a thresholded thumbnail
            // is blank: 22.5 here), so their reductions differ more than the other looks' (5.8-6.5).
            #expect(difference < (look == .bw ? 10 : 6), "\(look): \(difference)")
            #expect(shadowGap > 4 * difference, "\(look): \(shadowGap) vs \(difference)")
        }
    }

    @Test("tiny, one-pixel and empty pictures come back without a crash, in the look's format")
    func tinyPictures() {
        for (w, h) in [(1, 1), (2, 3), (7, 5), (0, 0), (1, 400)] {
            let picture = PixelBuffer(width: w, height: h, format: .rgb, filledWith: 200)
            for look in Look.allCases {
                let result = Looks.apply(look, to: picture)
                #expect(result.width == w && result.height == h, "\(look) \(w)x\(h)")
            }
        }
    }

    @Test("the look cycle goes original, colour, grey, bw and round")
    func cycle() {
        #expect(Look.original.next == .colour && Look.colour.next == .grey && Look.grey.next == .bw && Look.bw.next == .original)
        #expect(Look(rawValue: "bw") == .bw && Look.colour.name == "colour")
    }
}
