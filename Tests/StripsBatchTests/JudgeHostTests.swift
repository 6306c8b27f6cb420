import Foundation
import StripsCore
import StripsPhotosFeatures
import StripsPictures
import StripsSampleBatches
import XCTest
@testable import StripsBatch

/// The judging host as the window and scripts use it: a script's answers at once and in order;
/// the window's from a worker, through `poll`, with a wake for each.
final class JudgeHostTests: XCTestCase {
    private var folder = ""
    private var pages: [Page] = []
    private var reader = PageReader()

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("strips-judge-host-\(UUID().uuidString)").path
        let sheets = [SampleSheet(.blank([.noise]), seed: 1), SampleSheet(.nearBlank(.word("Copy"), [.noise]), seed: 2),
                      SampleSheet(.separator(.qr("Lease"), caption: false, [.noise]), seed: 3)]
        let paths = try XCTUnwrap(SampleBatch.write(sheets, dpi: 100, to: folder))
        pages = DocumentLoader.pages(for: paths, reader: reader) { XCTFail($0) }
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    private func check(_ answers: [JudgedPage], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(answers.map(\.key), pages.map(\.textKey), file: file, line: line)
        XCTAssertEqual(answers.map(\.judgement.blank), [true, false, false], file: file, line: line)
        XCTAssertEqual(answers.map { $0.judgement.separator?.text }, [nil, nil, "Lease"], file: file, line: line)
    }

    func testAScriptIsAnsweredAtOnceInOrder() {
        let host = JudgeHost(judge: PageJudge(reader: reader), executor: InlineExecutor())
        guard let answers = host.run(JudgeRequest(pages: pages)).first?.as(JudgedPages.self)?.pages else { return XCTFail("no answer") }
        check(answers)
        XCTAssertTrue(host.poll().isEmpty)
    }

    func testTheWindowIsAnsweredThroughPollWithAWakeForEach() {
        let woken = expectation(description: "a wake for each page")
        woken.expectedFulfillmentCount = pages.count
        let host = JudgeHost(judge: PageJudge(reader: reader), executor: WorkerExecutor(wake: { woken.fulfill() }))
        defer { host.stop() }
        XCTAssertTrue(host.run(JudgeRequest(pages: pages, urgent: true)).isEmpty, "nothing at once in the window")
        wait(for: [woken], timeout: 60)
        var answers: [JudgedPage] = []
        for event in host.poll() { answers += event.as(JudgedPages.self)?.pages ?? [] }
        check(answers)
        // Asked again: answered from memory.
        _ = host.run(JudgeRequest(pages: [pages[2]]))
    }
}
