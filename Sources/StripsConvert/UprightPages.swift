import StripsBatch
import StripsCore
import StripsPhotosFeatures
import StripsLooks
import StripsPictures
import StripsText

/// Pages turned upright by themselves (`strips convert --rotate auto`): Tesseract's orientation
/// detection (`PageOSD`) on the page's writing, its letters at the size OSD reads best
/// (`PageJudge.textReading`, `WrittenArea`). A page it reads turned with a confidence of
/// `checkedConfidence` or more is read again turned that way: when it then reads upright, it is
/// turned; otherwise, and for any page it is unsure of, it stays as it is (first do no harm). On
/// the real corpus the check turns the pages lying a quarter turn clockwise that Tesseract reads
/// right but with a confidence of 1.1 to 1.7, and refuses the turn of a receipt read "upside down"
/// at 2.2 that was lying a quarter turn (docs/REAL-PAGES.md). Safe to call from many threads: each
/// takes a reader of its own from a pool (a Tesseract engine belongs to one thread at a time).
public final class UprightPages: @unchecked Sendable {
    private let judge: PageJudge
    private let pool = Locked<[PageOSD]>([])

    public init(judge: PageJudge) { self.judge = judge }

    /// Which way up `page` is: the clockwise quarter turns that make it upright (0 to leave it:
    /// upright, unsure, no text to tell by, osd not installed) and what detection found; nil when
    /// the picture cannot be read.
    /// `working`: the judges' small decode of the page, when made already (`PageJudge.workingPicture`).
    public func settle(_ page: Page, working: PageJudge.Working? = nil) -> SettledOrientation? {
        guard let (picture, ppi) = judge.textReading(page, working: working) else { return nil }
        let (turns, reading) = decide(picture, pixelsPerInch: ppi)
        return SettledOrientation(quarterTurns: turns, found: reading?.orientation)
    }

    /// What the window shows of the decision on `page` (`UprightFinding`: the turns, 0 to leave
    /// it, and the confidence they were decided with); nil when there is no text to tell by.
    public func finding(_ page: Page, working: PageJudge.Working? = nil) -> UprightFinding? {
        guard let (picture, ppi) = judge.textReading(page, working: working) else { return nil }
        let (turns, reading) = decide(picture, pixelsPerInch: ppi)
        guard let reading else { return nil }
        return UprightFinding(turns: turns, confidence: reading.orientationConfidence, checked: turns != 0)
    }

    /// The quarter turns that make `picture` upright (0: leave it), and the reading that decided.
    public func decide(_ picture: PixelBuffer, pixelsPerInch: Double) -> (turns: Int, reading: PageOSD.Reading?) {
        guard let reading = read(picture, pixelsPerInch: pixelsPerInch) else { return (0, nil) }
        let found = reading.orientation
        // Every turn is checked, the sure ones too: a held-out receipt lying a quarter turn read
        // "upside down" at confidence 2.2 (script "Arabic"), and turned so it read turned again.
        if found.quarterTurnsToUpright != 0, found.confidence >= Self.checkedConfidence,
           confirmedUpright(PictureTurn.turned(picture, quarterTurns: found.quarterTurnsToUpright), pixelsPerInch: pixelsPerInch) {
            return (found.quarterTurnsToUpright, reading)
        }
        if found.quarterTurnsToUpright == 0, found.confidence >= Self.checkedConfidence { return (0, reading) }
        return lyingOnASide(picture, pixelsPerInch: pixelsPerInch) ?? (0, reading)
    }

    /// A page whose lines run down the picture, which OSD read unsure or wrong: receipts lying a
    /// quarter turn read "Arabic" at 0.6 to 1.3 (the same receipts upright or upside down read 3.7
    /// to 8). Turned a quarter so its lines run across, OSD has only up from down to tell, which it
    /// tells surely; the turn that follows is checked as any other. Nil when the lines do not run
    /// down or the reading turned is unsure.
    func lyingOnASide(_ picture: PixelBuffer, pixelsPerInch: Double) -> (turns: Int, reading: PageOSD.Reading?)? {
        guard WrittenArea(picture, pixelsPerInch: pixelsPerInch)?.lines == .down else { return nil }
        let quarter = PictureTurn.turned(picture, quarterTurns: 1)
        guard var reading = read(quarter, pixelsPerInch: pixelsPerInch), reading.orientation.confidence >= Self.checkedConfidence else { return nil }
        let turns: Int
        switch reading.orientation.quarterTurnsToUpright {
        case 0: turns = 1
        case 2:
            guard confirmedUpright(PictureTurn.turned(picture, quarterTurns: 3), pixelsPerInch: pixelsPerInch) else { return nil }
            turns = 3
        default: return nil  // turned so its lines run across, it still reads lying on a side
        }
        // What was found, said of the page as it lies.
        reading.orientation.quarterTurnsToUpright = turns
        return (turns, reading)
    }

    /// Whether `picture` (a page turned as a reading said) reads upright, surely.
    private func confirmedUpright(_ picture: PixelBuffer, pixelsPerInch: Double) -> Bool {
        guard let again = read(picture, pixelsPerInch: pixelsPerInch)?.orientation else { return false }
        return again.quarterTurnsToUpright == 0 && again.confidence >= Self.checkedConfidence
    }

    /// From this confidence a turn is considered, and checked by reading the page again turned;
    /// the reading turned must be upright with this confidence too.
    public static let checkedConfidence = 1.0

    /// What orientation detection finds on `picture`.
    public func read(_ picture: PixelBuffer, pixelsPerInch: Double) -> PageOSD.Reading? {
        guard let osd = pool.withLock({ $0.popLast() }) ?? PageOSD() else { return nil }
        defer { pool.withLock { $0.append(osd) } }
        return osd.read(picture, dpi: pixelsPerInch, asGiven: true)
    }
}
