/// The hosts' lines (a save that failed, a file chooser that would not open, a camera's fault,
/// the scanner helper missing) in the user's language where the window shows them.
///
/// The hosts write these lines in English: they go to standard error and the trace as written
/// (the headless contract is English), and the same line reaches the window. So the window
/// translates the line it is given: each known wording is a form whose `%s` stand for what the
/// host filled in (a path, a device), and a line of that form is shown as the form's
/// translation with the same values. A line of no known form is shown as the host wrote it.
enum HostLines {
    /// The forms, each a msgid of the catalog (marked with `trLater`, so `Scripts/update-po.sh`
    /// extracts them). The more particular comes first where two could match one line.
    static let forms: [String] = [
        // Saving (DocumentSaver and StripsExport's SaveError: "Not saved: DEST: reason").
        trLater("Already saving…"),
        trLater("Not saved: no file was chosen"),
        trLater("Not saved: %s: the disk is full"),
        trLater("Not saved: %s: the file would be too large for this disk"),
        trLater("Not saved: %s: no permission to write in %s"),
        trLater("Not saved: %s: no permission to write"),
        trLater("Not saved: %s: no permission to save there"),
        trLater("Not saved: %s: the disk is read-only"),
        trLater("Not saved: %s: the folder does not exist"),
        trLater("Not saved: %s: a file is in the way where a folder is needed"),
        trLater("Not saved: %s: the disk reported an input/output error"),
        trLater("Not saved: %s: already exists (Strips never overwrites a file)"),
        trLater("Not saved: %s: cannot create files in %s"),
        trLater("Not saved: %s: there are no pages to save"),
        trLater("Not saved: %s: the folder is not empty; choose a new or empty folder"),
        trLater("Not saved: %s: appeared while saving; choose a new or empty folder"),
        // Opening files (FileOpener).
        trLater("No file chooser in a script: 'drop PATH' adds files"),
        trLater("Cannot open files: %s; drop them on the window instead"),
        // The camera (StripsCamera's CameraFault): files before devices, whose forms are wider.
        // The portal's camera (StripsDesktop's PortalCamera, StripsCamera's PipeWireFeed).
        trLater("camera portal: no D-Bus session bus, so no desktop portal to ask"),
        trLater("camera portal: no desktop portal on the session bus (xdg-desktop-portal is not running)"),
        trLater("camera portal: the desktop portal has no camera (its Camera interface is missing)"),
        trLater("camera portal: the desktop portal reports no camera"),
        trLater("camera portal: access to the camera was refused (allow it in the desktop's privacy settings, then press Ctrl+K again)"),
        trLater("camera portal: no answer to the request for the camera within %s s"),
        trLater("camera portal: the request for the camera ended without access"),
        trLater("camera portal: the desktop portal did not answer"),
        trLater("camera portal: PipeWire shows no camera (unplugged, or no camera node)"),
        trLater("camera portal: the camera was not connected to Strips within %s s (is a PipeWire session manager such as WirePlumber running?)"),
        trLater("camera portal: the camera offers no picture format Strips reads"),
        trLater("camera portal: the camera sends %s, which Strips does not read"),
        trLater("camera portal: PipeWire refused the connection (%s)"),
        trLater("camera portal: PipeWire refused the connection"),
        trLater("camera file %s: no such file"),
        trLater("camera file %s: permission denied"),
        trLater("camera file %s: not a video ffmpeg can read"),
        trLater("camera file %s: a folder, not a video file"),
        trLater("camera: there is no frame to take yet"),
        trLater("no camera found (no video capture device in /dev; a USB webcam or document camera shows as /dev/video0); --camera FILE plays a video file instead"),
        trLater("camera %s: permission denied: your user is not in the video group (sudo usermod -aG video $USER, then log in again)"),
        trLater("camera %s is busy: another program is using it (close it and press Ctrl+K again)"),
        trLater("camera %s: no such device (is it plugged in?)"),
        trLater("camera %s is not answering (unplugged, or its driver failed)"),
        trLater("camera %s: not a video capture device"),
        trLater("camera %s went away (unplugged?); the pages taken stay"),
        trLater("camera %s gave nothing for %s s; given up (the pages taken stay)"),
        // Scanning (ScanHost.noWorker).
        trLater("scanning needs strips-scan-probe beside strips (it is built with it: swift build --product strips-scan-probe)"),
    ]

    /// `line` in the user's language when it is of a known form; `translate` gives a form's
    /// translation (the catalog's, through gettext; a test passes a .po's table).
    static func translated(_ line: String, translate: (String) -> String = { tr($0) }) -> String {
        for form in forms {
            if let values = values(of: line, in: form) { return Translation.fill(translate(form), values) }
        }
        return line
    }

    /// What `line` has where `form` has `%s`, in order; nil when `line` is not of that form.
    /// Each value is the shortest that lets the rest match from left to right (the text after a
    /// value is the form's, so a path holding it is the only way to mismatch).
    static func values(of line: String, in form: String) -> [String]? {
        let pieces = form.components(separatedBy: "%s")
        guard pieces.count > 1 else { return line == form ? [] : nil }
        guard line.hasPrefix(pieces[0]), line.hasSuffix(pieces[pieces.count - 1]),
              line.count >= pieces[0].count + pieces[pieces.count - 1].count else { return nil }
        var rest = line.dropFirst(pieces[0].count).dropLast(pieces[pieces.count - 1].count)
        var values: [String] = []
        for piece in pieces.dropFirst().dropLast() {
            guard let found = rest.range(of: piece), found.lowerBound > rest.startIndex else { return nil }
            values.append(String(rest[..<found.lowerBound]))
            rest = rest[found.upperBound...]
        }
        guard !rest.isEmpty else { return nil }
        values.append(String(rest))
        return values
    }
}
