/// The app's one name on the desktop: its desktop entry (`ID.desktop`), its icon, its AppStream
/// metainfo (`ID.metainfo.xml`) and its windows' class (X11 WM_CLASS, Wayland app_id). A desktop
/// groups windows and finds their icon by matching the class to the entry's name, so these must
/// never differ; DesktopIntegrationTests holds the files to it.
public enum AppID {
    public static let string = "io.github.strips.strips"
}
