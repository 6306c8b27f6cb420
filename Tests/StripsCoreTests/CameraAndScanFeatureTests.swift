import Testing
@testable import StripsCore
@testable import StripsPhotosFeatures

/// The camera's, the scan's, the recovery offer's and the breaks' rooms, each reducer on its own
/// state with the facts handed in: no scene, no host, milliseconds each.
@Suite struct CameraAndScanFeatureTests {
    func taken(_ number: Int) -> Page {
        Page(id: "Camera \(number)", source: .camera(path: "/nonexistent/camera-\(number).jpg", number: number), pixelSize: Size(width: 800, height: 600))
    }

    // MARK: Camera

    @Test func theViewOpensAndClosesAsksTheHostAndTakesItsNumbersFromWhatItIsGiven() throws {
        var state: CameraView?
        #expect(described(CameraFeature.reduce(into: &state, action: .toggle(nextNumber: 4), context: .init(time: 1))) == ["\(Effect.camera(.open))"])
        #expect(state?.opened == 1 && state?.phase == .starting)
        _ = CameraFeature.reduce(into: &state, action: .news(.opened(CameraInfo(source: "/dev/video0", size: Size(width: 640, height: 480), rate: 30, label: "MJPEG"))),
                                 context: .init(time: 1.1))
        #expect(state?.isLive == true)
        // Space with a frame looked at: the take is numbered from 4, the whole frame when no page was found.
        _ = CameraFeature.reduce(into: &state, action: .news(.looked(CameraLook(frame: 7, size: Size(width: 640, height: 480), quad: nil, signature: nil))),
                                 context: .init(time: 1.2))
        #expect(described(CameraFeature.reduce(into: &state, action: .takeNow, context: .init(time: 1.3)))
            == ["\(Effect.camera(.take(CameraTake(frame: 7, quad: nil, number: 4))))"])
        #expect(described(CameraFeature.reduce(into: &state, action: .toggle(nextNumber: 9), context: .init(time: 2))) == ["\(Effect.camera(.close))"])
        #expect(state == nil)
    }

    @Test func aTakeArrivingIsInsertedOpenOrClosedAndAFailureSaysSoOnceLive() {
        var state: CameraView?
        // Closed: a page kept after the view closed is still inserted; other news changes nothing.
        #expect(described(CameraFeature.reduce(into: &state, action: .news(.taken(taken(2))), context: .init(time: 0))) == ["enqueue \(EditorCommand.insert([taken(2)]))"])
        #expect(CameraFeature.reduce(into: &state, action: .news(.failed(.verbatim("gone"))), context: .init(time: 0)).isEmpty && state == nil)
        // Open and starting: a failure is said in the view, not on the status line.
        _ = CameraFeature.reduce(into: &state, action: .toggle(nextNumber: 1), context: .init(time: 1))
        #expect(CameraFeature.reduce(into: &state, action: .news(.failed(.verbatim("no camera"))), context: .init(time: 1.1)).isEmpty)
        #expect(state?.phase == .failed("no camera"))
        // A take arriving flies (the view animates) and is inserted.
        #expect(described(CameraFeature.reduce(into: &state, action: .news(.taken(taken(1))), context: .init(time: 1.2))) == ["enqueue \(EditorCommand.insert([taken(1)]))"])
        #expect(state?.taken == 1 && state?.isAnimating == true)
        _ = CameraFeature.reduce(into: &state, action: .tick, context: .init(time: 1.2 + CameraView.flightDuration + CameraView.flashDuration))
        #expect(state?.isAnimating == false)
        // A with the view open: said on the status line.
        #expect(described(CameraFeature.reduce(into: &state, action: .toggleAutoTake, context: .init(time: 3))) == ["notice: Pages are taken with Space only"])
        #expect(state?.autoTake == false)
    }

    // MARK: The scan in progress

    @Test func aScanStartsOnceStopsOnceAndPlacesItsPagesAfterTheAnchor() throws {
        var state: ScanProgress?
        let pages = SceneHarness.pages([0.7, 0.7, 0.7])
        #expect(described(ScanFeature.reduce(into: &state, action: .start(nil, anchor: "p1.png", firstNumber: 3), context: ()))
            == ["\(Effect.scan(.start(ScanRequest(choice: nil, firstNumber: 3))))"])
        #expect(described(ScanFeature.reduce(into: &state, action: .start(nil, anchor: "p0.png", firstNumber: 3), context: ())) == ["notice: Already scanning… (Esc stops it)"])
        let scanned = Page(id: "Scan 3", source: .scan(path: "/nonexistent/scan-3.png", number: 3), pixelSize: Size(width: 500, height: 700))
        // The host's news queues the steps; each step, in its turn, is placed among the pages.
        #expect(described(ScanFeature.reduce(into: &state, action: .update(.started(scanned)), context: ())) == ["enqueue \(EditorCommand.scan(.started(scanned)))"])
        #expect(described(ScanFeature.reduce(into: &state, action: .step(.started(scanned), pages: pages, focus: 0), context: ())) == ["arriving Scan 3 at 2"])
        #expect(state?.arriving?.placed == "Scan 3")
        #expect(described(ScanFeature.reduce(into: &state, action: .cancel, context: ())) == ["\(Effect.scan(.cancel))"])
        #expect(ScanFeature.reduce(into: &state, action: .cancel, context: ()).isEmpty)
        // Cut short: withdrawn; the next page goes where it was.
        let withPage = Array(pages[..<2]) + [scanned] + [pages[2]]
        #expect(described(ScanFeature.reduce(into: &state, action: .step(.cutShort(pageID: "Scan 3"), pages: withPage, focus: 2), context: ())) == ["withdraw Scan 3 at 2"])
        _ = ScanFeature.reduce(into: &state, action: .withdrew(2, pages: withPage), context: ())
        #expect(state?.anchor == "p1.png")
        #expect(described(ScanFeature.reduce(into: &state, action: .update(.ended(pages: 0, end: .cancelled)), context: ()))
            == ["notice: Scan stopped: 0 pages kept", "enqueue \(EditorCommand.scan(.ended))"])
        #expect(state?.isRunning == false)
        #expect(ScanFeature.reduce(into: &state, action: .step(.ended, pages: pages, focus: 0), context: ()).isEmpty && state == nil)
        // No scan: news of pages changes nothing.
        #expect(ScanFeature.reduce(into: &state, action: .update(.started(scanned)), context: ()).isEmpty)
    }

    @Test func aFinishedPageReplacesTheOneArrivingUnderItsPlacesName() {
        var state: ScanProgress? = ScanProgress(anchor: nil)
        let pages = SceneHarness.pages([0.7])
        // A page of that name is there already: the scanned one takes a name of its own.
        let scanned = Page(id: "p0.png", path: "/nonexistent/scan.png", pixelSize: Size(width: 500, height: 700))
        let arriving = described(ScanFeature.reduce(into: &state, action: .step(.started(scanned), pages: pages, focus: 0), context: ()))
        let placed = state?.arriving?.placed ?? ""
        #expect(placed != "p0.png" && arriving == ["arriving \(placed) at 1"])
        var done = scanned
        done.pixelSize = Size(width: 500, height: 720)
        var shown = pages
        shown.append(Page(id: placed, path: "/nonexistent/scan.png", pixelSize: Size(width: 500, height: 700)))
        #expect(described(ScanFeature.reduce(into: &state, action: .step(.finished(done), pages: shown, focus: 1), context: ())) == ["replace 1 with \(placed)"])
        #expect(state?.finished == 1 && state?.arriving == nil)
    }

    // MARK: The recovery offer

    @Test func anOfferOfPagesIsUpUntilAnsweredAndTakingThemNumbersThemFromWhatIsGiven() {
        var state: RecoveryOffer?
        _ = RecoveryFeature.reduce(into: &state, action: .offered(RecoveryOffer(pages: 0, when: "now", folder: "/x")), context: ())
        #expect(state == nil)
        let offer = RecoveryOffer(pages: 3, camera: 1, when: "now", folder: "/x")
        _ = RecoveryFeature.reduce(into: &state, action: .offered(offer), context: ())
        #expect(state == offer)
        #expect(described(RecoveryFeature.reduce(into: &state, action: .answer(.take, firstNumber: 5), context: ()))
            == ["\(Effect.scan(.recover(take: true, firstNumber: 5)))"])
        #expect(state == nil)
        #expect(described(RecoveryFeature.reduce(into: &state, action: .answer(.discard, firstNumber: 5), context: ()))
            == ["\(Effect.scan(.recover(take: false, firstNumber: 0)))"])
        #expect(RecoveryFeature.reduce(into: &state, action: .answer(.later, firstNumber: 5), context: ()).isEmpty)
        let back = [taken(1)] + SceneHarness.pages([0.7])
        #expect(described(RecoveryFeature.reduce(into: &state, action: .recovered(back), context: ()))
            == ["enqueue \(EditorCommand.insert(back))", "notice: Added 1 scanned page and 1 taken with the camera from an earlier session"])
        #expect(RecoveryFeature.reduce(into: &state, action: .recovered([]), context: ()).isEmpty)
    }

    // MARK: Breaks

    @Test func bPutsABreakTakesItAwayAndNeverBeforeTheFirstPage() {
        var state = BatchesState()
        var pages = SceneHarness.pages([0.7, 0.7, 0.7])
        #expect(described(BatchesFeature.reduce(into: &state, action: .toggleBreak(at: 0, pages: pages), context: ()))
            == ["notice: The first page always begins the first document"])
        let put = BatchesFeature.reduce(into: &state, action: .toggleBreak(at: 2, pages: pages), context: ())
        #expect(described(put) == ["notice: A new document begins at p2.png", "edit \(Edit.breaks([BreakChange(index: 2, before: .asFound, after: .before)]))"])
        pages[2].documentBreak = .before
        #expect(described(BatchesFeature.reduce(into: &state, action: .toggleBreak(at: 2, pages: pages), context: ()))
            == ["notice: The break before p2.png is taken away", "edit \(Edit.breaks([BreakChange(index: 2, before: .before, after: .asFound)]))"])
    }
}
