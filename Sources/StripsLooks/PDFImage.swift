/// A page picture encoded for a PDF: the bytes of an image XObject's stream, and everything its
/// dictionary must say, so a PDF writer (or cairo, through its mime data) embeds the bytes as they
/// are, never decoding or re-encoding them.
public struct PDFImage: Hashable, Sendable {
    public enum Filter: String, Hashable, Sendable {
        case dct = "DCTDecode"
        case ccittFax = "CCITTFaxDecode"
        case flate = "FlateDecode"
    }

    public enum ColourSpace: String, Hashable, Sendable {
        case grey = "DeviceGray"
        case rgb = "DeviceRGB"
    }

    /// The stream's bytes (its /Length is their count).
    public var bytes: [UInt8]
    public var width: Int
    public var height: Int
    public var filter: Filter
    public var colourSpace: ColourSpace
    public var bitsPerComponent: Int
    /// The filter's /DecodeParms entries (without the `<<` `>>`), or nil when it takes none.
    public var decodeParms: String?

    public init(bytes: [UInt8], width: Int, height: Int, filter: Filter, colourSpace: ColourSpace, bitsPerComponent: Int, decodeParms: String?) {
        self.bytes = bytes
        self.width = width
        self.height = height
        self.filter = filter
        self.colourSpace = colourSpace
        self.bitsPerComponent = bitsPerComponent
        self.decodeParms = decodeParms
    }

    /// The image dictionary's entries, /Length included, for a writer of its own:
    /// `/Type /XObject /Subtype /Image /Width 2550 /Height 3300 /ColorSpace /DeviceGray
    /// /BitsPerComponent 1 /Filter /CCITTFaxDecode /DecodeParms << /K -1 /Columns 2550 /Rows 3300 >> /Length 41234`.
    public var dictionaryEntries: String {
        var entries = "/Type /XObject /Subtype /Image /Width \(width) /Height \(height) /ColorSpace /\(colourSpace.rawValue)"
            + " /BitsPerComponent \(bitsPerComponent) /Filter /\(filter.rawValue)"
        if let decodeParms { entries += " /DecodeParms << \(decodeParms) >>" }
        return entries + " /Length \(bytes.count)"
    }

    /// The mime type under which cairo embeds these bytes unchanged (`cairo_surface_set_mime_data`
    /// on an image surface of the same size): JPEG or CCITT; nil for Flate, which cairo makes itself.
    public var cairoMimeType: String? {
        switch filter {
        case .dct: return "image/jpeg"
        case .ccittFax: return "image/g3fax"
        case .flate: return nil
        }
    }

    /// For CCITT, the parameters cairo wants beside the data (mime type
    /// `application/x-cairo.ccitt.params`), e.g. `Columns=2550 Rows=3300 K=-1`.
    public var cairoCCITTParameters: String? {
        filter == .ccittFax ? "Columns=\(width) Rows=\(height) K=-1" : nil
    }
}
