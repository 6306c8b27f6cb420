import CSDL2
import Foundation
import StripsCore

/// What a page that cannot be shown looks like: a muted card of the page's shape with a warning
/// mark, and, where there is room, the file's name and the reason.
extension Canvas {
    static let errorCardColor = Color(74, 66, 70)
    static let errorMarkColor = Color(224, 150, 92)
    static let errorReasonColor = Color(214, 204, 204)

    func drawErrorCard(_ card: ErrorCard) {
        guard card.alpha > 0, !card.frame.isEmpty, setClip(card.clip) else { return }
        let frame = card.frame
        let c = Self.errorCardColor
        SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, Self.alphaByte(card.alpha))
        var rect = Self.frect(frame)
        SDL_RenderFillRectF(renderer, &rect)

        let roomForText = frame.width >= 140 && frame.height >= 110 && fonts != nil
        let side = (min(frame.width, frame.height) * (roomForText ? 0.14 : 0.42)).clamped(to: 8...48)
        let markCenter = Point(x: frame.midX, y: roomForText ? frame.midY - side * 0.6 - 6 : frame.midY)
        drawWarningMark(center: markCenter, side: side, alpha: card.alpha)
        guard roomForText else { return }

        let clip = card.clip.map { $0.intersection(frame) } ?? frame
        let width = frame.width - 24
        let nameSize = (frame.width / 22).clamped(to: 11...17)
        let name = fitted(card.name, pointSize: nameSize, weight: .bold, width: width)
        let top = markCenter.y + side / 2 + 10
        drawText(name, center: Point(x: frame.midX, y: top + nameSize * 0.7), pointSize: nameSize, weight: .bold,
                 color: .text, alpha: card.alpha, clip: clip)
        let reasonSize = nameSize - 2
        for (i, line) in wrapped(card.reason, pointSize: reasonSize, width: width, lines: 3).enumerated() {
            drawText(line, center: Point(x: frame.midX, y: top + nameSize * 1.4 + reasonSize * (0.9 + 1.3 * Double(i))),
                     pointSize: reasonSize, weight: .regular, color: Self.errorReasonColor, alpha: card.alpha, clip: clip)
        }
    }

    /// The text broken into lines at spaces to fit `width` points; the last line that fits ends in "…".
    private func wrapped(_ text: String, pointSize: Double, width: Double, lines maxLines: Int) -> [String] {
        guard let fonts else { return [text] }
        func fits(_ s: String) -> Bool { fonts.size(of: s, pointSize: pointSize, weight: .regular).width <= width }
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ").map(String.init) {
            let candidate = current.isEmpty ? word : current + " " + word
            if fits(candidate) || current.isEmpty {
                current = candidate
            } else {
                lines.append(current)
                current = word
            }
        }
        if !current.isEmpty { lines.append(current) }
        if lines.count > maxLines {
            lines = Array(lines.prefix(maxLines))
            lines[maxLines - 1] += "…"
        }
        return lines.map { fitted($0, pointSize: pointSize, weight: .regular, width: width) }
    }

    /// A rounded warning badge with an exclamation mark cut out of it, drawn with fills only.
    private func drawWarningMark(center: Point, side: Double, alpha: Double) {
        let m = Self.errorMarkColor, card = Self.errorCardColor
        let a = Self.alphaByte(alpha)
        let corner = side * 0.18
        SDL_SetRenderDrawColor(renderer, m.r, m.g, m.b, a)
        var body = Self.frect(Rect(x: center.x - side / 2, y: center.y - side / 2 + corner, width: side, height: side - 2 * corner))
        SDL_RenderFillRectF(renderer, &body)
        var cap = Self.frect(Rect(x: center.x - side / 2 + corner, y: center.y - side / 2, width: side - 2 * corner, height: side))
        SDL_RenderFillRectF(renderer, &cap)
        SDL_SetRenderDrawColor(renderer, card.r, card.g, card.b, a)
        let stroke = max(1.5, side * 0.14)
        var bar = Self.frect(Rect(x: center.x - stroke / 2, y: center.y - side * 0.32, width: stroke, height: side * 0.4))
        SDL_RenderFillRectF(renderer, &bar)
        var dot = Self.frect(Rect(x: center.x - stroke / 2, y: center.y + side * 0.18, width: stroke, height: stroke))
        SDL_RenderFillRectF(renderer, &dot)
    }

    private func drawText(_ text: String, center: Point, pointSize: Double, weight: TextRun.Weight, color: Color,
                          alpha: Double, clip: Rect) {
        let run = TextRun(text: text, frame: .zero, pointSize: pointSize, weight: weight, color: color)
        guard !text.isEmpty, let entry = textTexture(run), setClip(clip) else { return }
        SDL_SetTextureAlphaMod(entry.texture, Self.alphaByte(alpha))
        let size = Size(width: Double(entry.w) / scale, height: Double(entry.h) / scale)
        var dest = Self.frect(Rect(center: center, size: size))
        SDL_RenderCopyF(renderer, entry.texture, nil, &dest)
    }

    /// The text, shortened with an ellipsis in the middle until it fits `width` points.
    private func fitted(_ text: String, pointSize: Double, weight: TextRun.Weight, width: Double) -> String {
        let key = "\(pointSize)|\(weight)|\(Int(width))|\(text)"
        if let known = fittedTexts[key] { return known }
        guard let fonts else { return text }
        var result = text
        var characters = Array(text)
        while characters.count > 2, fonts.size(of: result, pointSize: pointSize, weight: weight).width > width {
            characters.remove(at: characters.count / 2)
            let half = characters.count / 2
            result = String(characters[..<half]) + "…" + String(characters[half...])
        }
        if fittedTexts.count > 1024 { fittedTexts.removeAll() }
        fittedTexts[key] = result
        return result
    }
}
