import CSDL2
import StripsCore

/// The app icon for the window's title bar and task switcher (desktops that read the desktop
/// entry's Icon= use the installed hicolor icon instead).
public enum WindowIcon {
    /// Where the icon is, inside the Assets folder.
    static let relativePath = "Icons/hicolor/128x128/apps/\(AppID.string).png"

    /// The icon as an ARGB surface for SDL_SetWindowIcon, or nil when Assets has none (the window
    /// then keeps the desktop's default). The caller frees it; SDL keeps its own copy.
    public static func surface(assets: String? = Resources.assetsFolder()) -> UnsafeMutablePointer<SDL_Surface>? {
        guard let assets, case .success(let surface) = Surfaces.load(assets + "/" + relativePath) else { return nil }
        return surface
    }
}
