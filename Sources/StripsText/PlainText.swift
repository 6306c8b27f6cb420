/// A page's text made word by word as Tesseract's GetUTF8Text makes it from a left-to-right page:
/// a paragraph's lines each end with a newline, a paragraph followed by anything on the page with a
/// blank line; a paragraph in a picture or rule block is left out, and so are the words after an
/// empty block or line until the next paragraph (GetUTF8Text goes on from the next paragraph).
struct PlainText {
    private var text = ""
    private var printing = false
    private var lineOpen = false
    private var paragraphOpen = false

    /// A paragraph begins at the current word; `printed`: its block holds text.
    mutating func beginParagraph(printed: Bool) {
        closeParagraph(followed: true)
        printing = printed
        paragraphOpen = printed
    }

    /// An empty block or line: it ends the paragraph, and what follows it in that paragraph is not printed.
    mutating func blank() {
        closeParagraph(followed: true)
        printing = false
    }

    mutating func append(_ word: String, beginsLine: Bool) {
        guard printing else { return }
        if beginsLine {
            if lineOpen { text += "\n" }
        } else if lineOpen {
            text += " "
        }
        text += word
        lineOpen = true
    }

    /// The text, the last paragraph closed (the page's end follows it: no blank line).
    func ended() -> String {
        var done = self
        done.closeParagraph(followed: false)
        return done.text
    }

    private mutating func closeParagraph(followed: Bool) {
        if lineOpen { text += "\n" }
        if paragraphOpen, lineOpen, followed { text += "\n" }
        lineOpen = false
        paragraphOpen = false
    }
}
