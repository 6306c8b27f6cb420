/// How a page's picture is shown and saved, the last step of its recipe. A look never changes the
/// source file: it is applied when a page is rendered (preview, thumbnails, saving alike).
public enum Look: String, CaseIterable, Codable, Hashable, Sendable {
    /// The picture as the file has it.
    case original
    /// A colour document: the paper evened to white (shadows and uneven light gone), contrast restored.
    case colour
    /// The same, in shades of grey.
    case grey
    /// Black and white: a local threshold that keeps thin strokes under a shadow; saved as 1 bit.
    case bw

    /// The look after this one when the user cycles looks (`l`): original, colour, grey, bw, original.
    public var next: Look {
        let all = Look.allCases
        let index = all.firstIndex(of: self) ?? 0
        return all[(index + 1) % all.count]
    }

    /// The name the trace and the command line use (`"original"`, `"colour"`, `"grey"`, `"bw"`).
    public var name: String { rawValue }
}
