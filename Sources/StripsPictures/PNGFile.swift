/// Pictures as PNG files (libspng): RGB when every pixel is opaque, else RGBA.
public enum PNGFile {
    /// The PNG bytes of `picture`, or nil when it has no pixels or libspng refuses.
    public static func encode(_ picture: PixelBuffer) -> [UInt8]? { ThumbnailPNG.encode(picture.bgra(), texts: []) }
}
