import StripsCore
import StripsPhotosFeatures
import StripsPhotos
import StripsPizza

/// What tests read off a scene's current frame, by the names the scenes used before frames.
extension PhotosScene {
    public var photosFrame: PhotosFrame? { frame(at: 0).content as? PhotosFrame }
    public func previewCells() -> [PhotosFrame.PreviewCell] { photosFrame?.preview ?? [] }
    public func thumbnailCells() -> [Cell] { photosFrame?.thumbnails ?? [] }
    public func drawList() -> [DrawItem] { photosFrame?.drawItems() ?? [] }
}

extension PizzaScene {
    public var pizzaFrame: PizzaFrame? { frame(at: 0).content as? PizzaFrame }
    public func cells(of half: PizzaHalf) -> [Cell] { pizzaFrame?.strips.first { $0.half == half }?.cells ?? [] }
    public func captions() -> [PizzaCaption] { pizzaFrame?.captions ?? [] }
    public func drawList() -> [DrawItem] { pizzaFrame?.drawItems() ?? [] }
}
