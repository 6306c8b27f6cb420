import Testing
@testable import StripsCore
@testable import StripsPhotosFeatures
@testable import StripsPhotos

/// Scanning in the editor (issue 23), with the host's answers given by hand: Ctrl+N asks for a
/// scan numbered past every scanned page the document has had; each page takes its slot after
/// the page in focus as it starts and the focus follows it; a page cut short leaves as if it had
/// never come; edits wait while a page arrives; Escape stops the scan; Ctrl+I interleaves.
@Suite struct ScanningTests {
    func scene(_ count: Int = 5) -> PhotosScene {
        PhotosScene(documentName: "T", pages: SceneHarness.pages(Array(repeating: 0.7, count: count)), windowSize: Size(width: 800, height: 600))
    }

    func scanPage(_ n: Int, height: Double = 1414) -> Page {
        Page(id: "Scan \(n)", source: .scan(path: "/recovery/scan-\(n).png", number: n), pixelSize: Size(width: 1000, height: height))
    }

    /// Runs the scene's clock on at 60 Hz until it rests (at most `seconds`).
    func settle(_ scene: inout PhotosScene, from t: inout Double, seconds: Double = 10) {
        let end = t + seconds
        repeat {
            t += 1.0 / 60
            scene.tick(at: t)
        } while (!scene.isIdle || !scene.strips.queue.isEmpty) && t < end
    }

    func request(_ effects: [Effect]) -> ScanRequest? {
        for effect in effects { if case .start(let request)? = effect.as(ScanEffect.self) { return request } }
        return nil
    }

    @Test func ctrlNAsksForAScanNumberedPastEveryScannedPageEver() throws {
        var scene = scene()
        var t = 0.0
        let first = try #require(request(scene.handle(.key(Key(.n, ctrl: true)), at: t)))
        #expect(first.firstNumber == 1 && first.choice == nil)
        // Asked again while it runs: a line, no second scan.
        #expect(request(scene.handle(.key(Key(.n, ctrl: true)), at: t)) == nil)
        scene.handle(.host(.scan(.started(scanPage(1)))), at: t)
        scene.handle(.host(.scan(.finished(scanPage(1)))), at: t)
        scene.handle(.host(.scan(.ended(pages: 1, end: .finished))), at: t)
        settle(&scene, from: &t)
        #expect(scene.transfers.scan == nil)
        // Scan 1 deleted: the next scan still starts at 2, so undoing the delete never makes two "Scan 1".
        scene.handle(.key(Key(.delete)), at: t)
        settle(&scene, from: &t)
        #expect(!scene.pages.contains { $0.id == "Scan 1" })
        let second = try #require(request(scene.handle(.key(Key(.n, ctrl: true)), at: t)))
        #expect(second.firstNumber == 2)
    }

    @Test func aPageTakesItsSlotAfterTheFocusAsItStartsAndTheFocusFollows() throws {
        var scene = scene()
        var t = 0.0
        scene.handle(.key(Key(.right)), at: t)
        settle(&scene, from: &t)
        #expect(scene.strips.focusIndex == 1)
        _ = scene.handle(.key(Key(.n, ctrl: true)), at: t)
        scene.handle(.host(.scan(.started(scanPage(1)))), at: t)
        // At once: in the document, animating in, the scan's line naming it.
        #expect(scene.pages.map(\.id) == ["p0.png", "p1.png", "Scan 1", "p2.png", "p3.png", "p4.png"])
        guard case .activity(.animating(let transition)) = scene.interaction.shape, case .insert = transition.edit else {
            Issue.record("no insert animation")
            return
        }
        #expect(scene.transfers.scan?.arriving?.placed == "Scan 1")
        // On screen from the next frame (it grows into its slot as the gap opens, in the
        // thumbnails at once, the preview as it pages over), so rows that come at once are drawn
        // at once; the whole insert takes one phase.
        var ahead = scene
        ahead.tick(at: t + 1.0 / 60)
        let next = try #require(ahead.frame(at: t + 1.0 / 60).content as? PhotosFrame)
        let cells = next.preview.map { ($0.index, $0.alpha, $0.picture.width) } + next.thumbnails.map { ($0.index, $0.alpha, $0.frame.width) }
        let cell = try #require(cells.first { next.pages[$0.0].id == "Scan 1" }, "\(cells) \(next.pages.map(\.id))")
        #expect(cell.1 > 0 && cell.2 > 0)
        #expect(transition.duration == Tuning.defaults.editor.phaseDuration)
        #expect(scene.photosFrame?.decorations.status?.text == "Scanning page 1 (Scan 1)… (Esc stops)")
        settle(&scene, from: &t)
        #expect(scene.strips.focusIndex == 2)
        // The page completes at another height (a device that could not tell): the document and
        // its history take the final size, so undo and redo bring back the page as it is.
        scene.handle(.host(.scan(.finished(scanPage(1, height: 1200)))), at: t)
        #expect(scene.pages[2].pixelSize.height == 1200)
        scene.handle(.host(.scan(.ended(pages: 1, end: .finished))), at: t)
        settle(&scene, from: &t)
        scene.handle(.key(Key(.z, ctrl: true)), at: t)
        settle(&scene, from: &t)
        scene.handle(.key(Key(.y, ctrl: true)), at: t)
        settle(&scene, from: &t)
        #expect(scene.pages[2].id == "Scan 1" && scene.pages[2].pixelSize.height == 1200)
    }

    @Test func aFeederBatchGoesInOrderEachPageItsOwnUndoStep() throws {
        var scene = scene(3)
        var t = 0.0
        _ = scene.handle(.key(Key(.n, ctrl: true)), at: t)
        // Headless: the whole batch answered at once; the pages still come in one after another.
        for n in 1...10 {
            scene.handle(.host(.scan(.started(scanPage(n)))), at: t)
            scene.handle(.host(.scan(.finished(scanPage(n)))), at: t)
        }
        scene.handle(.host(.scan(.ended(pages: 10, end: .finished))), at: t)
        #expect(scene.pages.count == 4)  // the first is in, the others wait their turn
        settle(&scene, from: &t, seconds: 60)
        #expect(scene.pages.map(\.id) == ["p0.png"] + (1...10).map { "Scan \($0)" } + ["p1.png", "p2.png"])
        #expect(scene.strips.focusIndex == 10)
        #expect(scene.transfers.scan == nil)
        #expect(scene.document.history.undoStack.count == 10)
        #expect(scene.notices.status?.text == "Scanned 10 pages")
    }

    @Test func aPageCutShortLeavesAsIfItHadNeverComeAndThePagesBeforeStay() throws {
        var scene = scene(2)
        var t = 0.0
        _ = scene.handle(.key(Key(.n, ctrl: true)), at: t)
        for n in 1...2 {
            scene.handle(.host(.scan(.started(scanPage(n)))), at: t)
            scene.handle(.host(.scan(.finished(scanPage(n)))), at: t)
        }
        scene.handle(.host(.scan(.started(scanPage(3)))), at: t)
        settle(&scene, from: &t)
        #expect(scene.pages.map(\.id) == ["p0.png", "Scan 1", "Scan 2", "Scan 3", "p1.png"])
        let line = "scanner test:0: paper jam in the document feeder (page 3, after 40 rows)"
        scene.handle(.host(.scan(.cutShort(pageID: "Scan 3"))), at: t)
        scene.handle(.host(.scan(.ended(pages: 2, end: .fault(.verbatim(line))))), at: t)
        #expect(scene.notices.status?.text == line)
        // It leaves with the delete animation.
        guard case .activity(.animating(let transition)) = scene.interaction.shape, case .remove = transition.edit else {
            Issue.record("no delete animation")
            return
        }
        settle(&scene, from: &t)
        #expect(scene.pages.map(\.id) == ["p0.png", "Scan 1", "Scan 2", "p1.png"])
        // Never an edit of the user's: two undo steps, nothing to redo of it.
        #expect(scene.document.history.undoStack.count == 2)
        #expect(scene.document.history.redoStack.isEmpty)
        #expect(scene.isDirty)
    }

    @Test func editsWaitWhileAPageArrivesButNavigationDoesNot() throws {
        var scene = scene()
        var t = 0.0
        _ = scene.handle(.key(Key(.n, ctrl: true)), at: t)
        scene.handle(.host(.scan(.started(scanPage(1)))), at: t)
        settle(&scene, from: &t)
        #expect(scene.strips.focusIndex == 1)
        scene.handle(.key(Key(.delete)), at: t)
        scene.handle(.key(Key(.r)), at: t)
        settle(&scene, from: &t)
        #expect(scene.pages.count == 6 && scene.pages.allSatisfy { $0.rotation == 0 })
        #expect(scene.strips.queue.count == 2)
        // The page's own step goes ahead of them; then they run, on the page in focus.
        scene.handle(.host(.scan(.finished(scanPage(1)))), at: t)
        settle(&scene, from: &t)
        #expect(scene.strips.queue.isEmpty)
        #expect(!scene.pages.contains { $0.id == "Scan 1" })
        #expect(scene.pages.count == 5 && scene.pages.filter { $0.rotation == 90 }.count == 1)
        // Paging meanwhile is never held up.
        scene.handle(.key(Key(.home)), at: t)
        settle(&scene, from: &t)
        #expect(scene.strips.focusIndex == 0)
    }

    @Test func escapeStopsTheScanOnceThenClearsTheSelectionThenQuits() throws {
        var scene = scene()
        var t = 0.0
        _ = scene.handle(.key(Key(.n, ctrl: true)), at: t)
        scene.handle(.key(Key(.a, ctrl: true)), at: t)
        #expect(scene.handle(.key(Key(.escape)), at: t) == [.scan(.cancel)])
        #expect(scene.photosFrame?.decorations.status?.text == "Stopping the scan…")
        // Stopping already: a second Escape clears the selection; the scan is not asked twice.
        #expect(scene.handle(.key(Key(.escape)), at: t).isEmpty)
        #expect(scene.document.selection.isEmpty)
        scene.handle(.host(.scan(.ended(pages: 0, end: .cancelled))), at: t)
        settle(&scene, from: &t)
        #expect(scene.transfers.scan == nil)
        #expect(scene.notices.status?.text == "Scan stopped: 0 pages kept")
        scene.handle(.key(Key(.escape)), at: t)
        #expect(scene.wantsToQuit)
    }

    @Test func savingWaitsForTheScansLastPage() throws {
        var scene = scene()
        var t = 0.0
        _ = scene.handle(.key(Key(.n, ctrl: true)), at: t)
        scene.handle(.host(.scan(.started(scanPage(1)))), at: t)
        // Its file is not written yet: no save is asked for.
        #expect(scene.handle(.key(Key(.s, ctrl: true)), at: t).isEmpty)
        #expect(scene.notices.status?.text == "Not saved: scanning (save when it is done, or press Esc to stop it)")
        scene.handle(.host(.scan(.finished(scanPage(1)))), at: t)
        scene.handle(.host(.scan(.ended(pages: 1, end: .finished))), at: t)
        settle(&scene, from: &t)
        scene.judgedOrdinary(at: t)
        let effects = scene.handle(.key(Key(.s, ctrl: true)), at: t)
        guard let request = effects.first?.as(SaveRequest.self) else {
            Issue.record("no save")
            return
        }
        #expect(request.pages.map(\.id).contains("Scan 1"))
    }

    @Test func quittingWithoutSavingOnPurposeDiscardsTheKeptScans() throws {
        var scene = scene()
        var t = 0.0
        _ = scene.handle(.key(Key(.n, ctrl: true)), at: t)
        scene.handle(.host(.scan(.started(scanPage(1)))), at: t)
        scene.handle(.host(.scan(.finished(scanPage(1)))), at: t)
        scene.handle(.host(.scan(.ended(pages: 1, end: .finished))), at: t)
        settle(&scene, from: &t)
        scene.handle(.key(Key(.q)), at: t)
        #expect(scene.interaction.isAskingToQuit)
        #expect(scene.handle(.key(Key(.d)), at: t) == [.scan(.discard)])
        #expect(scene.wantsToQuit)
    }

    @Test func interleaveOrders() {
        #expect(Interleave.order(count: 6) == [0, 5, 1, 4, 2, 3])
        #expect(Interleave.order(count: 5) == [0, 4, 1, 3, 2])
        #expect(Interleave.order(count: 1) == [0])
        #expect(Interleave.order(count: 0) == [])
        // Every place once, whatever the count.
        for n in 0...40 { #expect(Interleave.order(count: n).sorted() == Array(0..<n)) }
        #expect(Interleave.edit(places: [0, 1]) == nil)
    }

    @Test func ctrlIInterleavesTheDocumentAsOneUndoableMove() throws {
        let names = ["f1", "f2", "f3", "b3", "b2", "b1"]
        let pages = names.map { Page(id: $0, path: "/x/\($0).png", pixelSize: Size(width: 700, height: 1000)) }
        var scene = PhotosScene(documentName: "T", pages: pages, windowSize: Size(width: 800, height: 600))
        var t = 0.0
        scene.handle(.key(Key(.i, ctrl: true)), at: t)
        guard case .activity(.animating(let transition)) = scene.interaction.shape, case .move = transition.edit else {
            Issue.record("no move animation")
            return
        }
        #expect(scene.pages.map(\.id) == ["f1", "b1", "f2", "b2", "f3", "b3"])
        settle(&scene, from: &t)
        #expect(scene.document.history.undoStack.count == 1)
        scene.handle(.key(Key(.z, ctrl: true)), at: t)
        settle(&scene, from: &t)
        #expect(scene.pages.map(\.id) == names)
        scene.handle(.key(Key(.y, ctrl: true)), at: t)
        settle(&scene, from: &t)
        #expect(scene.pages.map(\.id) == ["f1", "b1", "f2", "b2", "f3", "b3"])
    }

    @Test func ctrlIOnASelectionKeepsToItsPlaces() throws {
        let names = ["cover", "f1", "f2", "b2", "b1", "end"]
        let pages = names.map { Page(id: $0, path: "/x/\($0).png", pixelSize: Size(width: 700, height: 1000)) }
        var scene = PhotosScene(documentName: "T", pages: pages, windowSize: Size(width: 800, height: 600))
        var t = 0.0
        scene.document.selection = PageSelection([1, 2, 3, 4])
        scene.handle(.key(Key(.i, ctrl: true)), at: t)
        settle(&scene, from: &t)
        #expect(scene.pages.map(\.id) == ["cover", "f1", "b1", "f2", "b2", "end"])
        // The selection follows its pages.
        #expect(scene.document.selection.indices == [1, 2, 3, 4])
    }

    @Test func theScanPanelListsDevicesAndScansWithItsChoice() throws {
        var scene = scene()
        #expect(scene.handle(.key(Key(.n, ctrl: true, shift: true)), at: 0) == [.scan(.findScanners)])
        #expect(scene.capturesKeys)
        let scanners = [ScannerEntry(name: "test:0", label: "Noname frontend-tester"), ScannerEntry(name: "test:1", label: "Noname frontend-tester")]
        let last = ScanChoice(device: "test:1", source: "feeder", dpi: 310, mode: "gray")
        #expect(scene.handle(.host(.scan(.scanners(scanners, last: last))), at: 0) == [.scan(.describe("test:1"))])
        let offers = ScanOffers(sources: ["Flatbed", "Automatic Document Feeder"], modes: ["color", "gray", "lineart"],
                                resolutions: [75, 150, 300, 600], pageSizes: ["a4", "letter"])
        scene.handle(.host(.scan(.offers(device: "test:1", offers))), at: 0)
        guard case .dialog(.scanPanel(let panel), _) = scene.interaction.shape else {
            Issue.record("no panel")
            return
        }
        // The last choice, as the device offers it: its feeder, the nearest resolution.
        #expect(panel.choice == ScanChoice(device: "test:1", source: "Automatic Document Feeder", dpi: 300, mode: "gray"))
        // Down to the resolution, one step up; Return scans with it.
        scene.handle(.key(Key(.down)), at: 0)
        scene.handle(.key(Key(.down)), at: 0)
        scene.handle(.key(Key(.right)), at: 0)
        let scan = try #require(request(scene.handle(.key(Key(.return)), at: 0)))
        #expect(scan.choice?.dpi == 600 && scan.choice?.device == "test:1")
        #expect(scene.interaction.dialog == nil && scene.transfers.scan != nil)
    }

    /// Issue 41: with languages to read in, the panel's last row chooses the scanned pages'
    /// language, and each page takes it in its recipe as it takes its slot.
    @Test func theScanPanelChoosesTheLanguageTheScannedPagesAreReadIn() throws {
        var scene = scene()
        scene.setup.readingLanguages = ["eng", "rus"]
        _ = scene.handle(.key(Key(.n, ctrl: true, shift: true)), at: 0)
        let scanners = [ScannerEntry(name: "test:0", label: "Noname frontend-tester")]
        _ = scene.handle(.host(.scan(.scanners(scanners, last: ScanChoice(device: "test:0")))), at: 0)
        scene.handle(.host(.scan(.offers(device: "test:0", ScanOffers(sources: ["Flatbed"], modes: ["gray"], resolutions: [300], pageSizes: [])))), at: 0)
        guard case .dialog(.scanPanel(let panel), _) = scene.interaction.shape else {
            Issue.record("no panel")
            return
        }
        #expect(panel.rows.last == .language && panel.shown(.language) == "Automatic")
        // To the last row, two steps on: Automatic -> English -> Русский.
        for _ in 0..<5 { scene.handle(.key(Key(.down)), at: 0) }
        scene.handle(.key(Key(.right)), at: 0)
        scene.handle(.key(Key(.right)), at: 0)
        let scan = try #require(request(scene.handle(.key(Key(.return)), at: 0)))
        #expect(scan.choice?.language == "rus")
        scene.handle(.host(.scan(.started(scanPage(1)))), at: 0)
        #expect(scene.pages.first { $0.id == "Scan 1" }?.corrections.language == "rus")
        // Without recognition there is no such row.
        #expect(ScanPanel().rows == [.scanner, .source, .resolution, .mode, .pageSize])
    }

    @Test func theOfferOfEarlierScansIsADialog() throws {
        var scene = scene()
        var t = 0.0
        scene.handle(.host(.scan(.recoveryOffered(RecoveryOffer(pages: 3, when: "today", folder: "/r")))), at: t)
        #expect(scene.photosFrame?.decorations.recovery != nil)
        let take = scene.handle(.key(Key(.t)), at: t)
        #expect(take == [.scan(.recover(take: true, firstNumber: 1))])
        scene.handle(.host(.scan(.recovered((1...3).map { scanPage($0) }))), at: t)
        settle(&scene, from: &t)
        #expect(scene.pages.map(\.id) == ["p0.png", "Scan 1", "Scan 2", "Scan 3", "p1.png", "p2.png", "p3.png", "p4.png"])
        #expect(scene.isDirty)
        // Offered again and refused.
        scene.handle(.host(.scan(.recoveryOffered(RecoveryOffer(pages: 1, when: "today", folder: "/r")))), at: t)
        #expect(scene.handle(.key(Key(.d)), at: t) == [.scan(.recover(take: false, firstNumber: 0))])
        #expect(scene.interaction.dialog == nil)
        // Return answers with the highlighted button: take them.
        scene.handle(.host(.scan(.recoveryOffered(RecoveryOffer(pages: 2, when: "today", folder: "/r")))), at: t)
        #expect(scene.handle(.key(Key(.return)), at: t) == [.scan(.recover(take: true, firstNumber: 4))])
        #expect(scene.interaction.dialog == nil)
    }

    /// Pages taken with the camera are kept and offered back as scans are, and named for what they are.
    @Test func theOfferNamesPagesTakenWithTheCamera() throws {
        #expect(RecoveryOffer.phrase(pages: 1, camera: 0) == "1 scanned page")
        #expect(RecoveryOffer.phrase(pages: 3, camera: 3) == "3 pages taken with the camera")
        #expect(RecoveryOffer.phrase(pages: 3, camera: 1) == "2 scanned pages and 1 taken with the camera")
        var scene = scene()
        scene.handle(.host(.scan(.recoveryOffered(RecoveryOffer(pages: 2, camera: 2, when: "today", folder: "/r")))), at: 0)
        let card = try #require(scene.photosFrame?.decorations.recovery)
        let lines = card.drawItems().compactMap { if case .text(let run) = $0 { run.text } else { nil } }
        #expect(lines.contains("2 pages taken with the camera from an earlier session were not saved"), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("Taken today") }, "\(lines)")
        scene.handle(.key(Key(.t)), at: 0)
        let taken = (1...2).map { Page(id: "Camera \($0)", source: .camera(path: "/r/camera-000\($0).jpg", number: $0), pixelSize: Size(width: 800, height: 1000)) }
        scene.handle(.host(.scan(.recovered(taken))), at: 0)
        #expect(scene.notices.status?.text == "Added 2 pages taken with the camera from an earlier session")
    }
}
