import StripsPictures

/// A page's parameters as the device reports them after `sane_start` (never before: drivers
/// may guess until the scan starts, SANE's test backend's `fuzzy-parameters` among them).
public struct ScanPageFormat: Hashable, Sendable {
    public enum Frame: Hashable, Sendable {
        case gray, rgb
        /// One colour of a three-pass scan: the page comes as three frames, one a colour.
        case red, green, blue
    }

    /// Pixels a row.
    public var width: Int
    /// Rows, or -1 when the device cannot know (hand scanners, some sheet-feeders): the page
    /// ends when the data does.
    public var height: Int
    /// Bits a sample the device sends (1, 8 or 16); pages are always delivered at 8.
    public var depth: Int
    /// The first frame's format (a three-pass page reports `.red` or whichever comes first).
    public var frame: Frame
    /// Bytes a row as sent (can be more than the pixels need: padding is dropped).
    public var bytesPerLine: Int

    /// The delivered picture's format: grey for grey and line art, RGB for colour.
    public var pixelFormat: PixelBuffer.Format { frame == .gray ? .grey : .rgb }
    public var isThreePass: Bool { frame != .gray && frame != .rgb }
    public var heightIsKnown: Bool { height >= 0 }
}

/// New rows of the page being scanned: a band of complete rows, already 8-bit, ready to be
/// drawn into the page's texture at `firstRow`.
public struct ScanRows: Sendable {
    public var page: Int
    /// The band's first row in the page.
    public var firstRow: Int
    /// `rows.height` new rows, the page's width, in the page's pixel format. In a three-pass
    /// scan, the rows of the colour frame being read, with the colours read so far (later
    /// frames fill in the other channels of the same rows).
    public var rows: PixelBuffer
    /// Rows received so far in this frame (all of them for single-pass pages).
    public var rowsSoFar: Int
    /// The three-pass frame these rows belong to (`.gray` / `.rgb` for single-pass pages).
    public var frame: ScanPageFormat.Frame
    /// When `sane_read` returned the chunk that completed these rows (monotonic): the host can
    /// measure arrival-to-screen, and the benchmark arrival-to-report.
    public var arrived: ContinuousClock.Instant
}

/// A page scanned to its end.
public struct ScannedPage: Sendable {
    /// 1-based within the session.
    public var page: Int
    /// `Scan N`: the document's name and trace id for it.
    public var name: String
    /// The whole page, 8-bit grey (grey and line art: line art is 0 or 255) or RGB.
    public var pixels: PixelBuffer
    public var format: ScanPageFormat
    /// The settings it was scanned with (the device's values).
    public var settings: ScanSettings
}

/// Why a session ended.
public enum ScanStop: Hashable, Sendable {
    /// Every page asked for: one from a flatbed, a feeder until it was empty.
    case finished
    /// `cancel()` was called.
    case cancelled
    case fault(ScanFault)
}

/// What a session reports, in order, through the callback given to `ScanSession.start`.
/// A session always ends with exactly one `.ended`; nothing comes after it.
///
///     pageStarted(1) rows(1)... pageFinished(1) [pageRecorded(1)]
///     pageStarted(2) rows(2)... pageCutShort(2)            (a cancel or a fault mid-page)
///     ended(.cancelled | .fault(...) | .finished, pages: 1)
///
/// `pageRecorded` (the page is safe in the recovery folder) comes from the recovery writer and
/// may arrive after the next page's `pageStarted`, but always before `.ended`.
public enum ScanEvent: Sendable {
    /// The device started a page: give it its slot (insert animation) with this size.
    case pageStarted(page: Int, name: String, format: ScanPageFormat)
    /// More rows arrived: draw them.
    case rows(ScanRows)
    /// The page is complete: `pixels` is the whole picture.
    case pageFinished(ScannedPage)
    /// The page will not be completed (cancelled, or a fault mid-page): take it out again
    /// (delete animation). `rowsReceived` of the rows it should have had arrived.
    case pageCutShort(page: Int, name: String, rowsReceived: Int, stop: ScanStop)
    /// The finished page is on disk in the recovery folder (written whole, flushed).
    case pageRecorded(page: Int, name: String, file: String)
    /// The finished page could not be written to the recovery folder (disk full, ...): it is in
    /// memory only. One line.
    case recoveryFailed(page: Int, name: String, line: String)
    /// The session is over: `pages` pages finished. A fault's line goes to stderr and screen.
    case ended(stop: ScanStop, pages: Int)
}
