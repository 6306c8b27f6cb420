import CX11
import Foundation
import StripsCore

/// The desktop's scale (device pixels per point) when SDL does not report one itself (on X11 an
/// SDL 2 window is in pixels): `GDK_SCALE`, which GTK desktops set for a HiDPI session, else the
/// X resource database's `Xft.dpi` over 96 (GNOME and KDE set it to their scale, text scaling
/// included), to a quarter, else 1.
public enum DesktopScale {
    /// Scales outside this range are someone's mistake: a 0 or a 40 is not a screen.
    public static let range = 1.0...4.0

    public static func detect(environment: [String: String] = ProcessInfo.processInfo.environment) -> Double {
        if let gdk = environment["GDK_SCALE"].flatMap(Double.init), gdk.isFinite, gdk >= 1 { return gdk.clamped(to: range) }
        if environment["DISPLAY"] != nil, let resources = xResources(), let dpi = xftDPI(in: resources) { return scale(dpi: dpi) }
        return 1
    }

    /// `Xft.dpi` in an X resource string ("Xft.dpi:\t192\n..."), nil when it has none.
    public static func xftDPI(in resources: String) -> Double? {
        for line in resources.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == "Xft.dpi" else { continue }
            if let dpi = Double(parts[1].trimmingCharacters(in: .whitespaces)), dpi.isFinite, dpi > 0 { return dpi }
        }
        return nil
    }

    /// Pixels per point for a resolution: 96 dpi is 1, to the nearest quarter, within `range`.
    public static func scale(dpi: Double) -> Double { ((dpi / 96 * 4).rounded() / 4).clamped(to: range) }

    /// The X server's resource database as set by the desktop (xrdb), nil without one.
    private static func xResources() -> String? {
        guard let display = XOpenDisplay(nil) else { return nil }
        defer { XCloseDisplay(display) }
        return XResourceManagerString(display).map { String(cString: $0) }
    }
}
