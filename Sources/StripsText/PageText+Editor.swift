import StripsCore
import StripsPhotosFeatures

extension PageText {
    /// The text in its picture's own space: a page read turned upright (`quarterTurns` not 0)
    /// turned back, so its boxes lie on the picture as it is, before any turn of the user's.
    public var onPicture: PageText { quarterTurns == 0 ? self : turned(by: 4 - quarterTurns) }

    /// What the editor keeps of it (`PageWords`): the words with boxes in shares of the picture,
    /// the text, and the way up when Tesseract was sure of it. `self` must be `onPicture`.
    public var editorWords: PageWords {
        let w = width > 0 ? width : 1, h = height > 0 ? height : 1
        let words = words.map { word in
            PageWords.Word(text: word.text, box: Rect(x: word.box.x / w, y: word.box.y / h, width: word.box.width / w, height: word.box.height / h),
                           line: word.line)
        }
        let upright = orientation.flatMap { $0.confidence >= PageOrientation.sureConfidence ? $0.quarterTurnsToUpright : nil }
        return PageWords(words: words, text: text, upright: upright)
    }
}
