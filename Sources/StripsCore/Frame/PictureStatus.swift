/// Where a picture is, as the renderer's texture cache reports it.
public enum PictureStatus: Hashable, Sendable {
    /// Not decoded yet (or evicted): drawn as paper of the right shape.
    case missing
    /// Decoded; arrived at `since` on the scene's clock, so it fades in from then.
    case ready(since: Double)
    /// Cannot be shown: an error card with the reason.
    case failed(reason: String)
}

public protocol PictureLookup {
    func status(of image: ImageRef) -> PictureStatus
}

/// A frame's draw list with every picture resolved: picture, fading picture over its
/// placeholder, placeholder, or error card. Decided here, on the scene's clock, not in the renderer.
public struct DrawList: Sendable {
    public var items: [DrawItem] = []
    /// A picture is fading in: frames must go on.
    public private(set) var isFading = false
    /// A picture on screen is still being decoded.
    public private(set) var isWaiting = false
    /// Quads of each variant that show anything, and of those the ones drawn as a bare
    /// placeholder (their picture missing), for benchmarks: counted here, where each is resolved.
    public private(set) var shown: [ImageRef.Variant: Int] = [:]
    public private(set) var placeholders: [ImageRef.Variant: Int] = [:]

    public init(_ frame: Frame, pictures: some PictureLookup) {
        self.init(frame, items: frame.content.drawItems(), pictures: pictures)
    }

    /// `items`: the frame's draw items, already built (the renderer asked for their pictures).
    public init(_ frame: Frame, items drawItems: [DrawItem], pictures: some PictureLookup) {
        for item in drawItems {
            guard case .image(var quad) = item else {
                items.append(item)
                continue
            }
            let placeholder = DrawItem.fill(Fill(rect: quad.drawnBounds, color: quad.placeholder, alpha: quad.alpha, clip: quad.clip))
            let status = pictures.status(of: quad.image)
            if quad.alpha > 0 {
                shown[quad.image.variant, default: 0] += 1
                if status == .missing { placeholders[quad.image.variant, default: 0] += 1 }
            }
            switch status {
            case .missing:
                if quad.showsPlaceholder { items.append(placeholder) }
                isWaiting = isWaiting || quad.alpha > 0
            case .failed(let reason):
                items.append(.errorCard(ErrorCard(frame: quad.drawnBounds, clip: quad.clip, alpha: quad.alpha,
                                                  name: quad.image.fileName, reason: reason)))
            case .ready(let since):
                let fade = ((frame.time - since) / frame.pictureFadeDuration).clamped(to: 0...1)
                if fade < 1 {
                    if quad.showsPlaceholder { items.append(placeholder) }
                    quad.alpha *= fade
                    isFading = true
                }
                items.append(.image(quad))
            }
        }
        items += frame.overlay
    }

    public init(items: [DrawItem]) { self.items = items }
}
