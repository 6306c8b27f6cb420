/// The long texts of `--help` and of the man page (swift-argument-parser's generate-manual plugin
/// turns each command's discussion into its section). ASCII only: the plugin drops other characters.
/// Blank lines separate paragraphs, so each key stays on its own line in the man page.
enum ManualText {
    static let strips = """
        Strips opens a document of scanned pages or photos in a window: a big preview strip shows \
        one page at a time, and a thumbnail strip under it keeps the page in focus centred. Without \
        a subcommand 'strips photos' runs, so 'strips FILE...' opens those pictures and folders.

        HEADLESS MODE (a public contract: extended, never broken). With --script FILE a scene runs \
        without a display on a virtual 60 Hz clock and writes a JSON Lines trace of what it would \
        draw: one object per 'dump' line, or per frame with --trace-every-frame, to standard output \
        or to --trace OUT.jsonl. '--script -' reads standard input.

        Script: one command a line, '#' starts a comment. 'window W H' (points; only before the \
        first event), then 'at T EVENT' with T in milliseconds, never decreasing: 'down X Y', \
        'move X Y', 'up X Y' (the primary pointer), 'wheel DX DY' (add 'ctrl' to zoom), \
        'key NAME' (SDL key names, with ctrl+ shift+ alt+ prefixes), 'pinch X Y SCALE', \
        'resize W H', 'text STRING' (typed text, e.g. into the search field), 'drop PATH', \
        'screenshot PATH' (a PNG of that frame), 'dump', 'end'. Events stamped T are \
        delivered before the first frame at or after T; the same script always gives the same trace.

        Trace: every line has t, frame, scene, window and idle; the photos scene adds count, active, \
        pages, preview and thumbnails (cells of a page in a look with its look), dirty, selected, \
        text (pages whose text is known, of count), search while the search field is open, \
        clipboard after Ctrl+C, documents (the pages split at separator sheets and breaks, the \
        sheets left out; cells of a page found blank carry blank); the pizza scene left, right and captions. Rectangles are \
        [x, y, width, height] in window points, as drawn.

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

    static let photos = """
        PATH may name pictures (JPEG, PNG, GIF, BMP, WebP, TGA, TIFF, PNM, QOI...), PDFs (every page \
        is a page) and folders of them, read in natural name order. Unreadable or damaged files \
        become error cards that can be deleted; the files themselves are never changed.

        KEYS AND POINTER:

        Drag or fling the preview: pages, one page per fling; the thumbnails follow.

        Drag or fling the thumbnail strip: scrolls it and lands on a thumbnail's centre.

        Click a thumbnail: moves to that page.

        Wheel or trackpad over a strip: scrolls it, then settles on a page.

        Left, Right, Home, End: previous, next, first, last page; a held arrow pages as fast as it repeats.

        Ctrl+click a thumbnail: selects or unselects it; Shift+click: selects the pages from the one in \
        focus to it; Ctrl+A: selects every page; Esc: clears the selection. Delete, R, Alt+arrows and \
        Ctrl+Shift+S act on the selection when there is one, else on the page in focus.

        Delete or Backspace: deletes the page in focus (from the document only: files are never touched).

        Ctrl+Z; Ctrl+Shift+Z or Ctrl+Y: undo; redo (every edit: delete, drop, move, rotate).

        Press and hold a thumbnail, then drag: moves that page; Alt+Left, Alt+Right: moves the page in focus.

        R; Shift+R: turns the page in focus 90 degrees clockwise; counter-clockwise.

        Ctrl+S: saves to --output, or where the desktop's file chooser says, or beside the first page as
        'NAME edited.pdf'. Ctrl+Shift+S: saves the selected pages the same way, the document as it is. \
        With unsaved edits, Esc or Q asks first (S or Return save, D discard, Esc keep editing).

        Double-click the preview: zooms to a close-up about the click, or back to fit. Ctrl+wheel, \
        a two-finger pinch, + - 0: zoom about the pointer, up to twice the picture's own pixels (0: \
        fit). While zoomed, dragging and the wheel pan the picture instead of paging.

        L: cycles the look of the selection (or the page in focus): original, colour (the paper \
        evened to white, shadows gone), grey, black and white; saved as drawn (black and white at 1 \
        bit, grey and colour as JPEG). Undoable, as every edit.

        Ctrl+F: the search field over the preview. Typing searches every page's text (its own, or \
        recognised), ignoring case and accents; "3 of 17" counts the hits, the current one is \
        highlighted on its page; Return, Shift+Return: next, previous hit (a small one is zoomed \
        in on); Esc closes the field. Ctrl+C: copies the text of the page in focus.

        O: turns the selection (or every page) the way up text recognition found for it.

        TEXT: --ocr LANGS (Tesseract's languages, 'eng', 'eng+deu') recognises the text of pages \
        that have none; the window does it in the background on idle cores, nearest the page in \
        focus first (default: the installed languages matching the locale, else eng); a script \
        before its first frame (default off). --ocr off never recognises. PDF pages with their own \
        text use it. Recognised text is kept in $XDG_CACHE_HOME/strips/text. Saved PDFs carry an \
        invisible text layer on every page whose text is known, so viewers and pdftotext find the \
        words; a folder save writes NNN.txt beside each picture with --text-files.

        Drop files or folders on the window: they are inserted after the page in focus.

        BORDERS (photos of pages):

        C: the border editor on the page in focus: its whole picture with the page's four corners,         found by the detector on a page not corrected yet. Drag a corner, or an edge's middle handle         (both its corners), with a loupe beside it showing the picture's own pixels; a drag that would         fold the page stops. Arrows move the corner nearest the pointer a point (Shift: ten); [ and ]         turn the page by 0.1 degree; Backspace puts the corners on the whole picture; Return applies         (the page is flattened to its true shape and its text levelled, one undo step); Esc cancels.

        Shift+C: finds and applies the page's corners in every selected picture (else the page in         focus), one undo step. Alt+C: gives the page in focus's borders (the same margins) to the         other selected pages. Corrections never change the files: re-open the editor to see the         whole picture again. Saved, a rectangle crop or a turn keeps a JPEG's own bytes; a         flattened photo is stored once as a JPEG of quality 92.

        SCANNING (SANE: USB scanners, and network ones through sane-airscan):

        Ctrl+N: scans with the last settings (or --scanner, --scan-source, --scan-dpi, --scan-mode, \
        --scan-page) after the page in focus. Each page takes its place as it starts and fills in as \
        its rows arrive; a feeder scans until it is empty. Esc stops the scan: the pages finished \
        stay, the one cut short goes. A fault (no scanner, a jam, the cover open, no paper, busy, \
        unplugged) is one line over the pages and on standard error; the pages before it stay.

        Ctrl+Shift+N: the scan panel: scanner, source, resolution, colour, grey or line art, page \
        size (Up and Down pick a row, Left and Right or a click change it, Return scans, Esc closes); \
        it remembers its choices.

        Ctrl+I: interleaves the selection (or the whole document) scanned two-sided on a one-sided \
        feeder: fronts in order, then the backs in reverse (f1 f2 f3 b3 b2 b1 becomes f1 b1 f2 b2 f3 b3).

        Every scanned page is kept in $XDG_STATE_HOME/strips/recovery as it completes, until the \
        document is saved or discarded; after a crash the next start offers them back (T or Return takes \
        them, D discards them, Esc decides later; --recover ask, take, discard or keep). Scans are \
        saved as JPEG (colour and grey) or 1-bit (line art). SANE runs in a helper process \
        (strips-scan-probe --worker), so a driver that hangs or crashes costs that process, never \
        the window.

        BATCHES (a feeder's stack of letters):

        Every page is judged as it comes near the page in focus (the window goes on to every page \
        in the background): blank (paper, noise, punch holes, a staple, the back's text showing \
        through) gets an amber corner on its thumbnail and a tag over the preview; a separator \
        sheet (a barcode, QR code or patch code such as Patch T, and nothing else) is veiled and \
        splits the batch there. The thumbnail strip shows each document's name over it and a \
        divider where it begins; Ctrl+S saves one file a document (see SAVING).

        Ctrl+Shift+B: selects the blank pages (judging any not judged yet first), so Delete removes \
        them in one undoable step.

        B: puts a document break before the page in focus, or takes the one there away (a separator \
        sheet taken away becomes an ordinary page; B again makes it a separator). Undoable.

        SAVING: a batch split into documents is saved one file a document (PDF or folder): the first \
        where asked, each later one beside it named by its separator sheet's text (with / made -), \
        else NAME-2, NAME-3, ... All or none: every document is written and checked before any gets \
        its name; a failure removes what the save wrote and names the document that failed.

        F: frame statistics overlay. S: slow motion. X: x-ray. Ctrl+R: record a GIF. Esc or Q: quit.
        """

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

        Saving is all or none: every document is written and checked under hidden names before \
        any is named; a failure removes what was written.

        On a terminal a progress bar on standard error shows the stage, the pages done, pages a \
        second and the time left; nothing when standard error is not a terminal. The documents \
        written are listed on standard output.

        EXIT STATUS: 0 when every document was written; 1 otherwise, with one line on standard \
        error for each failure (a file that cannot be read, a document that could not be saved).
        """

    static let text = """
        Prints the text of every page of the PATHs (pictures, PDFs, folders of them in name order) \
        on standard output, one form feed between pages: a PDF page's own text, else the text kept \
        in $XDG_CACHE_HOME/strips/text, else recognised by Tesseract in the --ocr languages \
        (sideways and upside-down pages are found and read the right way up). --ocr off prints only \
        PDF text (other pages are empty). A file or page that cannot be read is one line on \
        standard error and the exit status is 1; the other pages are still printed.
        """

    static let pizza = """
        KEYS AND POINTER:

        Drag or fling a half: scrolls that strip; it settles with a pizza centred.

        Click a small half: brings it to the centre.

        Up, Down: the half under the pointer moves one pizza.

        M: mix, both halves glide to another combination. D: the drum variant on or off.

        S: slow motion. X: x-ray. Ctrl+R: record a GIF. Esc or Q: quit.
        """
}
