import StripsPictures

/// Throwaway (README's walk): the despeckle filter.
public enum Despeckle {
    public static func apply(_ page: PixelBuffer) -> PixelBuffer { page }
}
