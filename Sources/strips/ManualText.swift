/// The long texts of `--help` and of the man page (swift-argument-parser's generate-manual plugin
/// turns each command's discussion into its section). ASCII only: the plugin drops other characters.
/// Blank lines separate paragraphs, so each key stays on its own line in the man page.
import StripsCore
import StripsPhotosFeatures
import StripsPizza

enum ManualText {
    static let strips = """
        Strips opens a document of scanned pages or photos in a window: a big preview strip shows \
        one page at a time, and a thumbnail strip under it keeps the page in focus centred. Without \
        a subcommand 'strips photos' runs, so 'strips FILE...' opens those pictures and folders.

        HEADLESS MODE (a public contract: extended, never broken). With --script FILE a scene runs \
        without a display on a virtual 60 Hz clock and writes a JSON Lines trace of what it would \
        draw: one object per 'dump' line, or per frame with --trace-every-frame, to standard output \
        or to --trace OUT.jsonl. '--script -' reads standard input.

        Script: one command a line (LF, CRLF or CR), '#' starts a comment. 'window W H' (points; only before the \
        first event), then 'at T EVENT' with T in milliseconds, never decreasing: 'down X Y', \
        'move X Y', 'up X Y' (the primary pointer; 'down X Y right', 'up X Y right' the right button), \
        'wheel DX DY' (add 'ctrl' to zoom), \
        'key NAME' (SDL key names, with ctrl+ shift+ alt+ prefixes), 'pinch X Y SCALE', \
        'resize W H', 'text STRING' (typed text, e.g. into the search field), 'drop PATH', \
        'screenshot PATH' (a PNG of that frame), 'dump', 'end'. Events stamped T are \
        delivered before the first frame at or after T; the same script always gives the same trace.

        Trace: every line has t, frame, scene, window and idle; the photos scene adds count, active, \
        pages, preview and thumbnails (cells of a page in a look with its look), dirty, selected, \
        text (pages whose text is known, of count), search while the search field is open, \
        clipboard after Ctrl+C, camera while the camera view is open (source, frame, quad in the \
        frame's pixels or null, steady, taken), toolbar (the buttons on screen: name, rect, enabled), \
        help while the keys overlay is shown, menu while a page's menu is open, saved after a save \
        (path, bytes, pages), documents (the pages split at separator sheets and breaks, the sheets \
        left out; cells of a page found blank carry blank; cells of a page turned upright by itself \
        carry upright, the degrees turned, rotation staying the user's own turn); the pizza scene left, right and \
        captions. Rectangles are [x, y, width, height] in window points, as drawn, whatever --scale \
        (device pixels per point: a screenshot of a W x H window is W*S x H*S pixels).

        INSTRUMENTS (both scenes, live and headless): S slow motion (1/10 speed; --slow FACTOR \
        starts that way), X the x-ray overlay (cell frames and indices, parallax, expanding values, \
        offsets, velocities, where a fling will rest), Ctrl+R starts or stops a recording into \
        the Videos folder (window only; a GIF, or --record-format mp4 or webm); --record FILE.gif, \
        FILE.mp4 (H.264) or FILE.webm (VP9) records the whole session at 30 fps, --record-scale 0.5 \
        halves it. --tuning FILE.toml loads the design numbers ('strips tuning' \
        prints them); the window applies the file again whenever it changes.

        EXIT STATUS: 0 on success. A bad script line, a bad option or an unusable PATH exits \
        non-zero with one line on standard error: 'strips: NAME: reason'.

        FILES: thumbnails are shared with file managers through the freedesktop thumbnail cache, \
        $XDG_CACHE_HOME/thumbnails (default ~/.cache/thumbnails). The window remembers each \
        document's page in focus and its own size in $XDG_STATE_HOME/strips (default \
        ~/.local/state/strips), safe to delete; headless runs neither read nor write it, and use the \
        thumbnail cache only with --thumbnail-cache auto or DIR. Strips never modifies or deletes \
        the pictures it shows.
        """

    static let thumbnail = """
        Writes INPUT's thumbnail as a PNG whose largest side is --size pixels (256 by default; a \
        smaller picture keeps its own size), upright (EXIF orientation applied), through the same \
        decoders as the window: JPEGs scaled by libjpeg-turbo, scanned PDF pages from their JPEG \
        stream, other PDF pages rendered by poppler, each page of a multi-page TIFF from its own \
        image. --page N picks a page (from 1); --pages A-B writes one PNG per page, OUTPUT holding \
        %d for the page number (scan-%d.png). OUTPUT is replaced whole or not at all. A file that \
        cannot be read exits non-zero with one line on standard error.

        As a desktop thumbnailer (a .thumbnailer file, as Scripts/install.sh installs for the \
        formats it knows): Exec=strips thumbnail --size %s %i %o
        """

    /// The photos scene's page: the keys and gestures come from the key tables the window's key
    /// handling and its keys overlay (F1) read, so the three can never disagree.
    static let photos = """
        PATH may name pictures (JPEG, PNG, GIF, BMP, WebP, TGA, TIFF, PNM, QOI...), PDFs (every page \
        is a page) and folders of them, read in natural name order. Unreadable or damaged files \
        become error cards that can be deleted; the files themselves are never changed.

        THE WINDOW: a toolbar along the top (open, scan, borders, look, rotate, delete, undo, redo; \
        search, save, keys), each button with a tooltip naming its key and greyed out when it cannot \
        act; the preview under it, the thumbnail strip along the bottom. A right click on a page or \
        a thumbnail opens its menu (rotate, borders, look, delete, move to start or end, save this \
        page, copy text), for the selection when the page is in it. F1 or ? lists every key. Ctrl+O \
        opens files with the desktop's file chooser (the XDG desktop portal, else zenity or kdialog).

        """ + "\n" + keyList + "\n" + """

        SAVING: Ctrl+S saves to --output, or where the desktop's file chooser says, or beside the first \
        page as 'NAME edited.pdf'; a bar shows the pages done. Ctrl+Shift+S saves the selected pages the \
        same way, the document as it is. With unsaved edits, Esc or Q asks first (S or Return save, D \
        discard, Esc keep editing). The line over the preview says where it saved and how much it \
        wrote. A saved PDF carries its title (--title TEXT, else the opened PDF's, else the document's \
        name), author (your full name), dates, maker and recognised language, in its document \
        information and XMP; a PDF opened and saved again keeps its title, author and creation date. \
        With SOURCE_DATE_EPOCH set, that time stands for now: the same pages saved twice are the same \
        bytes.

        LOOKS: L cycles the look of the selection (or the page in focus): original, colour (the paper \
        evened to white, shadows gone, photographs only whitened), grey, black and white \
        (photographs halftoned); strips of desk and shadow along a flattened page's edges become \
        paper. Saved as drawn: black and white at 1 bit; grey and colour pages with text in a PDF as \
        mixed raster content (the ink in 1-bit masks, one per colour, over a 150 dpi JPEG of the \
        rest: about a tenth of one JPEG), else as JPEG.

        TEXT: --ocr LANGS (Tesseract's languages, 'eng', 'eng+deu') recognises the text of pages \
        that have none when it is needed: the pages near the one in focus where the strips rest, \
        every page once a search is typed (the count grows as they are read, and the search button \
        shows how many pages are read), the pages a save writes. The window reads in the background \
        on idle cores (default: the installed languages matching the locale, else eng); a script \
        before the frame that needs it (default off). --ocr off never recognises. PDF pages with \
        their own text use it. Recognised text is kept in $XDG_CACHE_HOME/strips/text. Saved PDFs \
        carry an invisible text layer on every page whose text is known, so viewers and pdftotext \
        find the words; a folder save writes NNN.txt beside each picture with --text-files.

        BORDERS (photos of pages): the border editor shows the whole picture with the page's four \
        corners, found by the detector on a page not corrected yet; Return flattens the page to its \
        true shape and levels its text (one undo step). Corrections never change the files: re-open \
        the editor to see the whole picture again. Saved, a rectangle crop or a turn keeps a JPEG's own \
        bytes; a flattened photo is stored once as a JPEG of quality 92.

        SCANNING (SANE: USB scanners, and network ones through sane-airscan): Ctrl+N scans with the \
        last settings (or --scanner, --scan-source, --scan-dpi, --scan-mode, --scan-page) after the \
        page in focus. Each page takes its place as it starts and fills in as its rows arrive; a \
        feeder scans until it is empty, the line over the pages saying which page of the batch. Esc \
        stops the scan: the pages finished stay, the one cut short goes. A fault (no scanner, a jam, \
        the cover open, no paper, busy, unplugged) is one line over the pages and on standard error; \
        the pages before it stay. Every scanned page is kept in $XDG_STATE_HOME/strips/recovery as it \
        completes (else in the private $TMPDIR/strips-scans-UID, with a line saying so; with no place \
        at all, Ctrl+N says so and scans nothing), until the document is saved or discarded; after a \
        crash the next start offers them back (T or Return takes them, D discards them, Esc decides \
        later; --recover ask, take, discard or keep). Recovery removes only the files it wrote there. \
        Scans are saved as JPEG (colour and grey) or 1-bit (line art). SANE runs in a helper \
        process (strips-scan-probe --worker), so a driver that hangs or crashes costs that process, \
        never the window.

        HIDPI: the window draws at the desktop's scale (Wayland's, GDK_SCALE, else Xft.dpi / 96); \
        --scale S forces S device pixels per point, in the window and in headless screenshots.

        CAMERA (a webcam, a document camera, a phone used as a webcam; V4L2 through ffmpeg): Ctrl+K \
        puts the camera's live picture where the preview was (its best size, MJPEG where it offers \
        it, never mirrored), the page found in it outlined (green once it lies still). A page that \
        lies still for half a second is taken by itself: a flash, and it flies into the thumbnail \
        strip after the page in focus as 'Camera N', its corners as its crop (C opens the border \
        editor on it). A hand or a page moving is not taken, nor the same page twice; a book is taken \
        page by page by turning its pages. The thumbnail strip and its keys (arrows, Delete, undo, \
        Ctrl+S) work under the view. --camera SOURCE: the device (/dev/video0; default the first \
        camera found) or a video file (a recording of a camera; a script plays it on its own clock \
        from the moment the camera opens). No camera, a busy one, no permission (the video group), \
        one unplugged, a file that ends or is cut short: one line over the view and on standard \
        error; the pages taken stay. Pages taken are kept in $XDG_STATE_HOME/strips/recovery as \
        JPEGs until the document is saved, and offered back after a crash, as scans are.

        BATCHES (a feeder's stack of letters):

        Every page is judged as it comes near the page in focus (the window goes on to every page \
        in the background): blank (paper, noise, punch holes, a staple, the back's text showing \
        through) gets an amber corner on its thumbnail and a tag over the preview; a separator \
        sheet (a barcode, QR code or patch code such as Patch T, and nothing else) is veiled and \
        splits the batch there. The thumbnail strip shows each document's name over it and a \
        divider where it begins; Ctrl+S saves one file a document (see SAVING).

        Ctrl+Shift+B selects the blank pages (judging any not judged yet first), so Delete removes \
        them in one undoable step; B (or the page menu) puts a document break before the page in \
        focus, or takes the one there away (a separator sheet taken away becomes an ordinary page). \
        Undoable.

        A page whose text reads turned is turned upright by itself as it is opened, scanned or \
        taken, when Tesseract's orientation detection is sure (--rotate off: never): a blue badge \
        on its thumbnail, its menu saying why, one undo step (Ctrl+Z takes it back for good; a page \
        the user turned keeps the user's turn).

        SAVING A SPLIT BATCH: it is saved one file a document (PDF or folder): the first \
        where asked, each later one beside it named by its separator sheet's text (with / made -), \
        else NAME-2, NAME-3, ... All or none: every document is written and checked before any gets \
        its name; a failure removes what the save wrote and names the document that failed.
        """

    /// Every key and gesture, by group, one paragraph each (so each stays on its own line).
    static var keyList: String {
        KeyGroup.allCases.map { group in
            let lines = KeysOverlay.entries.filter { $0.group == group }.map { $0.line.asciiOnly }
            return ([group.title.uppercased() + ":"] + lines).joined(separator: "\n\n")
        }.joined(separator: "\n\n")
    }

    static let convert = """
        Turns a batch of pictures, PDFs and folders (read in name order) into saved documents \
        without a window, through the same steps the window takes, so the files are the ones the \
        window would save: --borders auto finds and flattens each photographed page (as Shift+C), \
        --look sets every page's look (as L), every page is judged blank or a separator sheet, \
        --ocr reads the text (laid invisibly on the saved pages), --split separators splits the \
        batch at its separator sheets (left out) and --blank drop leaves blank pages out. The first \
        document goes to --output (a .pdf, or a new or empty folder); each later one beside it, \
        named by its separator sheet's text (/ becomes -), else NAME-2, NAME-3, ... Pages are \
        worked on in parallel, one a core.

        Every document of the run is checked before any is written (a name taken refuses the \
        run); each is then written and checked under a hidden name and named as soon as it is \
        whole, with a record beside it in .strips-convert/ (its fingerprint and SHA-256), so a run \
        stopped (SIGTERM, SIGINT: between documents) or killed keeps what it finished.

        ARCHIVES (docs/ARCHIVES.md): --resume skips the documents an earlier run of the same batch \
        wrote whole and writes the rest. --shard K/N converts only the documents whose place in \
        the batch is K modulo N (K from 1), so N machines share one batch and write exactly the \
        files of one run; --shard env takes K from JOB_COMPLETION_INDEX + 1 (a Kubernetes Indexed \
        Job, counted from 0; N from STRIPS_SHARD_COUNT) or from SLURM_ARRAY_TASK_ID (a Slurm array: \
        (ID - SLURM_ARRAY_TASK_MIN) / SLURM_ARRAY_TASK_STEP + 1; N from SLURM_ARRAY_TASK_COUNT). \
        --report FILE appends a JSON line per document (input, pages, output, bytes, seconds, \
        error). --after-save COMMAND runs /bin/sh with COMMAND for each document written, its path \
        as $1 (appended when COMMAND names no $1), never pasted into the command; a failure is one \
        line and the run goes on.

        --watch FOLDER... --output FOLDER keeps running: each file or folder that appears in a \
        watched FOLDER is converted once it has settled (unchanged for --settle seconds and open \
        for writing by nobody) into the output folder as NAME.pdf, once, across restarts too (the \
        entries done are kept in .strips-convert/watched.jsonl); one that fails is set aside in one \
        line and the watch goes on. SIGTERM or SIGINT stop it between documents. As a systemd \
        user service: systemctl --user enable --now strips-watch@$(systemd-escape --path \
        ~/Scans).service watches ~/Scans/Inbox and writes ~/Scans/Documents.

        On a terminal a progress bar on standard error shows the stage, the pages done, pages a \
        second and the time left; nothing when standard error is not a terminal. The documents \
        written are listed on standard output.

        EXIT STATUS: 0 when every document was written (or found written by --resume; for --watch, \
        when it was stopped); 1 otherwise, with one line on standard error for each failure (a \
        file that cannot be read, a document that could not be saved, a stop before the end).
        """

    static let text = """
        Prints the text of every page of the PATHs (pictures, PDFs, folders of them in name order) \
        on standard output, one form feed between pages: a PDF page's own text, else the text kept \
        in $XDG_CACHE_HOME/strips/text, else recognised by Tesseract in the --ocr languages \
        (sideways and upside-down pages are found and read the right way up). --ocr off prints only \
        PDF text (other pages are empty). A file or page that cannot be read is one line on \
        standard error and the exit status is 1; the other pages are still printed.
        """

    /// The pizza scene's page: its keys and gestures from the table its key handling reads
    /// (`PizzaKey.table`), then the instruments'.
    static var pizza: String {
        let lines = PizzaKey.table.rows.map { $0.line.asciiOnly } + InstrumentKey.table.rows.map { $0.line.asciiOnly }
        return (["KEYS AND POINTER:"] + lines).joined(separator: "\n\n")
    }
}

extension String {
    /// The man page generator drops characters past ASCII: the few the tables use, spelled out.
    var asciiOnly: String {
        replacingOccurrences(of: "…", with: "...").replacingOccurrences(of: "·", with: "-")
            .replacingOccurrences(of: "°", with: " degrees").replacingOccurrences(of: "×", with: "x")
    }
}
