import StripsCore

/// What a headless run may draw into memory for one picture, checked before it is drawn: a
/// screenshot of `window 16384 16384` at `--scale 4` would need 17 GB (it had passed 7 GB when it
/// was stopped), a recording at `--scale 4` drew 12.6 MP sixty times a second of script (an 8 s
/// script: 277 s and 3.6 GB). Each is refused with one line naming the sizes and what to lower.
enum PixelBudget {
    /// A screenshot: at most 16,384 device pixels a side (SDL's own limit for a surface) and
    /// 16,384 x 16,384 in all (1 GiB of BGRA).
    static let screenshotSide = 16_384.0
    static let screenshotPixels = 16_384.0 * 16_384.0
    /// A recording's frames as drawn (before `--record-scale`): at most 3840 x 2160 (4K UHD).
    static let recordedPixels = 3840.0 * 2160.0

    struct Exceeded: Error, CustomStringConvertible {
        var description: String
    }

    /// The device pixels of `window` points at `scale`.
    static func pixels(_ window: Size, scale: Double) -> (width: Int, height: Int) {
        (Int((window.width * scale).rounded(.up)), Int((window.height * scale).rounded(.up)))
    }

    static func checkScreenshot(_ window: Size, scale: Double) throws(Exceeded) {
        let (w, h) = pixels(window, scale: scale)
        guard Double(w) > screenshotSide || Double(h) > screenshotSide || Double(w) * Double(h) > screenshotPixels else { return }
        throw Exceeded(description: "a screenshot of \(w) x \(h) pixels (the window's \(points(window)) points at --scale \(number(scale))) "
            + "is more than a screenshot may have (\(Int(screenshotSide)) x \(Int(screenshotSide))); use a smaller window or --scale")
    }

    static func checkRecording(_ window: Size, scale: Double) throws(Exceeded) {
        let (w, h) = pixels(window, scale: scale)
        guard Double(w) * Double(h) > recordedPixels else { return }
        throw Exceeded(description: "recording: frames of \(w) x \(h) pixels (the window's \(points(window)) points at --scale \(number(scale))) "
            + "are more than a recording draws (3840 x 2160, 8.3 MP a frame); use a smaller window or --scale")
    }

    private static func points(_ size: Size) -> String { "\(number(size.width)) x \(number(size.height))" }

    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
